import { asc, eq, inArray } from 'drizzle-orm';
import { PICTURE_SEPARATOR } from '../../../contract/catalogTerms';
import { MODEL_PICTURES_MAX } from '../../../contract/models';
import type { Db } from '../db/client';
import { modelPictures } from '../db/schema';
import { DomainError, Invalid } from '../domainErrors';
import type { HostName } from '../environment/hostName';
import {
  assertPictureOfThisStore,
  imagePath,
  saveUpload,
  type ImagePolicy,
} from '../images/imageTable';
import { fetchRemotePicture, remotePictureProblem } from '../images/remotePicture';
import { reencode } from '../images/reencode';
import {
  appendPicture,
  deletePicture,
  listPictures,
  lockModel,
  writeOrder,
} from '../models/modelPictureTable';
import type { DbOrTx } from './productTable';

/**
 * The `pictures` column of the catalogue's CSV (issue 51): a product's model's gallery as
 * addresses separated by PICTURE_SEPARATOR. The export writes it; on import a filled cell makes
 * the gallery those pictures in that order (an empty cell changes nothing). The store's own
 * addresses are taken as they are; another host's only if PICTURE_HOSTS names it, fetched and
 * re-encoded like an upload.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The cell of a gallery. */
export const pictureCell = (urls: readonly string[]) => urls.join(` ${PICTURE_SEPARATOR} `);

/** A cell's addresses in order, or the problem in words. */
export function readPictureCell(text: string): string[] | string {
  const urls = text
    .split(PICTURE_SEPARATOR)
    .map((url) => url.trim())
    .filter(Boolean);
  if (urls.length > MODEL_PICTURES_MAX) {
    return `pictures names ${urls.length} pictures: a model has at most ${MODEL_PICTURES_MAX}.`;
  }
  if (new Set(urls).size < urls.length) return 'pictures names the same picture twice.';
  return urls;
}

/** The addresses of each of these models' galleries, in gallery order (the export). */
export async function galleryUrlsOf(
  db: DbOrTx,
  modelIds: readonly string[],
): Promise<Map<string, string[]>> {
  const urls = new Map<string, string[]>();
  if (modelIds.length === 0) return urls;
  const rows = await db
    .select({ modelId: modelPictures.modelId, url: modelPictures.url })
    .from(modelPictures)
    .where(inArray(modelPictures.modelId, [...new Set(modelIds)]))
    .orderBy(asc(modelPictures.modelId), asc(modelPictures.position), asc(modelPictures.id));
  for (const row of rows) urls.set(row.modelId, [...(urls.get(row.modelId) ?? []), row.url]);
  return urls;
}

/** What the column needs of the store: its hosts, and the uploads' quota of the admin. */
export interface PictureSources {
  hosts: readonly HostName[];
  policy: ImagePolicy;
  uploader: string;
}

/** A picture of a gallery: its address, and the other host's it was fetched from. */
export interface GalleryPicture {
  url: string;
  source: string | null;
}

/**
 * The pictures a row's cell names, as the gallery will hold them: the store's own as they are;
 * another allowed host's fetched once and stored as an upload (a picture fetched from the same
 * address before is taken again; a dry run only checks the host). Each address is worked out
 * once per import.
 */
export function pictureResolver(db: Db, sources: PictureSources, dryRun: boolean) {
  const resolved = new Map<string, Promise<GalleryPicture>>();
  const resolveOne = async (url: string): Promise<GalleryPicture> => {
    if (url.startsWith('/')) {
      await assertPictureOfThisStore(db, url, `The picture ${url}`, 'pictures');
      return { url, source: null };
    }
    const problem = remotePictureProblem(url, sources.hosts);
    if (problem) throw new Invalid(problem);
    const [before] = await db
      .select({ url: modelPictures.url })
      .from(modelPictures)
      .where(eq(modelPictures.sourceUrl, url))
      .limit(1);
    if (before) return { url: before.url, source: url };
    if (dryRun) return { url, source: url };
    const bytes = await fetchRemotePicture(url, sources.hosts);
    const variants = await reencode(bytes, sources.uploader);
    return {
      url: imagePath(await saveUpload(db, sources.uploader, variants, sources.policy)),
      source: url,
    };
  };
  /** The gallery's pictures, or the first problem in words. */
  return async (urls: readonly string[]): Promise<GalleryPicture[] | string> => {
    try {
      return await Promise.all(
        urls.map((url) => {
          let result = resolved.get(url);
          if (!result) resolved.set(url, (result = resolveOne(url)));
          return result;
        }),
      );
    } catch (error) {
      if (error instanceof DomainError) return `pictures: ${error.message}`;
      throw error;
    }
  };
}

/** Whether a gallery of these addresses is the one the model has. */
export const sameGallery = (current: readonly string[], next: readonly GalleryPicture[]) =>
  current.length === next.length && current.every((url, i) => url === next[i]!.url);

/**
 * Makes a model's gallery exactly `pictures`, in order (the model locked): pictures it keeps
 * keep their alt text and size; new ones get `alt`.
 */
export async function writeGallery(
  tx: DbOrTx,
  modelId: string,
  pictures: readonly GalleryPicture[],
  alt: string,
): Promise<void> {
  const db = tx as Tx;
  await lockModel(db, modelId);
  const current = await listPictures(db, modelId);
  const byUrl = new Map(current.map((picture) => [picture.url, picture]));
  const urls = new Set(pictures.map((picture) => picture.url));
  for (const picture of current) {
    if (!urls.has(picture.url)) await deletePicture(db, modelId, picture.id);
  }
  const ids: string[] = [];
  for (const { url, source } of pictures) {
    const kept = byUrl.get(url);
    const id = kept
      ? kept.id
      : (await appendPicture(db, { modelId, productId: null, url, alt, sourceUrl: source })).id;
    ids.push(id);
  }
  await writeOrder(db, modelId, ids);
}
