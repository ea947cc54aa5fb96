import { act, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { localGateway, type PaymentGateway } from '../../features/checkout/payment/gateway';
import { ProviderUnavailableError } from '../../features/checkout/payment/paymentMachine';
import { createStripeGateway } from '../../features/checkout/payment/stripe/stripeGateway';
import { controlledLoader, createFakeStripe, type FakeStripe } from '../fakeStripe';
import { PendingResponses } from '../pendingResponses';
import { server } from '../server';
import type { ModelPath } from './machineModel';

/**
 * The paying machine's side of a page walked along its model's paths (the order's payment and the
 * bag's checkout both invoke it): the API calls a card payment makes, and how each gateway turns
 * the model's provider events into what happens on screen.
 */

/** The payment's API calls; each waits for the answer the path's next event gives. */
export interface PaymentApi {
  intents: PendingResponses;
  confirms: PendingResponses;
  records: PendingResponses;
  /** The bodies the page recorded the payment with. */
  recorded: unknown[];
}

/** Answers the payment's calls; the page records the payment with a PATCH of `recordPath`. */
export function fakePaymentApi(recordPath: string): PaymentApi {
  const api: PaymentApi = {
    intents: new PendingResponses(),
    confirms: new PendingResponses(),
    records: new PendingResponses(),
    recorded: [],
  };
  server.use(
    http.post('/api/create-Payment-Intent', api.intents.next),
    http.post('/api/payments/local/confirm', api.confirms.next),
    http.patch(recordPath, async ({ request }) => {
      api.recorded.push(await request.json());
      return api.records.next();
    }),
  );
  return api;
}

/** What the page pays for in the model: the intent's secret and, in cents, its amount. */
export interface ModelPayment {
  clientSecret: string;
  amount: number;
}

/** How each gateway turns the model's provider events into what happens on screen. */
export interface GatewayDriver {
  gateway: PaymentGateway;
  /** The card form's script is there and the intent answered: the form can take a card. */
  intentCreated(api: PaymentApi): Promise<void>;
  scriptFailed(api: PaymentApi): void;
  scriptLoaded(): void;
  formFailed(message: string): void;
  pay(user: UserEvent): Promise<void>;
  confirmed(api: PaymentApi, transactionId: string): void;
  declined(api: PaymentApi, message: string): void;
  /** The card form is on screen, and takes a card only when `enabled`. */
  expectCardForm(enabled: boolean): Promise<void>;
}

const cardFields = [
  ['Card number', '4242424242424242'],
  ['Expiration date', '1234'],
  ['Security code', '123'],
] as const;

export function localDriver({ clientSecret, amount }: ModelPayment): GatewayDriver {
  return {
    gateway: localGateway,
    intentCreated: async (api) => api.intents.respond(HttpResponse.json({ clientSecret })),
    scriptFailed: () => {
      throw new Error('The local provider has no script to fail');
    },
    scriptLoaded: () => {},
    formFailed: () => {
      throw new Error('The local card form cannot fail to load');
    },
    async pay(user) {
      for (const [label, value] of cardFields) {
        await user.clear(await screen.findByLabelText(label));
        await user.type(screen.getByLabelText(label), value);
      }
      await user.click(screen.getByRole('button', { name: 'Pay' }));
    },
    confirmed: (api, id) =>
      api.confirms.respond(
        HttpResponse.json({ paymentIntent: { id, status: 'succeeded', amount } }),
      ),
    declined: (api, message) =>
      api.confirms.respond(
        HttpResponse.json(
          { error: { type: 'card_error', code: 'card_declined', message } },
          { status: 402 },
        ),
      ),
    async expectCardForm(enabled) {
      for (const [label] of cardFields) {
        const input = await screen.findByLabelText(label);
        if (enabled) expect(input).toBeEnabled();
        else expect(input).toBeDisabled();
      }
      expect(screen.getByLabelText('Card number')).toHaveStyle({ fontSize: '16px' });
    },
  };
}

type ConfirmResult = Parameters<FakeStripe['answerConfirm']>[0];

export function stripeDriver({ clientSecret }: Pick<ModelPayment, 'clientSecret'>): GatewayDriver {
  const fake = createFakeStripe();
  const loader = controlledLoader();
  return {
    gateway: createStripeGateway('pk_test_fake', loader.load),
    async intentCreated(api) {
      loader.settle(fake.stripe);
      api.intents.respond(HttpResponse.json({ clientSecret }));
      // Stripe renders its iframe, then says the element is ready.
      await waitFor(() => expect(fake.element.node).not.toBeNull());
      act(() => fake.emit('ready'));
    },
    scriptFailed(api) {
      loader.settle(new Error('Failed to load Stripe.js'));
      api.intents.respond(HttpResponse.json({ clientSecret }));
    },
    scriptLoaded: () => loader.settle(fake.stripe),
    formFailed: (message) =>
      act(() =>
        fake.emit('loaderror', {
          elementType: 'payment',
          error: { type: 'invalid_request_error', message },
        }),
      ),
    pay: (user) => user.click(screen.getByRole('button', { name: 'Pay' })),
    confirmed: (_api, id) =>
      act(() =>
        fake.answerConfirm({ paymentIntent: { id, status: 'succeeded' } } as ConfirmResult),
      ),
    declined: (_api, message) =>
      act(() =>
        fake.answerConfirm({
          error: { type: 'card_error', code: 'card_declined', message },
        } as ConfirmResult),
      ),
    async expectCardForm(enabled) {
      expect(await screen.findByTitle('Secure payment input frame')).toBeInTheDocument();
      // Read-only unless a card can be taken: the create options, then every update.
      const options = Object.assign(
        {},
        ...fake.elements.create.mock.calls.map((call) => (call as unknown[])[1]),
        ...fake.element.update.mock.calls.map((call) => (call as unknown[])[0]),
      ) as { readOnly?: boolean };
      expect(options.readOnly).toBe(!enabled);
    },
  };
}

/** Paths with a provider failure: only a provider with a script (Stripe) can fail that way. */
export const needsScript = (path: ModelPath) =>
  path.steps.some(
    ({ event }) =>
      event.type === 'PROVIDER_UNAVAILABLE' || event.error instanceof ProviderUnavailableError,
  );
