import type { Order } from '@contract/orders';
import type {
  LocalConfirmBody,
  LocalConfirmSuccess,
  PaymentIntentResponse,
} from '@contract/payments';
import { api, LIST } from '../../store/api';

/** The calls of the payment page. */
export const paymentApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One order (its owner or an admin). */
    getOrder: build.query<Order, string>({
      query: (id) => `order/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Order', id }],
    }),
    /** A PaymentIntent for the whole order; the server computes the amount from the order. */
    createPaymentIntent: build.mutation<PaymentIntentResponse, { orderId: string }>({
      query: (body) => ({ url: 'create-Payment-Intent', method: 'POST', body }),
    }),
    /** The local provider's card confirmation (Stripe.js's part when payments are local). */
    confirmLocalPayment: build.mutation<LocalConfirmSuccess, LocalConfirmBody>({
      query: (body) => ({ url: 'payments/local/confirm', method: 'POST', body }),
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
  useCreatePaymentIntentMutation,
  useConfirmLocalPaymentMutation,
  usePayOrderMutation,
} = paymentApi;
