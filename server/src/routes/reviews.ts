import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { desc } from 'drizzle-orm';
import { identityOf, type Guards } from '../auth/guards';
import { ErrorResponse } from '../contract/common';
import { CreateReviewBody, Review, ReviewList } from '../contract/reviews';
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

export const reviewRoutes: FastifyPluginAsyncTypebox<{ db: Db; guards: Guards }> = async (
  app,
  { db, guards },
) => {
  // Public: the landing page and /review show them to visitors. Newest first.
  app.get('/review', { schema: { response: { 200: ReviewList } } }, async () => {
    const rows = await db.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id));
    return rows.map(toReview);
  });

  app.post(
    '/review',
    {
      preValidation: guards.requireUser,
      schema: {
        body: CreateReviewBody,
        response: { 201: Review, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const [row] = await db
        .insert(reviews)
        .values({
          name: body.name.trim(),
          description: body.description.trim(),
          ratings: body.Ratings,
          address: body.address.trim(),
          img: body.img,
          authorEmail: identityOf(request).email,
        })
        .returning();
      if (!row) throw new Error('review insert returned nothing');
      return reply.status(201).send(toReview(row));
    },
  );
};
