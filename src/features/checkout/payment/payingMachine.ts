import { assign, fromPromise, setup } from 'xstate';
import { canRetry } from '../../../store/callApi';
import { errorMessage } from '../../../machines/errorMessage';
import { ProviderUnavailableError, type Billing } from './paymentErrors';

export interface PayingInput {
  /** What is paid for: the order's id or the checkout's. */
  id: string;
  /** Whom the card is confirmed for. */
  billing: Billing;
}

export interface PayingContext<Paid> {
  id: string;
  billing: Billing;
  clientSecret: string | null;
  transactionId: string | null;
  /** What the server answered once the payment was recorded: the paid order or checkout. */
  paid: Paid | null;
  /** The message of the last failure: the provider's card error, the API's message... */
  error: string | null;
  /** Whether trying again can help the last failure (not for a refusal). */
  retryable: boolean;
}

export type PayingEvent =
  | { type: 'PAY' }
  | { type: 'RETRY' }
  /** The card form itself failed to load after the script did (Stripe's `loaderror`). */
  | { type: 'PROVIDER_UNAVAILABLE'; message: string };

/** How paying ended: `paid` holds the paid record, or the intent could not be made (`error`). */
export type PayingOutput<Paid> = PayingContext<Paid>;

/**
 * One card payment, as the order's payment page and the bag's checkout both invoke it: get a
 * client secret from the server while the gateway loads its script, take the card (Pay is
 * enabled only in `ready`), confirm it with the provider, then record the transaction id. It
 * ends in `paid`, or in `intentFailed` when no payment intent could be made (the invoking
 * machine decides what trying again means there). The machine does not know the provider or
 * what is paid for: the view provides the three actors.
 */
export function createPayingMachine<Paid>() {
  return setup({
    types: {
      context: {} as PayingContext<Paid>,
      events: {} as PayingEvent,
      input: {} as PayingInput,
      output: {} as PayingOutput<Paid>,
    },
    actors: {
      /** The client secret of a PaymentIntent; also readies the gateway. */
      createIntent: fromPromise<{ clientSecret: string }, { id: string }>(async () => {
        throw new Error('createIntent is provided by the view');
      }),
      /** Confirms the card with the provider; resolves with the PaymentIntent id. */
      confirmCard: fromPromise<
        { transactionId: string },
        { clientSecret: string; billing: Billing }
      >(async () => {
        throw new Error('confirmCard is provided by the view');
      }),
      /** `PATCH` with the transaction id; resolves with what is now paid. */
      recordPayment: fromPromise<Paid, { id: string; transactionId: string }>(async () => {
        throw new Error('recordPayment is provided by the view');
      }),
    },
    guards: {
      canRetry: ({ context }) => context.retryable,
      isProviderUnavailable: (_, params: { error: unknown }) =>
        params.error instanceof ProviderUnavailableError,
    },
    actions: {
      keepClientSecret: assign((_, params: { clientSecret: string }) => ({
        clientSecret: params.clientSecret,
      })),
      keepTransactionId: assign((_, params: { transactionId: string }) => ({
        transactionId: params.transactionId,
      })),
      keepPaid: assign((_, params: { paid: Paid }) => ({ paid: params.paid })),
      showError: assign((_, params: { message: string; retryable?: boolean }) => ({
        error: params.message,
        retryable: params.retryable ?? true,
      })),
      clearError: assign({ error: null, retryable: true }),
    },
  }).createMachine({
    id: 'paying',
    context: ({ input }) => ({
      id: input.id,
      billing: input.billing,
      clientSecret: null,
      transactionId: null,
      paid: null,
      error: null,
      retryable: true,
    }),
    initial: 'creatingIntent',
    output: ({ context }) => context,
    states: {
      creatingIntent: {
        invoke: {
          id: 'createIntent',
          src: 'createIntent',
          input: ({ context }) => ({ id: context.id }),
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
              // Expired or paid meanwhile, a refusal, no answer: the invoking machine's to say.
              target: 'intentFailed',
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
            if (!context.clientSecret) throw new Error('Nothing to confirm');
            return { clientSecret: context.clientSecret, billing: context.billing };
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
            target: '#paying.ready.cardError',
            actions: {
              type: 'showError',
              params: ({ event }) => ({ message: errorMessage(event.error) }),
            },
          },
        },
      },
      /** The card went through; it is being recorded with the transaction id. */
      recordingPayment: {
        invoke: {
          id: 'recordPayment',
          src: 'recordPayment',
          input: ({ context }) => {
            if (!context.transactionId) throw new Error('Nothing to record');
            return { id: context.id, transactionId: context.transactionId };
          },
          onDone: {
            target: 'paid',
            actions: { type: 'keepPaid', params: ({ event }) => ({ paid: event.output }) },
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
       * The card was charged but the payment could not be recorded yet (a lost connection):
       * never offer Pay again here, only to try recording once more.
       */
      recordFailed: {
        on: { RETRY: { guard: 'canRetry', target: 'recordingPayment', actions: 'clearError' } },
      },
      /** The payment script failed to load or is not available. */
      providerUnavailable: {
        on: { RETRY: { target: 'creatingIntent', actions: 'clearError' } },
      },
      paid: { type: 'final' },
      /** No payment intent: the invoking machine shows why, and what trying again does. */
      intentFailed: { type: 'final' },
    },
  });
}
