import type { CheckoutBody } from '@contract/checkout';
import type {
  FindOrderAnswer,
  FindOrderBody,
  GuestCheckout,
  PlacedGuestCheckout,
} from '@contract/guests';
import type { Order } from '@contract/orders';
import type { PaymentIntentResponse } from '@contract/payments';
import type { GuestBagLine } from '../bag/guestBag';
import { api, LIST } from '../../store/api';

/** The header names of contract/guests.ts (written out: that module brings TypeBox along). */
const KEY_HEADER = 'guest-key';
const BROWSER_HEADER = 'guest-browser';

/** A guest checkout opened with its link's key. */
export interface Opened {
  id: string;
  key: string;
}

export type GuestCheckoutRequest = CheckoutBody & {
  email: string;
  items: Pick<GuestBagLine, 'productId' | 'quantity'>[];
  browser: string;
};

/**
 * Buying as a guest (issue 47): placing the bag, paying it, and the order page the emailed link
 * opens (the key goes in a header), with the shopper's cancel and return; Find my order.
 */
export const guestApi = api.injectEndpoints({
  endpoints: (build) => ({
    issueGuestBrowser: build.mutation<{ browser: string }, void>({
      query: () => ({ url: 'guest/browser', method: 'POST' }),
    }),
    placeGuestCheckout: build.mutation<PlacedGuestCheckout, GuestCheckoutRequest>({
      query: ({ browser, ...body }) => ({
        url: 'guest/checkout',
        method: 'POST',
        body,
        headers: { [BROWSER_HEADER]: browser },
      }),
      invalidatesTags: (result) =>
        result
          ? [
              'Fitting',
              ...result.checkout.orders.map((order) => ({
                type: 'Product' as const,
                id: order.productId,
              })),
            ]
          : ['Fitting'],
    }),
    getGuestCheckout: build.query<GuestCheckout, Opened>({
      query: ({ id, key }) => ({
        url: `guest/checkout/${encodeURIComponent(id)}`,
        headers: { [KEY_HEADER]: key },
      }),
      providesTags: (_result, _error, { id }) => [{ type: 'Order', id: `guest-${id}` }],
      keepUnusedDataFor: 0,
    }),
    createGuestIntent: build.mutation<PaymentIntentResponse, Opened>({
      query: ({ id, key }) => ({
        url: `guest/checkout/${encodeURIComponent(id)}/payment-intent`,
        method: 'POST',
        headers: { [KEY_HEADER]: key },
      }),
    }),
    payGuestCheckout: build.mutation<GuestCheckout, Opened & { transactionId: string }>({
      query: ({ id, key, transactionId }) => ({
        url: `guest/checkout/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: { transactionId },
        headers: { [KEY_HEADER]: key },
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Order', id: `guest-${id}` }],
    }),
    actOnGuestOrder: build.mutation<
      Order,
      Opened & { orderId: string; action: 'cancel' | 'return'; reason: string }
    >({
      query: ({ id, key, orderId, action, reason }) => ({
        url: `guest/checkout/${encodeURIComponent(id)}/orders/${encodeURIComponent(orderId)}/${action}`,
        method: 'POST',
        body: reason ? { reason } : {},
        headers: { [KEY_HEADER]: key },
      }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Order', id: `guest-${id}` },
        { type: 'Order', id: LIST },
      ],
    }),
    stopGuestLinks: build.mutation<void, Opened>({
      query: ({ id, key }) => ({
        url: `guest/checkout/${encodeURIComponent(id)}/links`,
        method: 'DELETE',
        headers: { [KEY_HEADER]: key },
      }),
    }),
    findOrder: build.mutation<FindOrderAnswer, FindOrderBody>({
      query: (body) => ({ url: 'guest/find-order', method: 'POST', body }),
    }),
  }),
});

export const {
  usePlaceGuestCheckoutMutation,
  useGetGuestCheckoutQuery,
  useCreateGuestIntentMutation,
  usePayGuestCheckoutMutation,
  useActOnGuestOrderMutation,
  useStopGuestLinksMutation,
  useFindOrderMutation,
} = guestApi;
