import { copy } from './copy';

/**
 * The catalogue's attribute values and sort orders, defined once for the contract's schemas,
 * the search and the shop's filters. Plain values, so the SPA bundles only these.
 */

export const PRODUCT_CATEGORIES = ['tyre', 'wheel', 'part'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const TYRE_SEASONS = ['summer', 'winter', 'all-season'] as const;
export type TyreSeason = (typeof TYRE_SEASONS)[number];

/** `newest` first unless asked otherwise. */
export const PRODUCT_SORTS = ['newest', 'price-asc', 'price-desc', 'name'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** What the shop lists (issue 51): each size (the spec's products), or each tyre model. */
export const PRODUCT_LISTINGS = ['size', 'model'] as const;
export type ProductListing = (typeof PRODUCT_LISTINGS)[number];

/** The longest search text; longer is refused, not cut. */
export const SEARCH_TEXT_MAX = 200;

/** A product's tyre attributes when it is no tyre (and a tyre's that its name does not tell). */
export const NO_TYRE_ATTRIBUTES = {
  width: null,
  aspect: null,
  rim: null,
  season: null,
  loadIndex: null,
  speedRating: null,
} as const;

/** The attributes of a part: its category, and none of a tyre's. */
export const PART_ATTRIBUTES = { category: 'part', ...NO_TYRE_ATTRIBUTES } as const;

const labels = copy.addProduct.fields;

/** Said by the API and the Add Product form when a wheel or part is given a size or season. */
export const TYRES_ONLY = `${labels.size} and ${labels.season} are for tyres only: choose the tyre category or leave them empty.`;

/** Whether the shop sells a product; a retired one is kept (orders name it), never deleted. */
export const PRODUCT_STATUSES = ['active', 'retired'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Which products a list shows: the shop's (active), the retired ones, or every one (admins). */
export const STATUS_FILTERS = ['active', 'retired', 'all'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/**
 * A stock-keeping unit: the supplier's or the store's code of a product, unique, the key of
 * the CSV import. Letters, digits and `. _ / -`, starting with a letter or digit.
 */
export const SKU = { maxLength: 40, pattern: '^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$' } as const;
export const SKU_PROBLEM =
  'must be 1 to 40 letters, digits, dots, dashes, slashes or underscores, starting with a letter or digit';

/** The store's own numbers (P000123), given to products added without an SKU. */
export const STORE_SKU = /^P\d+$/i;
export const STORE_SKU_PROBLEM =
  "is one of the store's own numbers (P followed by digits): choose another, or leave it empty to get one";

/** What an admin did to a product, as its history names it. */
export const HISTORY_ACTIONS = ['create', 'edit', 'stock', 'retire', 'restore', 'import'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** A restock's reason: short words; the form suggests these. */
export const STOCK_REASON_MAX = 80;
export const STOCK_REASONS = ['delivery', 'count correction', 'damaged', 'returned'] as const;

/** Said when a stock change would leave more units than a product may have. */
export const stockAboveMax = (inStock: number, max: number) =>
  `Stock can be at most ${max.toLocaleString('en-US')} units: ${inStock.toLocaleString('en-US')} are in stock, so at most ${(max - inStock).toLocaleString('en-US')} can be added.`;

/** Said when a stock change would leave fewer than zero units. */
export const stockBelowZero = (inStock: number) =>
  `Stock cannot go below zero: ${inStock} ${inStock === 1 ? 'unit is' : 'units are'} in stock, so at most ${inStock} can be taken out.`;

/** Said of any order for a retired product, by the API and the product's page. */
export const PRODUCT_RETIRED = 'This product is no longer sold.';

/** The largest price list an admin may import: its bytes and its rows (the header aside). */
export const IMPORT_LIMITS = { bytes: 50 * 1024 * 1024, rows: 100_000 } as const;

/**
 * The columns of the catalogue's CSV, in order: the export writes them all, the import needs
 * `sku` and reads the others it finds (a new product needs the spec's fields). `version` is the
 * product's when exported: a row whose product changed since is refused, not applied over it.
 */
export const CSV_COLUMNS = [
  'sku',
  'name',
  'description',
  'price',
  'orderquantity',
  'availablequantity',
  'img',
  // The model's pictures by address, separated by PICTURE_SEPARATOR (issue 51).
  'pictures',
  'category',
  'width',
  'aspect',
  'rim',
  'season',
  'loadIndex',
  'speedRating',
  // The EU tyre label (euLabel.ts): all empty, no label; snow and ice are yes or no.
  'labelFuel',
  'labelWetGrip',
  'labelNoiseDb',
  'labelNoiseClass',
  'labelSnow',
  'labelIce',
  'labelEprel',
  // The sidewall's marks (tyreMarks.ts): empty, read from the name; runFlat … yes or no.
  'oeMark',
  'runFlat',
  'reinforced',
  'threePeak',
  'mudSnow',
  'status',
  'version',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Between the addresses of the `pictures` cell: a character no address has unencoded. */
export const PICTURE_SEPARATOR = '|';
