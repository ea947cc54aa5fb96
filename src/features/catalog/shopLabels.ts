import type {
  ProductCategory,
  ProductSort,
  TyreSeason,
} from '../../../server/src/contract/catalogTerms';

/** How the shop names the catalogue's attribute values and orders. */
export const CATEGORY_LABELS: Record<ProductCategory, string> = {
  tyre: 'Tyres',
  wheel: 'Wheels',
  part: 'Parts',
};

export const SEASON_LABELS: Record<TyreSeason, string> = {
  summer: 'Summer',
  winter: 'Winter',
  'all-season': 'All-season',
};

export const SORT_LABELS: Record<ProductSort, string> = {
  newest: 'Newest first',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  name: 'Name: A to Z',
};

export const count = (n: number) => n.toLocaleString('en-US');
