import { Type, type Static } from '@sinclair/typebox';
import { CalendarDate } from './fitting';

/** `GET /bag/fitment`: the car the bag is for, and the day its tyres go on (today if none). */
export const BagFitmentQuery = Type.Object(
  {
    vehicle: Type.String({
      format: 'uuid',
      title: 'vehicle',
      description: "The car's id (GET /vehicles)",
      errorMessage: { format: 'is not one the store uses' },
    }),
    day: Type.Optional(CalendarDate),
  },
  { additionalProperties: false },
);
export type BagFitmentQuery = Static<typeof BagFitmentQuery>;

/** One finding of contract/fitmentRules.ts, in words. */
export const Finding = Type.Object({
  level: Type.Union([Type.Literal('refusal'), Type.Literal('warning')], {
    description: 'A refusal stops checkout for this car; a warning is advice',
  }),
  rule: Type.Union(
    ['loadIndex', 'speedRating', 'winterSpeed', 'mixedAxle', 'fourWheelDrive', 'winterLaw'].map(
      (rule) => Type.Literal(rule),
    ),
  ),
  productId: Type.Union([Type.String(), Type.Null()], {
    description: 'The bag line it is about; null for the bag as a whole',
  }),
  message: Type.String({ examples: ['This car needs load index 94 or more; this tyre is 91.'] }),
});

export const BagFitment = Type.Object({
  findings: Type.Array(Finding, { description: 'Refusals first, then warnings' }),
});
export type BagFitment = Static<typeof BagFitment>;
