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
