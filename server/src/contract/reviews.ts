import { Type, type Static } from '@sinclair/typebox';
import { Id, ImageUrl, NonBlank } from './common';

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
    name: NonBlank(100),
    description: NonBlank(2000),
    Ratings: Type.Integer({ minimum: 1, maximum: 5 }),
    address: NonBlank(300),
    img: ImageUrl,
  },
  { additionalProperties: false },
);
export type CreateReviewBody = Static<typeof CreateReviewBody>;
