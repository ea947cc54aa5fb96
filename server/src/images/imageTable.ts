import { eq, sql } from 'drizzle-orm';
import { refusals } from '../refusals';
import type { ImageSize } from '../../../contract/imageLimits';
import type { Db } from '../db/client';
import { images, imageVariants } from '../db/schema';
import { Conflict, Invalid } from '../domainErrors';
import { reencode, type Variant } from './reencode';

/** Keys the advisory lock that stores one account's uploads one at a time (any fixed number). */
const QUOTA_LOCK = 7_351_003;

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export interface ImagePolicy {
  quotaBytes: number;
  unusedSeconds: number;
}

/**
 * A record may only show pictures this store holds: its own paths, or an imgbb address it sent
 * a re-encoded picture to itself (the schema lets no other address through).
 */
export async function assertPictureOfThisStore(db: Db, url: string, label: string, field: string) {
  if (url.startsWith('/')) return;
  const [known] = await db
    .select({ id: images.id })
    .from(images)
    .where(eq(images.externalUrl, url))
    .limit(1);
  if (!known) throw new Invalid(refusals.images.notOurs(label), field);
}

/** Path of an upload in the store's own records. */
export const imagePath = (id: string) => `/api/images/${id}`;

const bytesStoredBy = async (db: Db, uploader: string) => {
  const [row] = await db
    .select({ used: sql<number>`coalesce(sum(${images.size}), 0)::int` })
    .from(images)
    .where(eq(images.uploaderEmail, uploader));
  return row?.used ?? 0;
};

const quotaFull = (used: number, policy: ImagePolicy) =>
  new Conflict(
    `Your pictures take ${megabytes(used)} of the ${megabytes(policy.quotaBytes)} one account ` +
      'may store. Pictures that no product, review or profile uses are removed after ' +
      `${Math.ceil(policy.unusedSeconds / 60)} minutes; try again then.`,
  );

/**
 * Refuses an account whose quota is already used up before its picture is decoded (or sent on
 * to imgbb): the exact check, with the picture's size, comes when it is stored.
 */
export async function assertRoomForAnotherPicture(db: Db, uploader: string, policy: ImagePolicy) {
  const used = await bytesStoredBy(db, uploader);
  if (used >= policy.quotaBytes) throw quotaFull(used, policy);
}

/**
 * Records an upload against its uploader's quota: the sizes themselves, or (imgbb) only what it
 * took. Uploads of one account take turns under a lock, so racing uploads cannot overshoot.
 */
export async function saveUpload(
  db: Db,
  uploader: string,
  variants: Variant[],
  policy: ImagePolicy,
  external: { url: string; bytes: number } | null = null,
): Promise<string> {
  const size = external ? external.bytes : variants.reduce((sum, v) => sum + v.bytes.length, 0);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, hashtext(${uploader}))`);
    const used = await bytesStoredBy(tx, uploader);
    if (used + size > policy.quotaBytes) throw quotaFull(used, policy);
    const [row] = await tx
      .insert(images)
      .values({
        contentType: 'image/webp',
        size,
        uploaderEmail: uploader,
        externalUrl: external?.url ?? null,
      })
      .returning({ id: images.id });
    if (!row) throw new Error('image insert returned nothing');
    if (!external) await insertVariants(tx, row.id, variants);
    return row.id;
  });
}

/** Picture bytes cross to the database as hex text, which Node encodes natively. */
async function insertVariants(db: Db, imageId: string, variants: Variant[]) {
  for (const v of variants) {
    await db.execute(sql`
      insert into ${imageVariants} (image_id, size, width, height, bytes)
      values (${imageId}, ${v.size}, ${v.width}, ${v.height}, decode(${v.bytes.toString('hex')}, 'hex'))
      on conflict do nothing`);
  }
}

/**
 * One size of a stored picture. A picture uploaded before re-encoding existed is re-encoded the
 * first time it is asked for (and its original bytes dropped); one that cannot be is not served.
 */
export async function findVariant(
  db: Db,
  id: string,
  size: ImageSize,
): Promise<{ bytes: Uint8Array; width: number; height: number } | null> {
  // Read back as base64, which Node decodes natively.
  const found = await db.execute(sql`
    select width, height, encode(bytes, 'base64') as base64 from ${imageVariants}
    where image_id = ${id} and size = ${size}`);
  const [variant] = (
    found as unknown as { rows: { width: number; height: number; base64: string }[] }
  ).rows;
  if (variant) {
    const { width, height, base64 } = variant;
    return { width, height, bytes: Buffer.from(base64, 'base64') };
  }

  const [legacy] = await db.select().from(images).where(eq(images.id, id));
  if (!legacy?.bytes) return null;
  let made: Variant[];
  try {
    made = await reencode(Buffer.from(legacy.bytes));
  } catch {
    return null;
  }
  await db.transaction(async (tx) => {
    await insertVariants(tx, id, made);
    await tx
      .update(images)
      .set({
        bytes: null,
        contentType: 'image/webp',
        size: made.reduce((sum, v) => sum + v.bytes.length, 0),
      })
      .where(eq(images.id, id));
  });
  return made.find((v) => v.size === size) ?? null;
}

/**
 * Deletes uploads older than `unusedSeconds` that no product, model, review or profile shows (an
 * abandoned form, a replaced profile picture), giving their bytes back to the uploader's quota.
 * Returns how many went.
 */
export async function deleteUnusedImages(db: Db, unusedSeconds: number): Promise<number> {
  const result = await db.execute(sql`
    delete from images i
    where i.created_at < now() - make_interval(secs => ${unusedSeconds})
      and not exists (select 1 from products where position(('/api/images/' || i.id::text) in img) > 0
        or (i.external_url is not null and img = i.external_url))
      and not exists (select 1 from reviews where position(('/api/images/' || i.id::text) in img) > 0
        or (i.external_url is not null and img = i.external_url))
      and not exists (select 1 from profiles where position(('/api/images/' || i.id::text) in image) > 0
        or (i.external_url is not null and image = i.external_url))
      and not exists (select 1 from model_pictures where url = '/api/images/' || i.id::text
        or (i.external_url is not null and url = i.external_url))
    returning i.id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
