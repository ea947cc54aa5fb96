import { ORDER_STATUSES, type OrderStatus } from '@contract/orderLifecycle';
import { TEXT_MAX } from '@contract/limits';
import { tableSearchUrl, useTableSearch, type TableSearch } from '../../../shared/useTableSearch';
import { useGetOrdersPageQuery } from './allOrdersApi';

/** Rows on a page of All Orders. */
export const ORDERS_PER_PAGE = 20;

export type OrdersSearch = TableSearch<OrderStatus>;

/** `?q=tomasz&status=paid&page=2`; every order and page 1 are left out. */
const ORDERS_URL = tableSearchUrl(ORDER_STATUSES, TEXT_MAX.productName);

/**
 * All Orders' filter, search and page, kept in the URL (a reload or a shared link shows the
 * same list), and the page of orders they select.
 */
export function useAllOrdersSearch() {
  const { search, update, hrefFor } = useTableSearch(ORDERS_URL);
  const q = search.q.trim();
  const query = useGetOrdersPageQuery({
    ...(search.status !== 'all' && { status: search.status }),
    ...(q && { q }),
    page: search.page,
    perPage: ORDERS_PER_PAGE,
  });
  const filtered = search.status !== 'all' || q !== '';
  return { search, filtered, update, hrefFor, query };
}
