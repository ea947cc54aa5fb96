import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { desc } from 'drizzle-orm';
import { identityOf, type Guards } from '../auth/guards';
import { IdempotencyHeaders } from '../contract/common';
import { CreateReviewBody, Review, ReviewList } from '../contract/reviews';
import { copy } from '../../../src/copy';
import type { Db } from '../db/client';
import { failures, publicCall, signedIn, withExample } from '../docs/describe';
import type { Idempotency } from '../http/idempotency';
import { assertPictureOfThisStore } from '../images/imageStore';
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

export const reviewRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  guards: Guards;
  idempotency: Idempotency;
}> = async (app, { db, guards, idempotency }) => {
  // Public: the landing page and /review show them to visitors. Newest first.
  app.get(
    '/review',
    {
      schema: {
        operationId: 'listReviews',
        summary: 'Every review, newest first',
        tags: ['reviews'],
        security: publicCall,
        response: { 200: ReviewList },
      },
    },
    async () => {
      const rows = await db
        .select()
        .from(reviews)
        .orderBy(desc(reviews.createdAt), desc(reviews.id));
      return rows.map(toReview);
    },
  );

  app.post(
    '/review',
    {
      preValidation: guards.requireUser,
      schema: {
        operationId: 'createReview',
        summary: 'Add a review (send an Idempotency-Key per form)',
        tags: ['reviews'],
        security: signedIn,
        headers: IdempotencyHeaders,
        body: withExample(CreateReviewBody, {
          name: 'Maria K.',
          description: 'Fitted in twenty minutes and the car is quiet on the motorway.',
          Ratings: 5,
          address: 'Springfield',
          img: '/api/images/7d3e9a1c-5b2f-4c6d-8e0a-1f4b7c9d2e53',
        }),
        response: { 201: Review, ...failures(400, 401, 422, 429) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await assertPictureOfThisStore(db, body.img, copy.review.fields.image, 'img');
      const answer = await idempotency.once(request, reply, 'POST /review', async () => {
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
        return { status: 201 as const, body: toReview(row) };
      });
      return reply.status(answer.status).send(answer.body);
    },
  );
};
