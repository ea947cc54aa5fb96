import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** A back-office table's search: its words, a status filter and the page. */
export interface TableSearch<S extends string> {
  q: string;
  status: S | 'all';
  page: number;
}

/** How a table's search is read from its URL and written to it. */
export interface TableSearchUrl<S extends string> {
  /** The search as the URL says it (`?q=winter&status=retired&page=2`); junk is ignored. */
  read: (params: URLSearchParams) => TableSearch<S>;
  /** The URL search; the defaults (every status, page 1) are left out. */
  write: (search: TableSearch<S>) => string;
}

/** The URL of a table searched by words up to `qMax` letters and one of `statuses`. */
export function tableSearchUrl<S extends string>(
  statuses: readonly S[],
  qMax: number,
): TableSearchUrl<S> {
  return {
    read(params) {
      const status = params.get('status');
      const page = Number(params.get('page'));
      return {
        q: (params.get('q') ?? '').slice(0, qMax),
        status: statuses.find((known) => known === status) ?? 'all',
        page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
      };
    },
    write({ q, status, page }) {
      const params = new URLSearchParams();
      if (q.trim()) params.set('q', q);
      if (status !== 'all') params.set('status', status);
      if (page > 1) params.set('page', String(page));
      const text = params.toString();
      return text ? `?${text}` : '';
    },
  };
}

/**
 * A table's search kept in the URL (a reload or a shared link shows the same rows): `update`
 * changes it and goes back to page 1 unless the change names a page; `hrefFor` is a page's link.
 */
export function useTableSearch<S extends string>(url: TableSearchUrl<S>) {
  const [params, setParams] = useSearchParams();
  const search = url.read(params);
  const update = useCallback(
    (change: Partial<TableSearch<S>>, replace = false) =>
      setParams(
        (current) => new URLSearchParams(url.write({ ...url.read(current), page: 1, ...change })),
        { replace, preventScrollReset: true },
      ),
    [setParams, url],
  );
  const hrefFor = useCallback(
    (page: number) => url.write({ ...search, page }) || '?',
    [search, url],
  );
  return { search, update, hrefFor };
}
