import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { OrderStatus } from '@contract/orderLifecycle';
import type { OrderList } from '@contract/orders';
import { api, LIST } from '../../../store/api';

/** Which page of All Orders to load: a status, a search, and the page. */
export interface OrdersPageArgs {
  status?: OrderStatus;
  q?: string;
  page: number;
  perPage: number;
}

/** One page of orders and how many match in all (the API's X-Total-Count). */
export interface OrdersPage {
  orders: OrderList;
  total: number;
}

/** The header's count; without one (never from this API), what this page shows of it. */
function totalOf(meta: FetchBaseQueryMeta | undefined, args: OrdersPageArgs, shown: number) {
  const total = Number(meta?.response?.headers.get('x-total-count') ?? Number.NaN);
  return Number.isSafeInteger(total) && total >= 0 ? total : (args.page - 1) * args.perPage + shown;
}

/**
 * All Orders a page at a time, filtered and searched (admins, issue 30). Its own endpoint beside
 * ordersApi.getAllOrders (every order at once, which checkout's cache updates still use); it
 * provides the same `Order` tags, so a payment, a shipment or a refund refreshes the page too.
 */
export const allOrdersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrdersPage: build.query<OrdersPage, OrdersPageArgs>({
      query: ({ status, q, page, perPage }) => ({
        url: 'order',
        params: { ...(status && { status }), ...(q && { q }), page, perPage },
      }),
      transformResponse: (orders: OrderList, meta, args) => ({
        orders,
        // The base query is fetchBaseQuery's (behind re-auth and retry): its meta has the response.
        total: totalOf(meta as FetchBaseQueryMeta | undefined, args, orders.length),
      }),
      providesTags: (result) => [
        { type: 'Order' as const, id: LIST },
        ...(result?.orders ?? []).map((order) => ({ type: 'Order' as const, id: order._id })),
      ],
    }),
  }),
});

export const { useGetOrdersPageQuery } = allOrdersApi;
