import { copy } from '../../../src/copy';

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
