import { Type, type Static } from '@sinclair/typebox';
import { MergeBagBody } from './bag';
import { Id } from './common';
import { MarketCode } from './markets';
import { MAX_CODES, PromotionCode } from './promotionCode';

export { MAX_CODES, PromotionCode };

/**
 * Promotions and discount codes (issue 49): what a promotion gives, on which lines, when, to
 * whom, how often, and how it combines with others. Money is whole minor units of the
 * promotion's market's currency; a promotion naming an amount names its market.
 */

export const PROMOTION_KINDS = [
  'percentOff',
  'amountOff',
  'buyNPayM',
  'freeFitting',
  'freeDelivery',
  'setPrice',
] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

export const PROMOTION_TARGETS = ['all', 'category', 'brand', 'season', 'products'] as const;
export type PromotionTarget = (typeof PROMOTION_TARGETS)[number];

export const PROMOTION_AUDIENCES = ['everyone', 'firstOrder', 'signedIn'] as const;
export type PromotionAudience = (typeof PROMOTION_AUDIENCES)[number];

const literals = <T extends string>(values: readonly T[]) =>
  Type.Union(values.map((value) => Type.Literal(value)));

/** A local date and time in the promotion's time zone: `2026-12-01T00:00`. */
const LocalTime = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$',
  errorMessage: { pattern: 'must be a date and time such as 2026-12-01T00:00' },
});

const Minor = Type.Integer({ minimum: 1, maximum: 10_000_000 });

/** `POST /promotions`: a new promotion (admins). */
export const PromotionBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 80, pattern: '\\S', title: 'Name' }),
    badge: Type.Optional(
      Type.String({
        maxLength: 24,
        title: 'Badge',
        description: 'Shown on product cards, e.g. "4 for 3"; left out: made from the kind',
      }),
    ),
    kind: literals(PROMOTION_KINDS),
    percent: Type.Optional(Type.Number({ minimum: 0.01, maximum: 100, title: 'Percent' })),
    amountMinor: Type.Optional(labelledMinor('Amount off')),
    buy: Type.Optional(Type.Integer({ minimum: 2, maximum: 20, title: 'Buy' })),
    pay: Type.Optional(Type.Integer({ minimum: 1, maximum: 19, title: 'Pay for' })),
    setPriceMinor: Type.Optional(labelledMinor('Set price')),
    target: literals(PROMOTION_TARGETS),
    targetValues: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 80 }), {
        maxItems: 200,
        description:
          'category: tyre, wheel, part; brand: the first word of names; season: summer, ' +
          'winter, all-season; products: ids',
      }),
    ),
    market: Type.Optional(Type.Union([MarketCode, Type.Null()])),
    minimumMinor: Type.Optional(labelledMinor('Minimum spend')),
    starts: LocalTime,
    ends: Type.Optional(Type.Union([LocalTime, Type.Null()])),
    audience: Type.Optional(literals(PROMOTION_AUDIENCES)),
    maxUses: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000, title: 'Uses' })),
    perCustomer: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1000, title: 'Uses per customer' }),
    ),
    priority: Type.Optional(Type.Integer({ minimum: -1000, maximum: 1000 })),
    exclusive: Type.Optional(Type.Boolean()),
    code: Type.Optional(Type.Union([PromotionCode, Type.Null()])),
  },
  { additionalProperties: false },
);
export type PromotionBody = Static<typeof PromotionBody>;

function labelledMinor(title: string) {
  return Type.Integer({ ...Minor, title, description: 'Minor units of the market’s currency' });
}

/** What a promotion has given so far, per currency. */
export const PromotionTotals = Type.Object({
  currency: Type.String(),
  uses: Type.Integer({ description: 'Paid checkouts it was given on' }),
  discountMinor: Type.Integer({ description: 'What it took off, together' }),
  revenueMinor: Type.Integer({ description: 'What those checkouts were charged, together' }),
});
export type PromotionTotals = Static<typeof PromotionTotals>;

export const Promotion = Type.Object({
  _id: Id,
  name: Type.String(),
  badge: Type.String({ description: 'As product cards show it' }),
  kind: literals(PROMOTION_KINDS),
  percent: Type.Union([Type.Number(), Type.Null()]),
  amountMinor: Type.Union([Type.Integer(), Type.Null()]),
  buy: Type.Union([Type.Integer(), Type.Null()]),
  pay: Type.Union([Type.Integer(), Type.Null()]),
  setPriceMinor: Type.Union([Type.Integer(), Type.Null()]),
  target: literals(PROMOTION_TARGETS),
  targetValues: Type.Array(Type.String()),
  market: Type.Union([Type.String(), Type.Null()]),
  minimumMinor: Type.Union([Type.Integer(), Type.Null()]),
  timeZone: Type.String(),
  starts: Type.String({ description: 'Local time in timeZone' }),
  ends: Type.Union([Type.String(), Type.Null()]),
  audience: literals(PROMOTION_AUDIENCES),
  maxUses: Type.Union([Type.Integer(), Type.Null()]),
  perCustomer: Type.Union([Type.Integer(), Type.Null()]),
  priority: Type.Integer(),
  exclusive: Type.Boolean(),
  code: Type.Union([Type.String(), Type.Null()]),
  endedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  state: literals(['scheduled', 'running', 'ended'] as const),
  held: Type.Integer({ description: 'Unpaid checkouts holding a use now' }),
  totals: Type.Array(PromotionTotals),
  createdAt: Type.String({ format: 'date-time' }),
});
export type Promotion = Static<typeof Promotion>;

export const PromotionList = Type.Array(Promotion);

/** `POST /promotions/check`: the shopper's bag priced with these codes (nothing is held). */
export const CodeCheckBody = Type.Object(
  {
    country: Type.String({ pattern: '^[A-Z]{2}$', title: 'Country' }),
    region: Type.Optional(Type.String({ pattern: '^[A-Z0-9]{1,3}$', title: 'State' })),
    fitted: Type.Optional(Type.Boolean({ description: 'Fitting at the shop or a centre' })),
    codes: Type.Array(PromotionCode, { maxItems: MAX_CODES }),
  },
  { additionalProperties: false },
);
export type CodeCheckBody = Static<typeof CodeCheckBody>;

/**
 * `POST /promotions/guest-check`: a guest's bag, the lines this browser keeps, with these codes.
 * Uses per customer are not known before the checkout (a guest is known by the email typed then).
 */
export const GuestCodeCheckBody = Type.Object(
  { ...CodeCheckBody.properties, items: MergeBagBody.properties.items },
  { additionalProperties: false },
);
export type GuestCodeCheckBody = Static<typeof GuestCodeCheckBody>;

export const AppliedPromotion = Type.Object({
  promotionId: Id,
  name: Type.String(),
  code: Type.Union([Type.String(), Type.Null()]),
  discountMinor: Type.Integer(),
});
export type AppliedPromotion = Static<typeof AppliedPromotion>;

export const RefusedCode = Type.Object({
  code: Type.String(),
  reason: Type.String({ description: 'Why it does not apply, in the shopper’s words' }),
});
export type RefusedCode = Static<typeof RefusedCode>;

export const CodeCheck = Type.Object({
  currency: Type.String(),
  locale: Type.String(),
  applied: Type.Array(AppliedPromotion),
  refused: Type.Array(RefusedCode),
  savingMinor: Type.Integer({ description: 'Everything the promotions take off' }),
});
export type CodeCheck = Static<typeof CodeCheck>;

/** `GET /promotions/badges?ids=`: the running automatic promotions' badges per product. */
export const BadgesQuery = Type.Object({
  ids: Type.String({ maxLength: 200 * 37, description: 'Product ids, comma-separated' }),
  market: Type.Optional(MarketCode),
});
export const Badges = Type.Record(Type.String(), Type.Array(Type.String()));
export type Badges = Static<typeof Badges>;
