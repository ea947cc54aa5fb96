import { SEARCH_TEXT_MAX, STATUS_FILTERS, type StatusFilter } from '@contract/catalogTerms';
import { useGetProductPageQuery } from '../../../store/api';
import { tableSearchUrl, useTableSearch, type TableSearch } from '../../../shared/useTableSearch';

/** Rows on a page of the back office's product table. */
export const ROWS_PER_PAGE = 20;

export type ProductsSearch = TableSearch<StatusFilter>;

/** `?q=winter&status=retired&page=2`; every product and page 1 are left out. */
const PRODUCTS_URL = tableSearchUrl(STATUS_FILTERS, SEARCH_TEXT_MAX);

/**
 * Every product for the back office, active and retired, searched as the shop searches (the
 * same words and tyre sizes), by name, a page at a time; the search lives in the URL.
 */
export function useProductsList() {
  const { search, update, hrefFor } = useTableSearch(PRODUCTS_URL);
  const query = useGetProductPageQuery({
    q: search.q.trim() || undefined,
    status: search.status,
    sort: 'name',
    limit: ROWS_PER_PAGE,
    offset: (search.page - 1) * ROWS_PER_PAGE,
  });
  return { search, update, hrefFor, query };
}
