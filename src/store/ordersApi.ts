import type { CreateOrderBody, DeletedCount, Order, OrderList } from '@contract/orders';
import { api, LIST } from './api';
import { keyedPost, type Keyed } from './submissionKey';

/** Cache tags of a list of orders: the list itself and each order in it. */
function orderListTags(result: OrderList | undefined) {
  return [
    { type: 'Order' as const, id: LIST },
    ...(result ?? []).map((order) => ({ type: 'Order' as const, id: order._id })),
  ];
}

/**
 * Every `/order` call, shared by the product page (placing one), My Orders, All Orders and the
 * payment page (reading one, recording its payment).
 * Writes invalidate the lists and the product whose stock they changed, so every table and the
 * product's available quantity are current without a reload.
 */
export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user's own orders (`GET /order?email=`). */
    getMyOrders: build.query<OrderList, string>({
      query: (email) => ({ url: 'order', params: { email } }),
      providesTags: orderListTags,
    }),
    /** Every order (admin). */
    getAllOrders: build.query<OrderList, void>({
      query: () => 'order',
      providesTags: orderListTags,
    }),
    /** Places an order; the server reserves the stock, so the product is refetched. */
    createOrder: build.mutation<Order, Keyed<CreateOrderBody>>({
      query: (body) => keyedPost('order', body),
      invalidatesTags: (_result, error, { productId }) =>
        error
          ? []
          : [
              { type: 'Order', id: LIST },
              { type: 'Product', id: productId },
            ],
    }),
    /**
     * Deletes an unpaid order of the caller; its stock goes back to the product. The spec
     * refetches only when `deletedCount` is truthy.
     */
    deleteOrder: build.mutation<DeletedCount, { id: string; productId: string }>({
      query: ({ id }) => ({ url: `order/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (result, _error, { id, productId }) =>
        result?.deletedCount
          ? [
              { type: 'Order', id: LIST },
              { type: 'Order', id },
              { type: 'Product', id: productId },
            ]
          : [],
    }),
    /** One order (its owner or an admin). */
    getOrder: build.query<Order, string>({
      query: (id) => `order/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Order', id }],
    }),
    /** Records the transaction id: the order is paid once the provider confirms it. */
    payOrder: build.mutation<Order, { id: string; transactionId: string }>({
      query: ({ id, transactionId }) => ({
        url: `order/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: { transactionId },
      }),
      invalidatesTags: (_result, error, { id }) =>
        error
          ? []
          : [
              { type: 'Order', id },
              { type: 'Order', id: LIST },
            ],
    }),
  }),
});

export const {
  useGetMyOrdersQuery,
  useGetAllOrdersQuery,
  useCreateOrderMutation,
  useDeleteOrderMutation,
  usePayOrderMutation,
} = ordersApi;
