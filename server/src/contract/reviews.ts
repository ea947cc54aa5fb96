import { Type, type Static } from '@sinclair/typebox';
import { copy } from '../../../src/copy';
import { Id, ImageUrl, labelled, NonBlank } from './common';
import { RATINGS, TEXT_MAX } from './limits';

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
  },
  { additionalProperties: false },
);
export type CreateReviewBody = Static<typeof CreateReviewBody>;
