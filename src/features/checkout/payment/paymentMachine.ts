import { assign, fromPromise, setup } from 'xstate';
import type { Order } from '@contract/orders';
import { isOrderExpired } from '../../../shared/orders/orderHold';
import { canRetry } from '../../../store/callApi';
import { errorMessage } from '../../../machines/errorMessage';
import { ProviderUnavailableError, type Billing } from './paymentErrors';

// The errors and billing the gateways share live apart, so a view that only needs them (the
// bag's checkout) does not load this machine; re-exported for the payment page's tests.
export { CardError, ProviderUnavailableError, type Billing } from './paymentErrors';

export interface PaymentInput {
  orderId: string;
}

export interface PaymentContext {
  orderId: string;
  order: Order | null;
  clientSecret: string | null;
  transactionId: string | null;
  /** The message of the last failure: the provider's card error, the API's message... */
  error: string | null;
  /** Whether trying again can help the last failure (not for a bad link or a refusal). */
  retryable: boolean;
}

export type PaymentEvent =
  | { type: 'PAY' }
  | { type: 'RETRY' }
  /** The card form itself failed to load after the script did (Stripe's `loaderror`). */
  | { type: 'PROVIDER_UNAVAILABLE'; message: string };

/**
 * Paying for one order, unpaid → paid: load the order, get a client secret from the server
 * while the gateway loads its script, take the card (Pay is enabled only in `ready`), confirm it
 * with the provider, then record the transaction id on the order. The machine does not know
 * which provider confirms the card: the view provides the four actors through its gateway.
 */
export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentInput,
  },
  actors: {
    loadOrder: fromPromise<Order, { orderId: string }>(async () => {
      throw new Error('loadOrder is provided by the view');
    }),
    /** The client secret of a PaymentIntent for the order; also readies the gateway. */
    createIntent: fromPromise<{ clientSecret: string }, { orderId: string }>(async () => {
      throw new Error('createIntent is provided by the view');
    }),
    /** Confirms the card with the provider; resolves with the PaymentIntent id. */
    confirmCard: fromPromise<{ transactionId: string }, { clientSecret: string; billing: Billing }>(
      async () => {
        throw new Error('confirmCard is provided by the view');
      },
    ),
    /** `PATCH /order/:id` with the transaction id; resolves with the paid order. */
    recordPayment: fromPromise<Order, { orderId: string; transactionId: string }>(async () => {
      throw new Error('recordPayment is provided by the view');
    }),
  },
  guards: {
    isPaid: (_, params: { order: Order }) => params.order.paid,
    isExpired: (_, params: { order: Order }) => isOrderExpired(params.order),
    canRetry: ({ context }) => context.retryable,
    isProviderUnavailable: (_, params: { error: unknown }) =>
      params.error instanceof ProviderUnavailableError,
  },
  actions: {
    keepOrder: assign((_, params: { order: Order }) => ({
      order: params.order,
      transactionId: params.order.transactionId,
      error: null,
    })),
    keepClientSecret: assign((_, params: { clientSecret: string }) => ({
      clientSecret: params.clientSecret,
    })),
    keepTransactionId: assign((_, params: { transactionId: string }) => ({
      transactionId: params.transactionId,
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
            target: 'creatingIntent',
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
    creatingIntent: {
      invoke: {
        id: 'createIntent',
        src: 'createIntent',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: {
          target: 'ready',
          actions: {
            type: 'keepClientSecret',
            params: ({ event }) => ({ clientSecret: event.output.clientSecret }),
          },
        },
        onError: [
          {
            guard: {
              type: 'isProviderUnavailable',
              params: ({ event }) => ({ error: event.error }),
            },
            target: 'providerUnavailable',
            actions: {
              type: 'showError',
              params: ({ event }) => ({ message: errorMessage(event.error) }),
            },
          },
          {
            target: 'failed',
            actions: {
              type: 'showError',
              params: ({ event }) => ({
                message: errorMessage(event.error),
                retryable: canRetry(event.error),
              }),
            },
          },
        ],
      },
    },
    /** The only state in which Pay is enabled. */
    ready: {
      initial: 'idle',
      states: {
        idle: {},
        /** The provider refused the card: its message in red; Pay is enabled again. */
        cardError: {},
      },
      on: {
        PAY: { target: 'confirming', actions: 'clearError' },
        PROVIDER_UNAVAILABLE: {
          target: 'providerUnavailable',
          actions: { type: 'showError', params: ({ event }) => ({ message: event.message }) },
        },
      },
    },
    confirming: {
      invoke: {
        id: 'confirmCard',
        src: 'confirmCard',
        input: ({ context }) => {
          if (!context.order || !context.clientSecret) throw new Error('Nothing to confirm');
          return {
            clientSecret: context.clientSecret,
            billing: { name: context.order.name, email: context.order.email },
          };
        },
        onDone: {
          target: 'recordingPayment',
          actions: {
            type: 'keepTransactionId',
            params: ({ event }) => ({ transactionId: event.output.transactionId }),
          },
        },
        onError: {
          // Declined, incomplete or unreadable card, or the provider's API failing: the
          // provider's message in red, and Pay again.
          target: '#payment.ready.cardError',
          actions: {
            type: 'showError',
            params: ({ event }) => ({ message: errorMessage(event.error) }),
          },
        },
      },
    },
    /** The card went through; the order is being marked paid with the transaction id. */
    recordingPayment: {
      invoke: {
        id: 'recordPayment',
        src: 'recordPayment',
        input: ({ context }) => {
          if (!context.transactionId) throw new Error('Nothing to record');
          return { orderId: context.orderId, transactionId: context.transactionId };
        },
        onDone: {
          target: 'paid',
          actions: { type: 'keepOrder', params: ({ event }) => ({ order: event.output }) },
        },
        onError: {
          target: 'recordFailed',
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
    /**
     * The card was charged but the order could not be marked paid yet (a lost connection):
     * never offer Pay again here, only to try recording once more.
     */
    recordFailed: {
      on: { RETRY: { guard: 'canRetry', target: 'recordingPayment', actions: 'clearError' } },
    },
    paid: { type: 'final' },
    /** Unpaid past its stock hold: nothing to pay here, no Pay button. */
    expired: { type: 'final' },
    /** The payment script failed to load or is not available. */
    providerUnavailable: {
      on: { RETRY: { target: 'creatingIntent', actions: 'clearError' } },
    },
    /**
     * The order or the payment intent could not be loaded. Trying again is for failures it can
     * help (no answer, a fault on the server), not for a bad link or a refusal.
     */
    failed: {
      on: { RETRY: { guard: 'canRetry', target: 'loadingOrder', actions: 'clearError' } },
    },
  },
});
