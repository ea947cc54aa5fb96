import type { PagedProducts } from '../../store/api';
import type { PagedModels } from './modelListApi';
import { pageCountOf as pagesOf, showingText as showing } from '../../ui/pageNumber';

export { isPastTheEnd, parsePage, searchFor } from '../../ui/pageNumber';

/** Products on a page of the shop: eight rows of three on a large screen. */
export const PAGE_SIZE = 24;

/** Cards whose pictures load first: the first row on a large screen. */
export const FIRST_ROW = 3;

export const pageCountOf = (total: number) => pagesOf(total, PAGE_SIZE);

/** "Showing 25–48 of 10,000 products" (or models, when the shop lists models). */
export function showingText(page: PagedProducts | PagedModels): string {
  const { offset, total } = page;
  if ('models' in page) {
    return showing({ offset, shown: page.models.length, total }, { one: 'model', many: 'models' });
  }
  return showing(
    { offset, shown: page.products.length, total },
    { one: 'product', many: 'products' },
  );
}
