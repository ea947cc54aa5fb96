import { Type, type Static } from '@sinclair/typebox';
import { Id, labelled } from './common';

/**
 * Markets (issue 46): where the store sells, in which currency and locale, whether shelf prices
 * include tax, the tax rates by region and by kind of line, and the fees and services a shop
 * charges. Money is whole minor units of the market's currency; rates are percentages.
 */

export const TAX_KINDS = ['tyres', 'parts', 'services', 'fees', 'delivery'] as const;
export type TaxKind = (typeof TAX_KINDS)[number];

/** What a priced line is: the goods of an order, a service or fee per tyre, or delivery. */
export const LINE_KINDS = [
  'goods',
  'fitting',
  'valves',
  'disposal',
  'tyreFee',
  'delivery',
  'discount',
] as const;
export type LineKind = (typeof LINE_KINDS)[number];

export const MarketCode = Type.String({
  pattern: '^[A-Z]{2}$',
  description: 'The market: US, DE or GB (GET /markets)',
  errorMessage: { pattern: 'is not a market of this store' },
});

const Rate = Type.Number({ minimum: 0, maximum: 100, description: 'A percentage: 7.25 is 7.25 %' });
const Minor = Type.Integer({ minimum: 0, maximum: 10_000_000 });

/** A rate per kind of line; a kind left out has no rate there. */
export const KindRates = Type.Object(
  {
    tyres: Type.Optional(Rate),
    parts: Type.Optional(Rate),
    services: Type.Optional(Rate),
    fees: Type.Optional(Rate),
    delivery: Type.Optional(Rate),
  } satisfies Record<TaxKind, unknown>,
  { additionalProperties: false },
);
export type KindRates = Static<typeof KindRates>;

/** The market's rates by kind, and a region's own (a US state's), which win over them. */
export const TaxRates = Type.Object(
  {
    kinds: KindRates,
    regions: Type.Record(Type.String({ pattern: '^[A-Z0-9]{1,3}$' }), KindRates),
  },
  { additionalProperties: false },
);
export type TaxRates = Static<typeof TaxRates>;

/** What a shop charges besides the goods, in the market's minor units. */
export const MarketFees = Type.Object(
  {
    fittingPerTyre: Type.Array(
      Type.Object(
        {
          upToRim: Type.Union([Type.Number({ minimum: 10, maximum: 30 }), Type.Null()], {
            description: 'The largest rim (inches) at this price; null for every larger one',
          }),
          minor: Minor,
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 10, description: 'Mounting and balancing, per tyre by rim size' },
    ),
    valvesPerTyre: labelled(Minor, 'Valves or TPMS service per tyre'),
    disposalPerTyre: labelled(Minor, 'Old-tyre disposal per tyre'),
    delivery: labelled(Minor, 'Delivery, flat per checkout'),
    tyreFeeByRegion: Type.Record(Type.String({ pattern: '^[A-Z0-9]{1,3}$' }), Minor, {
      description: 'A state’s fee per new tyre (US states that charge one)',
    }),
  },
  { additionalProperties: false },
);
export type MarketFees = Static<typeof MarketFees>;

/** How a dollar price becomes this market's when a product has no price of its own here. */
export const Conversion = Type.Object(
  {
    perDollar: Type.Number({
      minimum: 0.0001,
      maximum: 1000,
      description: 'Units per US dollar',
    }),
    ending: Type.Union([Type.Integer({ minimum: 0, maximum: 99 }), Type.Null()], {
      description: 'The minor units every converted price ends in (99 for .99); null: as converted',
    }),
  },
  { additionalProperties: false },
);
export type Conversion = Static<typeof Conversion>;

export const Market = Type.Object(
  {
    code: MarketCode,
    name: Type.String(),
    currency: Type.String({ description: 'ISO 4217 code' }),
    locale: Type.String({ description: 'BCP 47 locale of its dates, numbers and money' }),
    countries: Type.Array(Type.String({ description: 'ISO 3166-1 alpha-2' })),
    taxIncluded: Type.Boolean({ description: 'Shelf prices include tax (VAT); else tax is added' }),
    regionRequired: Type.Boolean({ description: 'Tax depends on the region (a US state)' }),
    taxRates: TaxRates,
    fees: MarketFees,
    conversion: Conversion,
  },
  { $id: 'Market' },
);
export type Market = Static<typeof Market>;

export const MarketList = Type.Array(Market);

/** `PUT /markets/:code`: an admin's rates, fees and conversion (each left out stays). */
export const MarketSettingsBody = Type.Object(
  {
    taxRates: Type.Optional(TaxRates),
    fees: Type.Optional(MarketFees),
    conversion: Type.Optional(Conversion),
  },
  { additionalProperties: false },
);
export type MarketSettingsBody = Static<typeof MarketSettingsBody>;

export const MarketParams = Type.Object({ code: labelled(MarketCode, 'Market') });
export const MarketProductParams = Type.Object({
  code: labelled(MarketCode, 'Market'),
  productId: labelled(Id, 'Product'),
});

/** `PUT /markets/:code/prices/:productId`: the product's own price here, shelf price as shown. */
export const MarketPriceBody = Type.Object(
  { minor: labelled(Minor, 'Price') },
  { additionalProperties: false },
);

/** A product's price in a market with prices of its own, as the admin's product form shows it. */
export const ProductMarketPrice = Type.Object({
  market: MarketCode,
  name: Type.String(),
  currency: Type.String(),
  locale: Type.String(),
  own: Type.Union([Type.Integer(), Type.Null()], {
    description: 'Its own price (minor units); null: the conversion rule prices it',
  }),
  converted: Type.Integer({ description: 'What the conversion rule makes of its dollar price' }),
});
export type ProductMarketPrice = Static<typeof ProductMarketPrice>;
export const ProductMarketPrices = Type.Array(ProductMarketPrice);

/**
 * `PUT /product/:id/market-prices`: own prices by market code, minor units (84.99 is 8499);
 * null takes one away (the conversion rule prices it again); a market left out stays as it is.
 */
export const ProductMarketPricesBody = Type.Object(
  {
    prices: Type.Record(
      Type.String({ pattern: '^[A-Z]{2}$' }),
      Type.Union([labelled(Minor, 'Price'), Type.Null()]),
      { maxProperties: 20, additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type ProductMarketPricesBody = Static<typeof ProductMarketPricesBody>;

export const MarketPricesQuery = Type.Object({
  ids: Type.String({
    maxLength: 37 * 200,
    description: 'Product ids, comma-separated (at most 200)',
  }),
});

/** A product's shelf price in a market: its own, or converted from its dollar price. */
export const MarketPrice = Type.Object({
  productId: Id,
  minor: Type.Integer({
    description: 'As the shelf shows it (tax included where the market says)',
  }),
  own: Type.Boolean({ description: 'Set for this market by an admin; false when converted' }),
});
export type MarketPrice = Static<typeof MarketPrice>;

export const MarketPrices = Type.Object({
  market: MarketCode,
  currency: Type.String(),
  prices: Type.Array(MarketPrice),
});
export type MarketPrices = Static<typeof MarketPrices>;

/** One priced line of a checkout. */
export const PricedLine = Type.Object({
  kind: Type.Union(LINE_KINDS.map((kind) => Type.Literal(kind))),
  taxKind: Type.Union(TAX_KINDS.map((kind) => Type.Literal(kind))),
  label: Type.String(),
  orderId: Type.Union([Id, Type.Null()], {
    description: 'The order it belongs to; null: delivery',
  }),
  quantity: Type.Integer(),
  unitMinor: Type.Integer(),
  amountMinor: Type.Integer({ description: 'quantity × unit, as the shelf shows it' }),
  taxRate: Type.Number({ description: 'Percent' }),
  taxMinor: Type.Integer({
    description: 'Its tax: in the amount where tax is included, else added',
  }),
});
export type PricedLine = Static<typeof PricedLine>;

/** A checkout priced in a market: each line, the tax per rate, and the total charged. */
export const CheckoutPricing = Type.Object({
  market: MarketCode,
  currency: Type.String(),
  locale: Type.String(),
  country: Type.String(),
  region: Type.Union([Type.String(), Type.Null()]),
  taxIncluded: Type.Boolean(),
  taxProvider: Type.String({ description: 'Who worked out the tax: store or stripe' }),
  lines: Type.Array(PricedLine),
  taxes: Type.Array(Type.Object({ rate: Type.Number(), taxMinor: Type.Integer() })),
  subtotalMinor: Type.Integer({ description: 'The lines’ amounts together' }),
  taxMinor: Type.Integer(),
  totalMinor: Type.Integer({ description: 'What the card is charged' }),
  refunded: Type.Object(
    {
      totalMinor: Type.Integer(),
      taxMinor: Type.Integer({ description: 'The tax in what was refunded, in proportion' }),
      feesMinor: Type.Integer({ description: 'Services, fees and delivery in it, in proportion' }),
    },
    { description: 'What was given back so far, split in proportion to what was charged' },
  ),
});
export type CheckoutPricing = Static<typeof CheckoutPricing>;
