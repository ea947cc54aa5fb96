import type { Checkout, CheckoutBody } from '@contract/checkout';
import type { FittingDays } from '@contract/fitting';
import type { PaymentIntentResponse } from '@contract/payments';
import { LIST } from '../../../store/api';
import { keyedPost, type Keyed } from '../../../store/submissionKey';
import { bagApi } from '../../../shared/bag/bagApi';

/**
 * Checkout of the bag: placing it (every line an order), reading it, paying it with one card
 * payment, the fitting days, and what prefills the form. Placing and paying invalidate the
 * order lists, so My Orders is current; placing empties the bag and takes stock.
 */
export const bagCheckoutApi = bagApi.injectEndpoints({
  endpoints: (build) => ({
    placeCheckout: build.mutation<Checkout, Keyed<CheckoutBody>>({
      query: (body) => keyedPost('checkout', body),
      // Placed: the bag is empty, the stock and the day's places moved. Refused: the bag's lines
      // and the days may be what the refusal named, so the bag page and picker read them again.
      invalidatesTags: (result) =>
        result
          ? [
              'Bag',
              'Fitting',
              { type: 'Order', id: LIST },
              ...result.orders.map((order) => ({ type: 'Product' as const, id: order.productId })),
            ]
          : ['Bag', 'Fitting'],
    }),
    getCheckout: build.query<Checkout, string>({
      query: (id) => `checkout/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Order', id: `checkout-${id}` }],
    }),
    /** A PaymentIntent for the checkout's total, computed by the server from its orders. */
    createCheckoutIntent: build.mutation<PaymentIntentResponse, { checkoutId: string }>({
      query: (body) => ({ url: 'create-Payment-Intent', method: 'POST', body }),
    }),
    /** Records the one payment of every order of the checkout. */
    payCheckout: build.mutation<Checkout, { id: string; transactionId: string }>({
      query: ({ id, transactionId }) => ({
        url: `checkout/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: { transactionId },
      }),
      invalidatesTags: (result, _error, { id }) =>
        result
          ? [
              { type: 'Order', id: LIST },
              { type: 'Order', id: `checkout-${id}` },
              ...result.orders.map((order) => ({ type: 'Order' as const, id: order._id })),
            ]
          : [],
    }),
    /** The next 30 days with the places left (public; never cached by the server). */
    getFittingDays: build.query<FittingDays, void>({
      query: () => 'fitting-days',
      providesTags: ['Fitting'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  usePlaceCheckoutMutation,
  useCreateCheckoutIntentMutation,
  usePayCheckoutMutation,
  useGetFittingDaysQuery,
  useGetCheckoutQuery,
} = bagCheckoutApi;
