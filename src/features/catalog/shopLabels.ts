import type { ProductSort } from '@contract/catalogTerms';

/** How the shop names its orders. */
export const SORT_LABELS: Record<ProductSort, string> = {
  newest: 'Newest first',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  name: 'Name: A to Z',
};

export const count = (n: number) => n.toLocaleString('en-US');
