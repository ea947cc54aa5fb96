import { assign, fromPromise, setup } from 'xstate';
import type { Bag } from '@contract/bag';
import type { Checkout, CheckoutBody } from '@contract/checkout';
import { canRetry } from '../../../store/callApi';
import { errorMessage } from '../../../machines/errorMessage';
import { ProviderUnavailableError, type Billing } from '../payment/paymentErrors';

/** What the details form hands over: who receives the order, and delivery or the fitting day. */
export type CheckoutDetails = Required<CheckoutBody>;

export interface BagCheckoutInput {
  /** Paying a checkout placed before (My Orders, a /checkout/:id/pay link); null: the bag. */
  checkoutId: string | null;
}

export interface BagCheckoutContext {
  checkoutId: string | null;
  bag: Bag | null;
  details: CheckoutDetails | null;
  checkout: Checkout | null;
  clientSecret: string | null;
  transactionId: string | null;
  /** The last failure's message: the API's sentence (a 409 names the products), the card's... */
  error: string | null;
  /** Whether trying again can help the last failure (not a refusal). */
  retryable: boolean;
  /** The HTTP status of the last refusal (403: email not verified), null for none. */
  status: number | null;
}

export type BagCheckoutEvent =
  | { type: 'SUBMIT'; details: CheckoutDetails }
  | { type: 'RETRY' }
  | { type: 'PAY' }
  | { type: 'PROVIDER_UNAVAILABLE'; message: string };

const statusOf = (error: unknown): number | null => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : null;
};

/** A failure as the context keeps it. */
const failure = ({ event }: { event: { error: unknown } }) => ({
  message: errorMessage(event.error),
  retryable: canRetry(event.error),
  status: statusOf(event.error),
});

/** Whom the card is confirmed for: the checkout's name and the account's email. */
export function billingOf(context: Pick<BagCheckoutContext, 'checkout' | 'details'>): Billing {
  const first = context.checkout?.orders[0];
  return { name: context.details?.name ?? first?.name ?? '', email: first?.email ?? '' };
}

/**
 * Checkout of the bag: load the bag → details (the view's form) → reserving (every line an
 * order, all or nothing) → paying (one card payment for the total, as on the order's payment
 * page) → paid. A checkout placed before starts at loadingCheckout and goes to paying, paid or
 * expired. The view provides the actors (the API calls and its card gateway).
 */
export const bagCheckoutMachine = setup({
  types: {
    context: {} as BagCheckoutContext,
    events: {} as BagCheckoutEvent,
    input: {} as BagCheckoutInput,
  },
  actors: {
    loadBag: fromPromise<Bag>(async () => {
      throw new Error('loadBag is provided by the view');
    }),
    loadCheckout: fromPromise<Checkout, { checkoutId: string }>(async () => {
      throw new Error('loadCheckout is provided by the view');
    }),
    /** `POST /checkout` with an Idempotency-Key per submission. */
    placeCheckout: fromPromise<Checkout, CheckoutDetails>(async () => {
      throw new Error('placeCheckout is provided by the view');
    }),
    /** The client secret of a PaymentIntent for the checkout; also readies the gateway. */
    createIntent: fromPromise<{ clientSecret: string }, { checkoutId: string }>(async () => {
      throw new Error('createIntent is provided by the view');
    }),
    confirmCard: fromPromise<{ transactionId: string }, { clientSecret: string; billing: Billing }>(
      async () => {
        throw new Error('confirmCard is provided by the view');
      },
    ),
    /** `PATCH /checkout/:id` with the transaction id; resolves with the paid checkout. */
    recordPayment: fromPromise<Checkout, { checkoutId: string; transactionId: string }>(
      async () => {
        throw new Error('recordPayment is provided by the view');
      },
    ),
  },
  guards: {
    isResuming: ({ context }) => context.checkoutId !== null,
    isEmpty: (_, params: { bag: Bag }) => params.bag.items.length === 0,
    isPaid: (_, params: { checkout: Checkout }) => params.checkout.paid,
    isExpired: (_, params: { checkout: Checkout }) => params.checkout.expired,
    canRetry: ({ context }) => context.retryable,
    isProviderUnavailable: (_, params: { error: unknown }) =>
      params.error instanceof ProviderUnavailableError,
  },
  actions: {
    keepBag: assign((_, params: { bag: Bag }) => ({ bag: params.bag })),
    keepDetails: assign((_, params: { details: CheckoutDetails }) => ({
      details: params.details,
    })),
    keepCheckout: assign((_, params: { checkout: Checkout }) => ({
      checkout: params.checkout,
      checkoutId: params.checkout._id,
      transactionId: params.checkout.transactionId,
    })),
    keepClientSecret: assign((_, params: { clientSecret: string }) => ({
      clientSecret: params.clientSecret,
    })),
    keepTransactionId: assign((_, params: { transactionId: string }) => ({
      transactionId: params.transactionId,
    })),
    showError: assign(
      (_, params: { message: string; retryable?: boolean; status?: number | null }) => ({
        error: params.message,
        retryable: params.retryable ?? true,
        status: params.status ?? null,
      }),
    ),
    clearError: assign({ error: null, retryable: true, status: null }),
  },
}).createMachine({
  id: 'bagCheckout',
  context: ({ input }) => ({
    checkoutId: input.checkoutId,
    bag: null,
    details: null,
    checkout: null,
    clientSecret: null,
    transactionId: null,
    error: null,
    retryable: true,
    status: null,
  }),
  initial: 'start',
  states: {
    /** The bag's checkout, or paying one placed before. */
    start: {
      always: [{ guard: 'isResuming', target: 'loadingCheckout' }, { target: 'bag' }],
    },
    /** Loading the bag: its lines and total are the summary. */
    bag: {
      invoke: {
        id: 'loadBag',
        src: 'loadBag',
        onDone: [
          {
            guard: { type: 'isEmpty', params: ({ event }) => ({ bag: event.output }) },
            target: 'empty',
            actions: { type: 'keepBag', params: ({ event }) => ({ bag: event.output }) },
          },
          {
            target: 'details',
            actions: { type: 'keepBag', params: ({ event }) => ({ bag: event.output }) },
          },
        ],
        onError: { target: 'loadFailed', actions: { type: 'showError', params: failure } },
      },
    },
    /** Nothing to check out. */
    empty: { type: 'final' },
    /** Name, address, phone and delivery or fitting: the view's form sends SUBMIT when valid. */
    details: {
      on: {
        SUBMIT: {
          target: 'reserving',
          actions: { type: 'keepDetails', params: ({ event }) => ({ details: event.details }) },
        },
      },
    },
    /** `POST /checkout`: every line reserved, or none. */
    reserving: {
      invoke: {
        id: 'placeCheckout',
        src: 'placeCheckout',
        input: ({ context }) => {
          if (!context.details) throw new Error('Nothing to place');
          return context.details;
        },
        onDone: {
          target: 'paying',
          actions: { type: 'keepCheckout', params: ({ event }) => ({ checkout: event.output }) },
        },
        onError: { target: 'failed', actions: { type: 'showError', params: failure } },
      },
    },
    /**
     * Not placed: a line could not be reserved (409 naming it), the fitting day filled up, the
     * email is not verified (403), or no answer. Nothing was reserved and the bag is kept.
     */
    failed: {
      on: {
        // The form stays: corrected details, or the same again (the same Idempotency-Key).
        SUBMIT: {
          target: 'reserving',
          actions: [
            'clearError',
            { type: 'keepDetails', params: ({ event }) => ({ details: event.details }) },
          ],
        },
      },
    },
    /** The checkout placed before, from its id. */
    loadingCheckout: {
      invoke: {
        id: 'loadCheckout',
        src: 'loadCheckout',
        input: ({ context }) => ({ checkoutId: context.checkoutId ?? '' }),
        onDone: [
          {
            guard: { type: 'isPaid', params: ({ event }) => ({ checkout: event.output }) },
            target: 'paid',
            actions: { type: 'keepCheckout', params: ({ event }) => ({ checkout: event.output }) },
          },
          {
            guard: { type: 'isExpired', params: ({ event }) => ({ checkout: event.output }) },
            target: 'expired',
            actions: { type: 'keepCheckout', params: ({ event }) => ({ checkout: event.output }) },
          },
          {
            target: 'paying',
            actions: { type: 'keepCheckout', params: ({ event }) => ({ checkout: event.output }) },
          },
        ],
        onError: { target: 'loadFailed', actions: { type: 'showError', params: failure } },
      },
    },
    /** The bag or the checkout could not be loaded. */
    loadFailed: {
      on: { RETRY: { guard: 'canRetry', target: 'start', actions: 'clearError' } },
    },
    /** One card payment for the whole total, as the order's payment page takes it. */
    paying: {
      initial: 'creatingIntent',
      states: {
        creatingIntent: {
          invoke: {
            id: 'createIntent',
            src: 'createIntent',
            input: ({ context }) => ({ checkoutId: context.checkoutId ?? '' }),
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
              { target: 'intentFailed', actions: { type: 'showError', params: failure } },
            ],
          },
        },
        /** The only state in which Pay is enabled. */
        ready: {
          initial: 'idle',
          states: {
            idle: {},
            /** Declined or incomplete card: the provider's message; the orders stay unpaid. */
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
              if (!context.clientSecret) throw new Error('Nothing to confirm');
              return { clientSecret: context.clientSecret, billing: billingOf(context) };
            },
            onDone: {
              target: 'recordingPayment',
              actions: {
                type: 'keepTransactionId',
                params: ({ event }) => ({ transactionId: event.output.transactionId }),
              },
            },
            onError: {
              target: '#bagCheckout.paying.ready.cardError',
              actions: {
                type: 'showError',
                params: ({ event }) => ({ message: errorMessage(event.error) }),
              },
            },
          },
        },
        /** Charged: every order of the checkout is being marked paid. */
        recordingPayment: {
          invoke: {
            id: 'recordPayment',
            src: 'recordPayment',
            input: ({ context }) => {
              if (!context.transactionId || !context.checkoutId)
                throw new Error('Nothing to record');
              return { checkoutId: context.checkoutId, transactionId: context.transactionId };
            },
            onDone: {
              target: '#bagCheckout.paid',
              actions: {
                type: 'keepCheckout',
                params: ({ event }) => ({ checkout: event.output }),
              },
            },
            onError: { target: 'recordFailed', actions: { type: 'showError', params: failure } },
          },
        },
        /** Charged but not recorded yet: never Pay again here, only record once more. */
        recordFailed: {
          on: { RETRY: { guard: 'canRetry', target: 'recordingPayment', actions: 'clearError' } },
        },
        /** The payment script failed to load or is not available. */
        providerUnavailable: {
          on: { RETRY: { target: 'creatingIntent', actions: 'clearError' } },
        },
        /** No payment intent (expired meanwhile, paid elsewhere, no answer). */
        intentFailed: {
          on: { RETRY: { guard: 'canRetry', target: 'creatingIntent', actions: 'clearError' } },
        },
      },
    },
    /** Every order paid with one transaction id: the confirmation. */
    paid: { type: 'final' },
    /** Unpaid past its hold: nothing to pay any more. */
    expired: { type: 'final' },
  },
});
