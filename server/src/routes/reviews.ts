import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { identityOf, type Guards } from '../auth/guards';
import { IdempotencyHeaders, IdParams } from '../../../contract/common';
import { REVIEW_PAGE } from '../../../contract/limits';
import {
  CreateReviewBody,
  ModeratedReview,
  ModeratedReviewList,
  Review,
  ReviewListResponse,
  ReviewPageQuery,
  ReviewVisibilityBody,
} from '../../../contract/reviews';
import { copy } from '../../../contract/copy';
import { refusals } from '../refusals';
import type { Db } from '../db/client';
import { failure, failures, publicCall, signedIn, withExample } from '../docs/describe';
import { HttpError } from '../http/errors';
import type { Idempotency } from '../http/idempotency';
import { assertPictureOfThisStore } from '../images/imageTable';
import { allReviews, setHidden, shownReviews, writeReview } from '../reviews/reviewTable';

export const reviewRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  guards: Guards;
  idempotency: Idempotency;
  /**
   * Called after this process changed the reviews: its own kept pages show them at once (other
   * processes hear of it from the database's notification, a moment later).
   */
  reviewsChanged: () => void;
}> = async (app, { db, guards, idempotency, reviewsChanged }) => {
  // Public: the landing page and /review show them to visitors, a page at a time.
  app.get(
    '/review',
    {
      schema: {
        operationId: 'listReviews',
        summary: `The reviews shown to the public, newest first, a page at a time (${REVIEW_PAGE.size} unless limited)`,
        tags: ['reviews'],
        security: publicCall,
        querystring: ReviewPageQuery,
        response: { 200: ReviewListResponse, ...failures(400) },
      },
    },
    async (request, reply) => {
      const { limit = REVIEW_PAGE.size, offset = 0 } = request.query;
      const page = await shownReviews(db, limit, offset);
      reply.header('x-total-count', String(page.total));
      if (page.average !== null) reply.header('x-average-rating', page.average.toFixed(2));
      return page.items;
    },
  );

  app.post(
    '/review',
    {
      preValidation: guards.requireUser,
      schema: {
        operationId: 'createReview',
        summary: 'Add a review (send an Idempotency-Key per form; a few per account at a time)',
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
        response: {
          201: Review,
          ...failures(400, 401, 422),
          ...failure(
            429,
            'This account wrote as many reviews as it may for now, or this client sent too many ' +
              'writes in a minute: `message` says which, and when to try again',
          ),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await assertPictureOfThisStore(db, body.img, copy.review.fields.image, 'img');
      const { userId, email } = identityOf(request);
      const answer = await idempotency.once(request, reply, 'POST /review', async () => {
        const written = await writeReview(db, { userId, email }, body);
        reviewsChanged();
        return { status: 201 as const, body: written };
      });
      return reply.status(answer.status).send(answer.body);
    },
  );

  // Admins: every review, hidden ones too, to moderate.
  app.get(
    '/review/moderation',
    {
      preValidation: guards.allow('reviews.moderate'),
      schema: {
        operationId: 'listReviewsToModerate',
        summary: 'Every review, hidden ones too, newest first, a page at a time (admins)',
        tags: ['reviews'],
        security: signedIn,
        querystring: ReviewPageQuery,
        response: { 200: ModeratedReviewList, ...failures(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { limit = REVIEW_PAGE.size, offset = 0 } = request.query;
      const page = await allReviews(db, limit, offset);
      reply.header('x-total-count', String(page.total));
      return page.items;
    },
  );

  app.patch(
    '/review/:id',
    {
      preValidation: guards.allow('reviews.moderate'),
      schema: {
        operationId: 'setReviewHidden',
        summary: 'Hide a review from the public, or show it again (admins)',
        tags: ['reviews'],
        security: signedIn,
        params: IdParams,
        body: withExample(ReviewVisibilityBody, { hidden: true }),
        response: { 200: ModeratedReview, ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const review = await setHidden(
        db,
        request.params.id,
        request.body.hidden,
        identityOf(request),
      );
      if (!review) throw new HttpError(404, refusals.review.none);
      reviewsChanged();
      return review;
    },
  );
};
