import { assign, fromPromise, setup } from 'xstate';
import type { Bag } from '@contract/bag';
import type { Checkout, CheckoutBody } from '@contract/checkout';
import { canRetry } from '../../../store/callApi';
import { errorMessage } from '../../../machines/errorMessage';
import { createPayingMachine, type PayingOutput } from '../payment/payingMachine';
import type { Billing } from '../payment/paymentErrors';

/**
 * What the details form hands over: who receives the order, delivery, the fitting day or a
 * fitting centre's time (issue 48), the country (and US state) whose market prices it when the
 * shopper named one, and a guest's email (a signed-in shopper's is the account's). The car the
 * bag is for is added when it is sent (CheckoutFlow).
 */
export type CheckoutDetails = Required<
  Pick<CheckoutBody, 'name' | 'address' | 'number' | 'fitting'>
> &
  Pick<CheckoutBody, 'country' | 'region' | 'codes' | 'appointment'> & { email?: string };

export interface BagCheckoutInput {
  /** Paying a checkout placed before (My Orders, a /checkout/:id/pay link); null: the bag. */
  checkoutId: string | null;
}

export interface BagCheckoutContext {
  checkoutId: string | null;
  bag: Bag | null;
  details: CheckoutDetails | null;
  checkout: Checkout | null;
  transactionId: string | null;
  /** The last failure's message: the API's sentence (a 409 names the products), the card's... */
  error: string | null;
  /** Whether trying again can help the last failure (not a refusal). */
  retryable: boolean;
  /** The HTTP status of the last refusal (403: email not verified), null for none. */
  status: number | null;
}

export type BagCheckoutEvent = { type: 'SUBMIT'; details: CheckoutDetails } | { type: 'RETRY' };

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

/** The card payment for the checkout's total, invoked once it is placed. */
export const payingForCheckout = createPayingMachine<Checkout>();

/**
 * Checkout of the bag: load the bag → details (the view's form) → reserving (every line an
 * order, all or nothing) → paying (the paying machine: one card payment for the total, as on the
 * order's payment page) → paid. A checkout placed before starts at loadingCheckout and goes to paying, paid or
 * expired. The view provides the actors (the API calls and its card gateway).
 */
export const bagCheckoutMachine = setup({
  types: {
    context: {} as BagCheckoutContext,
    events: {} as BagCheckoutEvent,
    input: {} as BagCheckoutInput,
    children: {} as { paying: 'paying' },
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
    paying: payingForCheckout,
  },
  guards: {
    isResuming: ({ context }) => context.checkoutId !== null,
    isEmpty: (_, params: { bag: Bag }) => params.bag.items.length === 0,
    isPaid: (_, params: { checkout: Checkout }) => params.checkout.paid,
    isExpired: (_, params: { checkout: Checkout }) => params.checkout.expired,
    wasPaid: (_, params: { output: PayingOutput<Checkout> }) => params.output.paid !== null,
    canRetry: ({ context }) => context.retryable,
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
    /** One card payment for the whole total: the paying machine, as the order's payment page. */
    paying: {
      invoke: {
        id: 'paying',
        src: 'paying',
        input: ({ context }) => ({ id: context.checkoutId ?? '', billing: billingOf(context) }),
        onDone: [
          {
            guard: { type: 'wasPaid', params: ({ event }) => ({ output: event.output }) },
            target: 'paid',
            actions: {
              type: 'keepCheckout',
              params: ({ event }) => ({ checkout: event.output.paid! }),
            },
          },
          {
            target: 'intentFailed',
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
    /** No payment intent (expired meanwhile, paid elsewhere, no answer): Try again pays anew. */
    intentFailed: {
      on: { RETRY: { guard: 'canRetry', target: 'paying', actions: 'clearError' } },
    },
    /** Every order paid with one transaction id: the confirmation. */
    paid: { type: 'final' },
    /** Unpaid past its hold: nothing to pay any more. */
    expired: { type: 'final' },
  },
});
