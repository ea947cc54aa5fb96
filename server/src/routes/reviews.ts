import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { desc } from 'drizzle-orm';
import { type Review, ReviewList } from '../contract/reviews';
import type { Db } from '../db/client';
import { reviews } from '../db/schema';

type ReviewRow = typeof reviews.$inferSelect;

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

export const reviewRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  // Public: the landing page and /review show them to visitors. Newest first.
  app.get('/review', { schema: { response: { 200: ReviewList } } }, async () => {
    const rows = await db.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id));
    return rows.map(toReview);
  });
};
