import { recordAudit, type AuditActor } from '../audit/auditTrail';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { REVIEW_POSTING_LIMITS, reviewLimitMessage } from '../../../contract/limits';
import type {
  CreateReviewBody,
  ModeratedReview,
  ModelReview,
  Review,
} from '../../../contract/reviews';
import type { Db } from '../db/client';
import { products, reviews } from '../db/schema';
import { Invalid, TooMany } from '../domainErrors';
import { refusals } from '../refusals';

/**
 * The one module that reads and writes the reviews table (the image sweeper's "is this picture
 * used" aside): the public list (shown reviews, newest first, a page at a time), the moderation
 * list, a model's reviews (of all its sizes), writing a review within the account's limit,
 * hiding and showing one, and the seed's.
 */

type ReviewRow = typeof reviews.$inferSelect;

/** Keys the advisory lock under which one account's reviews are written one at a time. */
const POSTING_LOCK = 7351003;

export function toReview(row: ReviewRow): Review {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    Ratings: row.ratings,
    address: row.address,
    img: row.img,
  };
}

export function toModeratedReview(row: ReviewRow): ModeratedReview {
  return {
    ...toReview(row),
    hidden: row.hiddenAt !== null,
    authorEmail: row.authorEmail,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface Page<T> {
  items: T[];
  total: number;
}

const newestFirst = [desc(reviews.createdAt), desc(reviews.id)];

/**
 * A page of the reviews the public sees (none hidden), newest first, how many there are and
 * their average rating (null when there are none).
 */
export async function shownReviews(
  db: Db,
  limit: number,
  offset: number,
): Promise<Page<Review> & { average: number | null }> {
  const shown = isNull(reviews.hiddenAt);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(shown)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count(), average: sql<number | null>`avg(${reviews.ratings})::float8` })
      .from(reviews)
      .where(shown),
  ]);
  const average = counted?.average;
  return {
    items: rows.map(toReview),
    total: counted?.n ?? 0,
    average: average === null || average === undefined ? null : Number(average),
  };
}

function toModelReview(row: ReviewRow, sizeName: string): ModelReview {
  const { carMake, carModel, carYear } = row;
  return {
    ...toReview(row),
    size: { _id: row.productId!, name: sizeName },
    car:
      carMake !== null && carModel !== null && carYear !== null
        ? { make: carMake, model: carModel, year: carYear }
        : null,
    distanceKm: row.distanceKm,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A page of the shown reviews of every size of a model, newest first, with each one's size,
 * how many there are and their average (null when none).
 */
export async function modelReviews(
  db: Db,
  modelId: string,
  limit: number,
  offset: number,
): Promise<Page<ModelReview> & { average: number | null }> {
  const ofModel = and(isNull(reviews.hiddenAt), eq(products.modelId, modelId));
  const [rows, [counted]] = await Promise.all([
    db
      .select({ review: reviews, sizeName: products.name })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(ofModel)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count(), average: sql<number | null>`avg(${reviews.ratings})::float8` })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(ofModel),
  ]);
  const average = counted?.average;
  return {
    items: rows.map(({ review, sizeName }) => toModelReview(review, sizeName)),
    total: counted?.n ?? 0,
    average: average === null || average === undefined ? null : Number(average),
  };
}

/** A page of every review, hidden ones too, newest first: the admins' moderation list. */
export async function allReviews(
  db: Db,
  limit: number,
  offset: number,
): Promise<Page<ModeratedReview>> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(reviews)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(reviews),
  ]);
  return { items: rows.map(toModeratedReview), total: counted?.n ?? 0 };
}

/**
 * Stores a review by this account, unless it wrote as many as it may for now
 * (REVIEW_POSTING_LIMITS): then 429 saying how many, over what time, and when it may write the
 * next. One account's reviews are written one at a time under a lock, so reviews sent all at
 * once cannot pass the limit together.
 */
export async function writeReview(
  db: Db,
  author: { userId: string; email: string },
  body: CreateReviewBody,
): Promise<Review> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${POSTING_LOCK}, hashtext(${author.userId}))`,
    );
    for (const limit of REVIEW_POSTING_LIMITS) {
      // The limit-th newest review within the window: while it is there, the account is full.
      const [oldestCounted] = await tx
        .select({
          waitSeconds: sql<number>`extract(epoch from ${reviews.createdAt} + make_interval(secs => ${limit.seconds}) - now())::float8`,
        })
        .from(reviews)
        .where(
          and(
            eq(reviews.userId, author.userId),
            gt(reviews.createdAt, sql`now() - make_interval(secs => ${limit.seconds})`),
          ),
        )
        .orderBy(desc(reviews.createdAt))
        .limit(1)
        .offset(limit.reviews - 1);
      if (oldestCounted) {
        throw new TooMany(reviewLimitMessage(limit, Number(oldestCounted.waitSeconds)));
      }
    }
    if (body.productId !== undefined) {
      const [reviewed] = await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, body.productId));
      if (!reviewed) throw new Invalid(refusals.review.noProduct, 'productId');
    }
    const [row] = await tx
      .insert(reviews)
      .values({
        name: body.name.trim(),
        description: body.description.trim(),
        ratings: body.Ratings,
        address: body.address.trim(),
        img: body.img,
        authorEmail: author.email,
        userId: author.userId,
        productId: body.productId ?? null,
        carMake: body.car?.make.trim() ?? null,
        carModel: body.car?.model.trim() ?? null,
        carYear: body.car?.year ?? null,
        distanceKm: body.distanceKm ?? null,
      })
      .returning();
    if (!row) throw new Error('review insert returned nothing');
    return toReview(row);
  });
}

/** Hides a review from the public or shows it again; null when there is no such review. */
export async function setHidden(
  db: Db,
  id: string,
  hidden: boolean,
  actor: AuditActor,
): Promise<ModeratedReview | null> {
  return db.transaction(async (tx) => {
    const [was] = await tx
      .select({ hiddenAt: reviews.hiddenAt })
      .from(reviews)
      .where(eq(reviews.id, id))
      .for('update');
    const [row] = await tx
      .update(reviews)
      .set(
        hidden
          ? { hiddenAt: sql`coalesce(${reviews.hiddenAt}, now())`, hiddenBy: actor.userId }
          : { hiddenAt: null, hiddenBy: null },
      )
      .where(eq(reviews.id, id))
      .returning();
    if (!row || !was) return null;
    await recordAudit(tx, actor, [
      {
        kind: 'review',
        action: hidden ? 'hide' : 'show',
        objectType: 'review',
        objectId: id,
        before: { hidden: was.hiddenAt !== null },
        after: { hidden },
      },
    ]);
    return toModeratedReview(row);
  });
}

/** Whether any review is stored, hidden ones too: the seed fills an empty store only. */
export async function hasReviews(db: Db): Promise<boolean> {
  const [stored] = await db.select({ n: count() }).from(reviews);
  return (stored?.n ?? 0) > 0;
}

/** A review of the demo data: no account wrote it. */
export type SeedReview = Pick<
  typeof reviews.$inferInsert,
  'name' | 'description' | 'ratings' | 'address' | 'img' | 'createdAt'
>;

/** Stores the demo reviews, in one statement. */
export async function insertSeedReviews(db: Db, list: readonly SeedReview[]): Promise<void> {
  await db.insert(reviews).values([...list]);
}
