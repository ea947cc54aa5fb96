import type { PagedProducts } from '../../store/api';
import { pageCountOf as pagesOf, showingText as showing } from '../../ui/pageNumber';

export { isPastTheEnd, parsePage, searchFor } from '../../ui/pageNumber';

/** Products on a page of the shop: eight rows of three on a large screen. */
export const PAGE_SIZE = 24;

/** Cards whose pictures load first: the first row on a large screen. */
export const FIRST_ROW = 3;

export const pageCountOf = (total: number) => pagesOf(total, PAGE_SIZE);

/** "Showing 25–48 of 10,000 products". */
export function showingText({ offset, products, total }: PagedProducts): string {
  return showing({ offset, shown: products.length, total }, { one: 'product', many: 'products' });
}
