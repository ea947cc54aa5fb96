import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SEARCH_TEXT_MAX, STATUS_FILTERS, type StatusFilter } from '@contract/catalogTerms';
import { useGetProductPageQuery } from '../../../store/api';

/** Rows on a page of the back office's product table. */
export const ROWS_PER_PAGE = 20;

export interface ProductsSearch {
  q: string;
  status: StatusFilter;
  page: number;
}

/** The table's search as its URL says it (`?q=winter&status=retired&page=2`); junk is ignored. */
export function readProductsSearch(params: URLSearchParams): ProductsSearch {
  const status = params.get('status') as StatusFilter | null;
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').slice(0, SEARCH_TEXT_MAX),
    status: status && STATUS_FILTERS.includes(status) ? status : 'all',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL search of the table; defaults (every product, page 1) are left out. */
export function productsSearchString({ q, status, page }: ProductsSearch): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q);
  if (status !== 'all') params.set('status', status);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Every product for the back office, active and retired, searched as the shop searches (the
 * same words and tyre sizes), by name, a page at a time; the search lives in the URL.
 */
export function useProductsList() {
  const [params, setParams] = useSearchParams();
  const search = readProductsSearch(params);
  const query = useGetProductPageQuery({
    q: search.q.trim() || undefined,
    status: search.status,
    sort: 'name',
    limit: ROWS_PER_PAGE,
    offset: (search.page - 1) * ROWS_PER_PAGE,
  });
  const update = useCallback(
    (change: Partial<ProductsSearch>, replace = false) =>
      setParams(
        (current) =>
          new URLSearchParams(
            productsSearchString({ ...readProductsSearch(current), page: 1, ...change }),
          ),
        { replace, preventScrollReset: true },
      ),
    [setParams],
  );
  const hrefFor = useCallback(
    (page: number) => productsSearchString({ ...search, page }) || '?',
    [search],
  );
  return { search, update, hrefFor, query };
}
