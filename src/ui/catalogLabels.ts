import type { ProductCategory, TyreSeason } from '@contract/catalogTerms';

/** How the store names the catalogue's attribute values, in the shop and the dashboard. */
export const CATEGORY_LABELS: Record<ProductCategory, string> = {
  tyre: 'Tyres',
  wheel: 'Wheels',
  part: 'Parts',
};

/** One product's category: "a Tyre". */
export const CATEGORY_SINGULAR: Record<ProductCategory, string> = {
  tyre: 'Tyre',
  wheel: 'Wheel',
  part: 'Part',
};

export const SEASON_LABELS: Record<TyreSeason, string> = {
  summer: 'Summer',
  winter: 'Winter',
  'all-season': 'All-season',
};
