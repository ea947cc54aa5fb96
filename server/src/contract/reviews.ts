import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common';

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
