import { Type, type Static } from '@sinclair/typebox';
import { copy } from './copy';
import { Id, ImageUrl, labelled, NonBlank } from './common';
import { RATINGS, TEXT_MAX } from './limits';
import { MODEL_REVIEW_PAGE, REVIEW_PAGE } from './pageSizes';
import {
  CAR_YEAR_PROBLEM,
  DISTANCE_DRIVEN_KM,
  REVIEW_CAR,
  REVIEW_DRIVING_LABELS as labels,
} from './reviewDriving';

/** A customer review as the spec names its fields (`Ratings` capitalised). */
export const Review = Type.Object(
  {
    _id: Id,
    name: Type.String(),
    description: Type.String(),
    Ratings: Type.Integer({ minimum: 1, maximum: 5 }),
    address: Type.String(),
    img: Type.String({ description: 'Image URL' }),
  },
  { $id: 'Review' },
);
export type Review = Static<typeof Review>;

export const ReviewList = Type.Array(Review);
export type ReviewList = Static<typeof ReviewList>;

const totalHeader = (what: string) => ({
  'X-Total-Count': Type.Integer({ minimum: 0, description: `How many ${what} there are in all` }),
});

/**
 * The answer of `GET /review`: the spec's array, one page of the reviews shown to the public,
 * newest first; `X-Total-Count` counts all of them, so a client can page.
 */
const shownPageHeaders = {
  ...totalHeader('reviews shown to the public'),
  'X-Average-Rating': Type.String({
    pattern: '^[1-5]\\.[0-9]{2}$',
    description: 'Their average rating, to two decimals (left out while there are none)',
  }),
};

export const ReviewListResponse = Type.Array(Review, {
  description: `The reviews, newest first: the page asked for (${REVIEW_PAGE.size} unless limited)`,
  headers: shownPageHeaders,
});

/** Which page of reviews: `limit` of them (at most REVIEW_PAGE.max) from `offset` on. */
export const ReviewPageQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: REVIEW_PAGE.max,
        title: 'limit',
        description: `Reviews on the page (${REVIEW_PAGE.size} unless given, at most ${REVIEW_PAGE.max})`,
      }),
    ),
    offset: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 1_000_000_000,
        title: 'offset',
        description: 'Reviews to skip, newest first; past the end, the page is empty',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ReviewPageQuery = Static<typeof ReviewPageQuery>;

/** A review as the moderation list shows it to admins: who wrote it, when, and whether shown. */
export const ModeratedReview = Type.Object(
  {
    ...Review.properties,
    hidden: Type.Boolean({ description: 'Hidden by an admin: shown to nobody but admins' }),
    authorEmail: Type.Union([Type.String(), Type.Null()], {
      description: 'Who wrote it (null for the reviews the store was seeded with)',
    }),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'ModeratedReview' },
);
export type ModeratedReview = Static<typeof ModeratedReview>;

export const ModeratedReviewList = Type.Array(ModeratedReview, {
  description: 'Every review, hidden ones too, newest first: the page asked for',
  headers: totalHeader('reviews'),
});
export type ModeratedReviewList = Static<typeof ModeratedReviewList>;

/** Hides a review from the public, or shows it again. */
export const ReviewVisibilityBody = Type.Object(
  { hidden: Type.Boolean({ title: 'Hidden' }) },
  { additionalProperties: false },
);
export type ReviewVisibilityBody = Static<typeof ReviewVisibilityBody>;

/** The reviewer's car: all three or none. */
export const ReviewCar = Type.Object(
  {
    make: NonBlank(REVIEW_CAR.textMax, labels.carMake),
    model: NonBlank(REVIEW_CAR.textMax, labels.carModel),
    year: Type.Integer({
      minimum: REVIEW_CAR.years.min,
      maximum: REVIEW_CAR.years.max,
      title: labels.carYear,
      errorMessage: { minimum: CAR_YEAR_PROBLEM, maximum: CAR_YEAR_PROBLEM },
    }),
  },
  { additionalProperties: false, title: labels.car },
);
export type ReviewCar = Static<typeof ReviewCar>;

/** How far the tyres were driven, in whole km (the form converts miles). */
const DistanceKm = Type.Integer({
  minimum: DISTANCE_DRIVEN_KM.min,
  maximum: DISTANCE_DRIVEN_KM.max,
  title: labels.distance('km'),
});

export const CreateReviewBody = Type.Object(
  {
    name: NonBlank(TEXT_MAX.personName, copy.review.fields.name),
    description: NonBlank(TEXT_MAX.description, copy.review.fields.description),
    Ratings: Type.Integer({
      minimum: RATINGS.min,
      maximum: RATINGS.max,
      title: copy.review.fields.ratings,
    }),
    address: NonBlank(TEXT_MAX.address, copy.review.fields.address),
    img: labelled(ImageUrl, copy.review.fields.image),
    // Beyond the spec's form, each optional (issue 51): a review of one tyre, with the driving.
    productId: Type.Optional(labelled(Id, labels.product)),
    car: Type.Optional(ReviewCar),
    distanceKm: Type.Optional(DistanceKm),
  },
  { additionalProperties: false },
);
export type CreateReviewBody = Static<typeof CreateReviewBody>;

/**
 * A review of one size of a model, as the model's page lists it: the spec's fields, which size,
 * and the car and distance driven when the reviewer gave them.
 */
export const ModelReview = Type.Object(
  {
    ...Review.properties,
    size: Type.Object({ _id: Id, name: Type.String({ description: 'The size as sold' }) }),
    car: Type.Union([ReviewCar, Type.Null()]),
    distanceKm: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
      description: 'How far the tyres were driven, in km (null: not given)',
    }),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'ModelReview' },
);
export type ModelReview = Static<typeof ModelReview>;

export const ModelReviewListResponse = Type.Array(ModelReview, {
  description: `The reviews of every size of the model, newest first (${MODEL_REVIEW_PAGE} unless limited)`,
  headers: shownPageHeaders,
});
export type ModelReviewList = Static<typeof ModelReviewListResponse>;
