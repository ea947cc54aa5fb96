import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ORDER_STATUSES, type OrderStatus } from '@contract/orderLifecycle';
import { TEXT_MAX } from '@contract/limits';
import { useGetOrdersPageQuery } from './allOrdersApi';

/** Rows on a page of All Orders. */
export const ORDERS_PER_PAGE = 20;

export interface OrdersSearch {
  q: string;
  status: OrderStatus | 'all';
  page: number;
}

/** The search as the URL says it (`?q=tomasz&status=paid&page=2`); junk is ignored. */
export function readOrdersSearch(params: URLSearchParams): OrdersSearch {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').slice(0, TEXT_MAX.productName),
    status: ORDER_STATUSES.find((known) => known === status) ?? 'all',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL search of the list; defaults (every order, page 1) are left out. */
export function ordersSearchString({ q, status, page }: OrdersSearch): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q);
  if (status !== 'all') params.set('status', status);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * All Orders' filter, search and page, kept in the URL (a reload or a shared link shows the
 * same list), and the page of orders they select.
 */
export function useAllOrdersSearch() {
  const [params, setParams] = useSearchParams();
  const search = readOrdersSearch(params);
  const q = search.q.trim();
  const query = useGetOrdersPageQuery({
    ...(search.status !== 'all' && { status: search.status }),
    ...(q && { q }),
    page: search.page,
    perPage: ORDERS_PER_PAGE,
  });
  const update = useCallback(
    (change: Partial<OrdersSearch>, replace = false) =>
      setParams(
        (current) =>
          new URLSearchParams(
            ordersSearchString({ ...readOrdersSearch(current), page: 1, ...change }),
          ),
        { replace, preventScrollReset: true },
      ),
    [setParams],
  );
  const hrefFor = useCallback(
    (page: number) => ordersSearchString({ ...search, page }) || '?',
    [search],
  );
  const filtered = search.status !== 'all' || q !== '';
  return { search, filtered, update, hrefFor, query };
}
