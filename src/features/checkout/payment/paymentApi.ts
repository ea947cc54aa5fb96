import type {
  LocalConfirmBody,
  LocalConfirmSuccess,
  PaymentIntentResponse,
} from '@contract/payments';
import { api } from '../../../store/api';

/**
 * The payment provider's calls. The order's own (reading it, recording its payment) are in
 * ../checkoutApi.ts with checkout's other `/order` call.
 */
export const paymentApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A PaymentIntent for the whole order; the server computes the amount from the order. */
    createPaymentIntent: build.mutation<PaymentIntentResponse, { orderId: string }>({
      query: (body) => ({ url: 'create-Payment-Intent', method: 'POST', body }),
    }),
    /** The local provider's card confirmation (Stripe.js's part when payments are local). */
    confirmLocalPayment: build.mutation<LocalConfirmSuccess, LocalConfirmBody>({
      query: (body) => ({ url: 'payments/local/confirm', method: 'POST', body }),
    }),
  }),
});

export const { useCreatePaymentIntentMutation, useConfirmLocalPaymentMutation } = paymentApi;
