import { assign, fromPromise, setup } from 'xstate';
import type { Order } from '@contract/orders';
import { isOrderExpired } from '../../../shared/orders/orderHold';
import { canRetry } from '../../../store/callApi';
import { errorMessage } from '../../../machines/errorMessage';
import { createPayingMachine, type PayingOutput } from './payingMachine';

// The errors and billing the gateways share live apart, so a view that only needs them (the
// bag's checkout) does not load this machine; re-exported for the payment page's tests.
export { CardError, ProviderUnavailableError, type Billing } from './paymentErrors';

export interface PaymentInput {
  orderId: string;
}

export interface PaymentContext {
  orderId: string;
  order: Order | null;
  /** Kept from the payment once it ends, so the paid page still shows the card form. */
  clientSecret: string | null;
  transactionId: string | null;
  /** The message of the last failure: the API's message... */
  error: string | null;
  /** Whether trying again can help the last failure (not for a bad link or a refusal). */
  retryable: boolean;
}

/** The card payment itself, invoked once the order is loaded unpaid. */
export const payingForOrder = createPayingMachine<Order>();

/**
 * Paying for one order, unpaid → paid: load the order, then invoke the paying machine (client
 * secret, card, confirmation, the transaction id recorded on the order). An intent that cannot
 * be made ends in `failed`, and trying again loads the order again (it may be paid meanwhile).
 * The view provides `loadOrder`, and the paying machine's actors through its gateway.
 */
export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    input: {} as PaymentInput,
    events: {} as { type: 'RETRY' },
    children: {} as { paying: 'paying' },
  },
  actors: {
    loadOrder: fromPromise<Order, { orderId: string }>(async () => {
      throw new Error('loadOrder is provided by the view');
    }),
    paying: payingForOrder,
  },
  guards: {
    isPaid: (_, params: { order: Order }) => params.order.paid,
    isExpired: (_, params: { order: Order }) => isOrderExpired(params.order),
    wasPaid: (_, params: { output: PayingOutput<Order> }) => params.output.paid !== null,
    canRetry: ({ context }) => context.retryable,
  },
  actions: {
    keepOrder: assign((_, params: { order: Order }) => ({
      order: params.order,
      transactionId: params.order.transactionId,
      error: null,
    })),
    keepPayment: assign((_, params: { output: PayingOutput<Order> }) => ({
      clientSecret: params.output.clientSecret,
      ...(params.output.paid && {
        order: params.output.paid,
        transactionId: params.output.paid.transactionId,
      }),
    })),
    showError: assign((_, params: { message: string; retryable?: boolean }) => ({
      error: params.message,
      retryable: params.retryable ?? true,
    })),
    clearError: assign({ error: null, retryable: true }),
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({
    orderId: input.orderId,
    order: null,
    clientSecret: null,
    transactionId: null,
    error: null,
    retryable: true,
  }),
  initial: 'loadingOrder',
  states: {
    loadingOrder: {
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          {
            // An order paid already (another tab, the webhook) starts paid.
            guard: { type: 'isPaid', params: ({ event }) => ({ order: event.output }) },
            target: 'paid',
            actions: { type: 'keepOrder', params: ({ event }) => ({ order: event.output }) },
          },
          {
            // Past its stock hold: the server takes no payment for it any more.
            guard: { type: 'isExpired', params: ({ event }) => ({ order: event.output }) },
            target: 'expired',
            actions: { type: 'keepOrder', params: ({ event }) => ({ order: event.output }) },
          },
          {
            target: 'paying',
            actions: { type: 'keepOrder', params: ({ event }) => ({ order: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: {
            type: 'showError',
            params: ({ event }) => ({
              message: errorMessage(event.error),
              retryable: canRetry(event.error),
            }),
          },
        },
      },
    },
    /** The paying machine's states, from the client secret to the recorded payment. */
    paying: {
      invoke: {
        id: 'paying',
        src: 'paying',
        input: ({ context }) => {
          if (!context.order) throw new Error('No order to pay for');
          return {
            id: context.orderId,
            billing: { name: context.order.name, email: context.order.email },
          };
        },
        onDone: [
          {
            guard: { type: 'wasPaid', params: ({ event }) => ({ output: event.output }) },
            target: 'paid',
            actions: { type: 'keepPayment', params: ({ event }) => ({ output: event.output }) },
          },
          {
            target: 'failed',
            actions: {
              type: 'showError',
              params: ({ event }) => ({
                message: event.output.error ?? '',
                retryable: event.output.retryable,
              }),
            },
          },
        ],
      },
    },
    paid: { type: 'final' },
    /** Unpaid past its stock hold: nothing to pay here, no Pay button. */
    expired: { type: 'final' },
    /**
     * The order or the payment intent could not be loaded. Trying again is for failures it can
     * help (no answer, a fault on the server), not for a bad link or a refusal.
     */
    failed: {
      on: { RETRY: { guard: 'canRetry', target: 'loadingOrder', actions: 'clearError' } },
    },
  },
});
