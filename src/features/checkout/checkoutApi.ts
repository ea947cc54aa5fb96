import type { CreateOrderBody, Order } from '@contract/orders';
import { api, LIST } from '../../store/api';
import { keyedPost, type Keyed } from '../../store/submissionKey';

/**
 * The `/order` calls only checkout makes: placing an order (the order modal) and recording its
 * payment (the payment page; it reads the order through shared/orders/orderLifecycleApi.ts's getOrder). Injected into the one API slice, so
 * their writes invalidate the order lists of shared/orders/ordersApi.ts and the product whose stock
 * they changed: every table and the product's available quantity are current without a reload.
 */
export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
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

export const { useCreateOrderMutation, usePayOrderMutation } = checkoutApi;
