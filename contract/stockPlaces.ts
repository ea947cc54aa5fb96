import { Type, type Static } from '@sinclair/typebox';
import { Id, NonBlank } from './common';
import { DEFAULT_LEAD_DAYS } from './appointments';

/**
 * Where the stock is (issue 48): places (a warehouse, or a fitting centre's own shelf), which
 * products are kept where, and the days from each place to each centre. Slots start once the
 * tyres can be at the centre, so these decide the earliest fitting a shopper is offered.
 */

/** The place a product is at until it is put elsewhere; it cannot be removed. */
export const MAIN_PLACE = 'MAIN';

export const STOCK_PLACE_LIMITS = {
  name: 120,
  leadDays: { min: 0, max: 60 },
  /** Products placed in one call. */
  products: 200,
  /** Products listed in one page of a place. */
  page: 100,
} as const;

export const PlaceCode = Type.String({
  pattern: '^[A-Z0-9][A-Z0-9-]{1,19}$',
  title: 'Code',
  description: 'The shop’s short name for the place: capitals, digits and dashes',
  examples: ['WH-NORTH'],
  errorMessage: {
    pattern: 'must be 2 to 20 capital letters, digits or dashes, as in WH-NORTH',
  },
});

export const PlaceParams = Type.Object({ code: PlaceCode });
export type PlaceParams = Static<typeof PlaceParams>;

const CentreOfPlace = Type.Union([Id, Type.Null()], {
  title: 'Centre',
  description: 'The centre whose own shelf this is; null for a warehouse',
});

/** `PUT /stock-places/:code`: a place's name, and whose shelf it is. */
export const StockPlaceBody = Type.Object(
  {
    name: NonBlank(STOCK_PLACE_LIMITS.name, 'Name'),
    centreId: CentreOfPlace,
  },
  { additionalProperties: false },
);
export type StockPlaceBody = Static<typeof StockPlaceBody>;

/** `POST /stock-places`: a new place. */
export const NewStockPlaceBody = Type.Object(
  { code: PlaceCode, ...StockPlaceBody.properties },
  { additionalProperties: false },
);
export type NewStockPlaceBody = Static<typeof NewStockPlaceBody>;

export const StockPlace = Type.Object(
  {
    code: PlaceCode,
    name: Type.String(),
    centreId: Type.Union([Id, Type.Null()]),
    /** The centre's name, for a shelf. */
    centreName: Type.Union([Type.String(), Type.Null()]),
    products: Type.Integer({ description: 'Products kept here' }),
    units: Type.Integer({ description: 'Units in stock of those products' }),
  },
  { $id: 'StockPlace' },
);
export type StockPlace = Static<typeof StockPlace>;

const LeadDays = Type.Integer({
  minimum: STOCK_PLACE_LIMITS.leadDays.min,
  maximum: STOCK_PLACE_LIMITS.leadDays.max,
  title: 'Days',
  errorMessage: {
    minimum: 'cannot be below 0',
    maximum: `cannot be over ${STOCK_PLACE_LIMITS.leadDays.max} days`,
  },
});

export const LeadTime = Type.Object({ placeCode: PlaceCode, centreId: Id, days: LeadDays });
export type LeadTime = Static<typeof LeadTime>;

/** `GET /stock-places`: everything the places page shows at once. */
export const StockPlaces = Type.Object(
  {
    places: Type.Array(StockPlace),
    /** Every centre, by name: shelves belong to them and lead times lead to them. */
    centres: Type.Array(
      Type.Object({ _id: Id, code: Type.String(), name: Type.String(), city: Type.String() }),
    ),
    leadTimes: Type.Array(LeadTime, { description: 'Those set; any other pair takes the default' }),
    defaultLeadDays: Type.Integer({
      description: `Days from a place to a centre with no lead time set (${DEFAULT_LEAD_DAYS}); a shelf to its own centre: none`,
    }),
  },
  { $id: 'StockPlaces' },
);
export type StockPlaces = Static<typeof StockPlaces>;

/** `PUT /stock-places/:code/lead-times`: the days to each centre named; null for the default. */
export const LeadTimesBody = Type.Object(
  {
    leadTimes: Type.Array(
      Type.Object(
        { centreId: Id, days: Type.Union([LeadDays, Type.Null()]) },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 1000 },
    ),
  },
  { additionalProperties: false },
);
export type LeadTimesBody = Static<typeof LeadTimesBody>;

/** `PUT /stock-places/:code/products`: these products are kept here from now on. */
export const PlaceProductsBody = Type.Object(
  {
    productIds: Type.Array(Id, {
      minItems: 1,
      maxItems: STOCK_PLACE_LIMITS.products,
      uniqueItems: true,
    }),
  },
  { additionalProperties: false },
);
export type PlaceProductsBody = Static<typeof PlaceProductsBody>;

export const PlaceProductsQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 100, description: 'Part of the name or the SKU' })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  },
  { additionalProperties: false },
);
export type PlaceProductsQuery = Static<typeof PlaceProductsQuery>;

export const PlacedProduct = Type.Object({
  _id: Id,
  name: Type.String(),
  sku: Type.String(),
  stock: Type.Integer({ description: 'Units in stock' }),
});
export type PlacedProduct = Static<typeof PlacedProduct>;

/** `GET /stock-places/:code/products`: a page of the products kept at a place. */
export const PlacedProducts = Type.Object(
  {
    total: Type.Integer(),
    products: Type.Array(PlacedProduct),
  },
  { $id: 'PlacedProducts' },
);
export type PlacedProducts = Static<typeof PlacedProducts>;
