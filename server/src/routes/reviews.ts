import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { identityOf, type Guards } from '../auth/guards';
import { IdempotencyHeaders, IdParams } from '../../../contract/common';
import { MODEL_REVIEW_PAGE, REVIEW_PAGE } from '../../../contract/pageSizes';
import {
  CreateReviewBody,
  ModeratedReview,
  ModeratedReviewList,
  ModelReviewListResponse,
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
import {
  allReviews,
  modelReviews,
  setHidden,
  shownReviews,
  writeReview,
} from '../reviews/reviewTable';

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

  // Public: a tyre model's page lists the reviews of all its sizes together, a page at a time.
  app.get(
    '/models/:id/reviews',
    {
      schema: {
        operationId: 'listTyreModelReviews',
        summary: `The reviews of every size of a tyre model shown to the public, newest first (${MODEL_REVIEW_PAGE} unless limited)`,
        description:
          'Each with its size, and the car and distance driven (km) when the reviewer gave them. ' +
          'A model without reviews, or no such model, answers an empty list.',
        tags: ['reviews'],
        security: publicCall,
        params: IdParams,
        querystring: ReviewPageQuery,
        response: { 200: ModelReviewListResponse, ...failures(400) },
      },
    },
    async (request, reply) => {
      const { limit = MODEL_REVIEW_PAGE, offset = 0 } = request.query;
      const page = await modelReviews(db, request.params.id, limit, offset);
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
        description:
          "The spec's fields; a review of one tyre also names it (`productId`), and may give the " +
          "reviewer's car and how far the tyres were driven (whole km). The answer is the spec's review.",
        tags: ['reviews'],
        security: signedIn,
        headers: IdempotencyHeaders,
        body: withExample(CreateReviewBody, {
          name: 'Maria K.',
          description: 'Fitted in twenty minutes and the car is quiet on the motorway.',
          Ratings: 5,
          address: 'Springfield',
          img: '/api/images/7d3e9a1c-5b2f-4c6d-8e0a-1f4b7c9d2e53',
          productId: '3f6c2a10-8d4b-4e7a-9c1f-2b5d7e9a0c34',
          car: { make: 'VW', model: 'Golf', year: 2016 },
          distanceKm: 18000,
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
