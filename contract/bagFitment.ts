import { Type, type Static } from '@sinclair/typebox';
import { CalendarDate } from './fitting';
import { MarketCode } from './markets';

/** The market whose law the checks follow (a winter tyre law); left out: the spec's US. */
const FitmentMarket = Type.Optional(
  Type.String({
    ...MarketCode,
    description: "The shopper's market (GET /markets): its winter tyre law, if it has one",
  }),
);

/** `GET /bag/fitment`: the car the bag is for, the day its tyres go on (today if none), the market. */
export const BagFitmentQuery = Type.Object(
  {
    vehicle: Type.String({
      format: 'uuid',
      title: 'vehicle',
      description: "The car's id (GET /vehicles)",
      errorMessage: { format: 'is not one the store uses' },
    }),
    day: Type.Optional(CalendarDate),
    market: FitmentMarket,
  },
  { additionalProperties: false },
);
export type BagFitmentQuery = Static<typeof BagFitmentQuery>;

/** At most the lines a bag holds (contract/bag.ts's limit). */
const MAX_LINES = 30;
const LINE =
  '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}:[0-9]{1,5}';

/**
 * `GET /vehicles/{id}/fitment`: a guest's bag (kept in the browser) checked against the car, as
 * `productId:quantity` pairs separated by commas.
 */
export const LinesFitmentQuery = Type.Object(
  {
    items: Type.String({
      pattern: `^${LINE}(,${LINE}){0,${MAX_LINES - 1}}$`,
      description: 'The bag’s lines: productId:quantity, separated by commas (30 at most)',
      errorMessage: { pattern: 'must list the bag as productId:quantity, separated by commas' },
    }),
    day: Type.Optional(CalendarDate),
    market: FitmentMarket,
  },
  { additionalProperties: false },
);
export type LinesFitmentQuery = Static<typeof LinesFitmentQuery>;

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
