import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { copy } from './copy';
import { Id, ImageUrl, labelled, NonBlank } from './common';
import {
  PRODUCT_CATEGORIES,
  PRODUCT_LISTINGS,
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
  SEARCH_TEXT_MAX,
  SKU,
  SKU_PROBLEM,
  STATUS_FILTERS,
  TYRE_SEASONS,
} from './catalogTerms';
import { MarketCode } from './markets';
import { EPREL, FUEL_CLASSES, NOISE_CLASSES, NOISE_DB, WET_GRIP_CLASSES } from './euLabel';
import { euLabelCopy } from './euLabelCopy';
import { AMOUNT_MAX, TEXT_MAX } from './limits';
import { SPEED_RATINGS, TYRE_SIZE } from './tyreSize';
import { VehicleSearchFields } from './vehicles';

const labels = copy.addProduct.fields;

const OneOf = <T extends string>(values: readonly T[], description: string) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    { description },
  );
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ProductCategory = OneOf(PRODUCT_CATEGORIES, 'What kind of product it is');
export const TyreSeason = OneOf(TYRE_SEASONS, 'The season a tyre is made for');
export const ProductStatus = OneOf(
  PRODUCT_STATUSES,
  'active: in the shop; retired: no longer sold (kept for the orders that name it)',
);

/** A product's stock-keeping unit (see catalogTerms' SKU). */
export const Sku = Type.String({
  ...SKU,
  title: labels.sku,
  errorMessage: { pattern: SKU_PROBLEM },
});

/** One of a few words, refused with the list of them (an enum, unlike a union of literals). */
const Word = <T extends string>(values: readonly T[], title: string, description?: string) =>
  Type.Unsafe<T>(Type.String({ enum: [...values], title, description }));

const labelWords = euLabelCopy.fields;

/**
 * The EU tyre label (Regulation (EU) 2020/740; plain values in euLabel.ts): what a tyre sold in
 * the EU must show. Only tyres carry one; null when the product has none.
 */
export const EuLabel = Type.Object(
  {
    fuel: Word(FUEL_CLASSES, labelWords.fuel, 'Fuel-efficiency (rolling-resistance) class, A best'),
    wetGrip: Word(WET_GRIP_CLASSES, labelWords.wetGrip, 'Wet-grip class, A best'),
    noiseDb: Type.Integer({
      minimum: NOISE_DB.min,
      maximum: NOISE_DB.max,
      title: labelWords.noiseDb,
      description: 'External rolling noise in dB',
    }),
    noiseClass: Word(
      NOISE_CLASSES,
      labelWords.noiseClass,
      'External rolling-noise class, A quietest',
    ),
    snow: Type.Boolean({
      title: labelWords.snow,
      description: 'The three-peak mountain snowflake: made for severe snow',
    }),
    ice: Type.Boolean({ title: labelWords.ice, description: 'Made for ice (Nordic winter tyres)' }),
    eprel: Type.Union(
      [
        Type.String({
          ...EPREL,
          title: labelWords.eprel,
          errorMessage: { pattern: euLabelCopy.eprelProblem },
        }),
        Type.Null(),
      ],
      {
        title: labelWords.eprel,
        description: "The label's registration number in EPREL, the EU's product database",
      },
    ),
  },
  {
    $id: 'EuLabel',
    title: euLabelCopy.legend,
    additionalProperties: false,
    description: 'The EU tyre label (Regulation (EU) 2020/740); tyres only',
  },
);

/** A product's label, or null (every wheel and part, and a tyre without one). */
const EuLabelOrNull = Type.Union([EuLabel, Type.Null()], {
  title: euLabelCopy.legend,
  description: 'The EU tyre label (tyres only), or null',
});

/** The sidewall's marks (tyreMarks.ts); a wheel or part has none. */
export const TyreMarks = Type.Object(
  {
    oeMark: Nullable(
      Type.String({
        description: "A car maker's OE approval: ★ BMW, MO Mercedes-Benz, AO Audi, N0–N5 Porsche …",
        examples: ['★'],
      }),
    ),
    runFlat: Type.Boolean({ description: 'Run-flat: drives on after a puncture' }),
    reinforced: Type.Boolean({ description: 'XL / reinforced: a higher load index for its size' }),
    threePeak: Type.Boolean({ description: 'The three-peak mountain snowflake (3PMSF)' }),
    mudSnow: Type.Boolean({ description: 'M+S (mud and snow)' }),
  },
  { description: 'Read from the name (the sidewall text) unless the CSV says otherwise' },
);

/**
 * A product's price on the shelf of the market a list was asked in (`market=DE`), folded into
 * the list so a page outside the US needs no second call for its prices. Left out in the US
 * market (the spec's `price` is its shelf price) and outside lists.
 */
export const ShelfPrice = Type.Object(
  {
    market: MarketCode,
    currency: Type.String({ description: 'ISO 4217, as the market sells in' }),
    minor: Type.Integer({
      description: "Minor units, as the market's shelf shows it (VAT included where it says)",
    }),
  },
  { description: 'Its shelf price in the market asked for (lists with market= only)' },
);
export type ShelfPrice = Static<typeof ShelfPrice>;

/**
 * A catalogue product: the spec's fields (`price` in dollars), then what the shop filters on
 * (null where it does not apply: a part has no size), then how the catalogue is run.
 */
export const Product = Type.Object(
  {
    _id: Id,
    name: Type.String(),
    img: Type.String({ description: 'Image URL' }),
    description: Type.String(),
    price: Type.Number({ description: 'Unit price in dollars' }),
    orderquantity: Type.Integer({ description: 'Minimum order quantity' }),
    availablequantity: Type.Integer({ description: 'Units in stock' }),
    category: ProductCategory,
    width: Nullable(Type.Integer({ description: 'Tyre width in mm' })),
    aspect: Nullable(Type.Integer({ description: 'Tyre sidewall height, % of the width' })),
    rim: Nullable(Type.Number({ description: 'Rim diameter in inches' })),
    season: Nullable(TyreSeason),
    loadIndex: Nullable(Type.Integer({ description: 'Tyre load index' })),
    speedRating: Nullable(Type.String({ description: 'Tyre speed rating (a letter)' })),
    euLabel: EuLabelOrNull,
    marks: TyreMarks,
    sku: Type.String({ description: 'Stock-keeping unit: unique, the key of the CSV import' }),
    status: ProductStatus,
    version: Type.Integer({
      minimum: 1,
      description: 'Goes up with every admin change of the fields or the status (not stock)',
    }),
    shelfPrice: Type.Optional(ShelfPrice),
  },
  { $id: 'Product' },
);
export type Product = Static<typeof Product>;

export const ProductList = Type.Array(Product);
export type ProductList = Static<typeof ProductList>;

/**
 * The answer of `GET /product`: always an array (the spec's call), the whole catalogue or one
 * page of it; `X-Total-Count` counts every product either way.
 */
/** The headers of a list of the catalogue (GET /api/product), documented where it is answered. */
export const CATALOGUE_LIST_HEADERS = {
  'X-Total-Count': Type.Integer({
    minimum: 0,
    description: 'How many products (with by=model: models) match in all',
  }),
  ETag: Type.String({
    description: 'Send it back in If-None-Match to get a 304 while unchanged',
  }),
};

export const ProductListResponse = Type.Array(Product, {
  description: 'The products, oldest first: all of them, or the page asked for',
  headers: CATALOGUE_LIST_HEADERS,
});

const PAGING = {
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 500,
      title: 'limit',
      description: 'Page size (50 when only offset is given)',
    }),
  ),
  offset: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1_000_000_000,
      title: 'offset',
      description: 'Products to skip (0 when only limit is given); past the end, the page is empty',
    }),
  ),
};

/** A query parameter that may repeat (`season=winter&season=all-season` means either). */
const AnyOf = <T extends TSchema>(item: T, description: string) =>
  Type.Optional(Type.Array(item, { maxItems: 50, title: item.title, description }));

const Dollars = (title: string, description: string) =>
  Type.Optional(Type.Number({ minimum: 0, maximum: AMOUNT_MAX, title, description }));

/**
 * What a search may ask of `GET /product` and `GET /product/facets`. With none of these (only
 * `limit`/`offset`, or nothing), the list is the spec's: oldest first, every product.
 */
export const ProductSearchFields = {
  q: Type.Optional(
    Type.String({
      maxLength: SEARCH_TEXT_MAX,
      title: 'q',
      description:
        'Words that must all be in the name or description (any case or accent; the last may ' +
        'be the start of a word); a tyre size in it (205/55 R16, 2055516, ...) matches that size',
    }),
  ),
  category: AnyOf(Word(PRODUCT_CATEGORIES, 'category'), 'Any of these categories'),
  width: AnyOf(Type.Integer({ minimum: 0, maximum: 1000, title: 'width' }), 'Tyre widths (mm)'),
  aspect: AnyOf(Type.Integer({ minimum: 0, maximum: 100, title: 'aspect' }), 'Tyre aspects (%)'),
  rim: AnyOf(Type.Number({ minimum: 0, maximum: 100, title: 'rim' }), 'Rim diameters (in)'),
  season: AnyOf(Word(TYRE_SEASONS, 'season'), 'Any of these seasons'),
  minPrice: Dollars('minPrice', 'Lowest unit price in dollars'),
  maxPrice: Dollars('maxPrice', 'Highest unit price in dollars'),
  inStock: Type.Optional(
    Type.Boolean({
      title: 'inStock',
      description: 'Only products with at least one unit to order above the order quantity',
    }),
  ),
  fuel: Type.Optional(
    Word(FUEL_CLASSES, 'fuel', 'Tyres of this EU label fuel-efficiency class or better (A best)'),
  ),
  wetGrip: Type.Optional(
    Word(WET_GRIP_CLASSES, 'wetGrip', 'Tyres of this EU label wet-grip class or better (A best)'),
  ),
  maxNoise: Type.Optional(
    Type.Integer({
      minimum: NOISE_DB.min,
      maximum: NOISE_DB.max,
      title: 'maxNoise',
      description: 'Tyres whose EU label rolling noise is at most this many dB',
    }),
  ),
  snow: Type.Optional(
    Type.Boolean({
      title: 'snow',
      description: 'true: only tyres with the snow symbol (3PMSF), on the EU label or the sidewall',
    }),
  ),
  oeMark: AnyOf(
    Type.String({ maxLength: 4, title: 'oeMark' }),
    'Tyres with any of these OE marks (★, MO, AO, N0 …)',
  ),
  runFlat: Type.Optional(Type.Boolean({ title: 'runFlat', description: 'true: run-flat tyres' })),
  reinforced: Type.Optional(
    Type.Boolean({ title: 'reinforced', description: 'true: XL (reinforced) tyres' }),
  ),
  mudSnow: Type.Optional(Type.Boolean({ title: 'mudSnow', description: 'true: M+S tyres' })),
  ...VehicleSearchFields,
};

/**
 * `by=model` lists (and counts) tyre models, each with its sizes that match, instead of sizes
 * (issue 51); sizes, the spec's products, are the default.
 */
const ListingField = {
  by: Type.Optional(
    Word(
      PRODUCT_LISTINGS,
      'by',
      'size (the default): the products; model: the tyre models with a product that matches, ' +
        'each with those products (a page then counts models, and so does X-Total-Count)',
    ),
  ),
};

/**
 * The shopper's market (`GET /markets`): a list's products carry their shelf price in it, and
 * the price filter and its facet are in its currency, shelf prices as shown (VAT included where
 * its shelves include it). Left out, or the spec's US, the list is the spec's, in dollars.
 */
export const MarketField = {
  market: Type.Optional({ ...MarketCode, title: 'market' }),
};

/** `GET /product`: the spec's whole catalogue, a page of it, or a page of a search. */
export const ProductPageQuery = Type.Object(
  {
    ...PAGING,
    ...ProductSearchFields,
    ...ListingField,
    ...MarketField,
    sort: Type.Optional(Word(PRODUCT_SORTS, 'sort')),
    status: Type.Optional(
      Type.Unsafe<(typeof STATUS_FILTERS)[number]>(
        Type.String({
          enum: [...STATUS_FILTERS],
          title: 'status',
          description:
            'active (the shop, the default); retired or all need an admin (the back office)',
        }),
      ),
    ),
  },
  { additionalProperties: false },
);
export type ProductPageQuery = Static<typeof ProductPageQuery>;

/** `GET /product/facets`: the same filters, no paging or order; `by=model` counts models. */
export const ProductFacetsQuery = Type.Object(
  { ...ProductSearchFields, ...ListingField, ...MarketField },
  { additionalProperties: false },
);
export type ProductFacetsQuery = Static<typeof ProductFacetsQuery>;

const FacetCounts = <T extends TSchema>(value: T) =>
  Type.Array(Type.Object({ value, count: Type.Integer({ minimum: 0 }) }));

/**
 * What a filter panel shows: per value, how many products would match if it were picked. The
 * counts of one facet come from every filter but its own (picking width 205 still counts the
 * other widths). Categories, seasons and the label's classes list every value; sizes and noises
 * only those that exist, and the ones picked. The label's filters keep "this or better": a fuel
 * class counts the tyres of it or better, a noise those at most that loud.
 */
export const ProductFacets = Type.Object(
  {
    category: FacetCounts(ProductCategory),
    season: FacetCounts(TyreSeason),
    width: FacetCounts(Type.Integer()),
    aspect: FacetCounts(Type.Integer()),
    rim: FacetCounts(Type.Number()),
    fuel: FacetCounts(
      Word(FUEL_CLASSES, 'fuel', 'Counts the tyres of this fuel-efficiency class or better'),
    ),
    wetGrip: FacetCounts(
      Word(WET_GRIP_CLASSES, 'wetGrip', 'Counts the tyres of this wet-grip class or better'),
    ),
    maxNoise: FacetCounts(
      Type.Integer({
        description:
          'A rolling noise in dB some label has (and the one picked); counts the tyres at most that loud',
      }),
    ),
    snow: Type.Integer({
      minimum: 0,
      description: 'How many tyres have the snow symbol (3PMSF)',
    }),
    oeMark: FacetCounts(
      Type.String({ description: 'An OE mark some tyre has (and the ones picked)' }),
    ),
    runFlat: Type.Integer({ minimum: 0, description: 'How many tyres are run-flat' }),
    reinforced: Type.Integer({ minimum: 0, description: 'How many tyres are XL (reinforced)' }),
    mudSnow: Type.Integer({ minimum: 0, description: 'How many tyres are M+S' }),
    price: Type.Union([
      Type.Object({ min: Type.Number(), max: Type.Number() }, { description: 'In dollars' }),
      Type.Null({ description: 'No product matches the other filters' }),
    ]),
    suggestion: Type.Union(
      [
        Type.String({
          description:
            'Nothing matches and a word of the search finds nothing: the search with each such ' +
            'word replaced by the closest word of the catalogue ("Did you mean")',
        }),
        Type.Null({ description: 'Something matches, or no close word exists' }),
      ],
      { examples: ['battery'] },
    ),
  },
  { $id: 'ProductFacets' },
);
export type ProductFacets = Static<typeof ProductFacets>;

const SizeNumber = (range: { min: number; max: number }, description: string) =>
  Type.Integer({ minimum: range.min, maximum: range.max, title: labels.size, description });

const Count = (title: string) => Type.Integer({ minimum: 0, maximum: AMOUNT_MAX, title });

/**
 * The fields an admin sends for a product, each rule written once: `POST /product` and
 * `PATCH /product/{id}` (contract/productChanges.ts) take them, the CSV import checks rows by
 * them. The stock count is the create call's alone: afterwards stock moves by increments.
 */
export const ProductFields = {
  name: NonBlank(TEXT_MAX.productName, labels.name),
  description: NonBlank(TEXT_MAX.description, labels.description),
  price: Type.Number({ minimum: 0, maximum: AMOUNT_MAX, title: labels.price }),
  orderquantity: Count(labels.orderQuantity),
  img: labelled(ImageUrl, labels.image),
  sku: Sku,
  category: Word(PRODUCT_CATEGORIES, labels.category),
  width: SizeNumber(TYRE_SIZE.width, 'Tyre width in mm'),
  aspect: SizeNumber(TYRE_SIZE.aspect, 'Tyre sidewall height, % of the width'),
  rim: Type.Number({ ...TYRE_SIZE.rim, title: labels.size, description: 'Rim in inches' }),
  season: Word(TYRE_SEASONS, labels.season),
  loadIndex: SizeNumber(TYRE_SIZE.loadIndex, 'Tyre load index'),
  speedRating: Word(SPEED_RATINGS, labels.size),
  euLabel: EuLabelOrNull,
};

/**
 * `POST /product`. The spec's form sends `availableauantity` (sic); `availablequantity` is
 * accepted too. Exactly one of them is needed.
 */
export const CreateProductBody = Type.Object(
  {
    name: ProductFields.name,
    description: ProductFields.description,
    price: ProductFields.price,
    orderquantity: ProductFields.orderquantity,
    availableauantity: Type.Optional(Count(labels.availableQuantity)),
    availablequantity: Type.Optional(Count(labels.availableQuantity)),
    img: ProductFields.img,
    // Left out, they are read from the name (a size and season words make it a tyre).
    category: Type.Optional(ProductFields.category),
    width: Type.Optional(ProductFields.width),
    aspect: Type.Optional(ProductFields.aspect),
    rim: Type.Optional(ProductFields.rim),
    season: Type.Optional(ProductFields.season),
    loadIndex: Type.Optional(ProductFields.loadIndex),
    speedRating: Type.Optional(ProductFields.speedRating),
    // Left out or null, no label.
    euLabel: Type.Optional(ProductFields.euLabel),
    sku: Type.Optional(ProductFields.sku),
  },
  { additionalProperties: false },
);
export type CreateProductBody = Static<typeof CreateProductBody>;
