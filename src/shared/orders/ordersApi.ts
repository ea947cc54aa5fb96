import type { DeletedCount, OrderList } from '@contract/orders';
import { api, LIST } from '../../store/api';

/** Cache tags of a list of orders: the list itself and each order in it. */
function orderListTags(result: OrderList | undefined) {
  return [
    { type: 'Order' as const, id: LIST },
    ...(result ?? []).map((order) => ({ type: 'Order' as const, id: order._id })),
  ];
}

/**
 * The order lists (My Orders, All Orders) and deleting an order. Checkout's own `/order` calls
 * (placing and paying one) are in features/checkout/checkoutApi.ts, reading one and its life
 * after payment in shared/orders/orderLifecycleApi.ts; they provide and invalidate the same `Order` tags. A delete invalidates the lists and the product whose stock
 * came back, so every table and the product's available quantity are current without a reload.
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
  }),
});

export const { useGetMyOrdersQuery, useGetAllOrdersQuery, useDeleteOrderMutation } = ordersApi;
