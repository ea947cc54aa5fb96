import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { PaymentIntentResult, Stripe } from '@stripe/stripe-js';
import {
  clientSecret,
  paidOrder,
  transactionId,
  unpaidOrder,
} from '../../../../test/machines/payment.model';
import { createFakeStripe } from '../../../../test/fakeStripe';
import { renderPage, signedInAuth } from '../../../../test/render';
import { server } from '../../../../test/server';
import { PaymentCheckout } from '../PaymentCheckout';
import { createStripeGateway } from './stripeGateway';

function api() {
  const seen = { patched: [] as unknown[] };
  server.use(
    http.get('/api/order/:id', () => HttpResponse.json(unpaidOrder)),
    http.post('/api/create-Payment-Intent', () => HttpResponse.json({ clientSecret })),
    http.patch('/api/order/:id', async ({ request }) => {
      seen.patched.push(await request.json());
      return HttpResponse.json(paidOrder);
    }),
  );
  return seen;
}

function renderWith(load: (key: string) => Promise<Stripe | null>) {
  return renderPage(
    <PaymentCheckout
      orderId={unpaidOrder._id}
      gateway={createStripeGateway('pk_test_123', load)}
    />,
    '/',
    { auth: signedInAuth() },
  );
}

/** Renders with a fake Stripe.js and waits until its Payment Element says it is ready. */
async function renderReady() {
  const fake = createFakeStripe();
  const load = jest.fn(async () => fake.stripe);
  const seen = api();
  renderWith(load);
  await waitFor(() => expect(fake.element.node).not.toBeNull());
  act(() => fake.emit('ready'));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled());
  return { fake, load, seen };
}

const answer = (result: unknown) => result as PaymentIntentResult;

describe('the Stripe gateway', () => {
  it('loads Stripe.js with the publishable key, only for the payment', async () => {
    const { load } = await renderReady();
    expect(load).toHaveBeenCalledWith('pk_test_123');
  });

  it('shows the Payment Element for the order’s intent: cards only, 16px, no billing fields', async () => {
    const { fake } = await renderReady();
    expect(fake.calls.elements).toHaveBeenCalledWith(
      expect.objectContaining({
        clientSecret,
        appearance: expect.objectContaining({
          variables: expect.objectContaining({ fontSizeBase: '16px' }),
        }),
      }),
    );
    expect(fake.elements.create).toHaveBeenCalledWith(
      'payment',
      expect.objectContaining({
        paymentMethodOrder: ['card'],
        wallets: { applePay: 'never', googlePay: 'never', link: 'never' },
        fields: { billingDetails: { name: 'never', email: 'never' } },
        readOnly: false,
      }),
    );
    expect(screen.getByTitle('Secure payment input frame')).toBeInTheDocument();
  });

  it('confirms with the order’s billing name and email, then records the payment', async () => {
    const { fake, seen } = await renderReady();
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(fake.calls.confirmPayment).toHaveBeenCalledWith({
      elements: fake.elements,
      redirect: 'if_required',
      confirmParams: {
        return_url: window.location.href,
        payment_method_data: {
          billing_details: { name: 'Demo Shopper', email: 'shopper@store.test' },
        },
      },
    });
    // The element is read-only while the card is being confirmed.
    await waitFor(() => expect(fake.element.update).toHaveBeenCalledWith({ readOnly: true }));
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();

    act(() =>
      fake.answerConfirm(answer({ paymentIntent: { id: transactionId, status: 'succeeded' } })),
    );
    expect(await screen.findByText('congrats ! your payment is succuss')).toBeInTheDocument();
    expect(screen.getByText(transactionId)).toBeInTheDocument();
    expect(seen.patched).toEqual([{ transactionId }]);
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
  });

  it.each([
    [
      'a declined card',
      { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    ],
    [
      'an incomplete card',
      { type: 'validation_error', message: 'Your card number is incomplete.' },
    ],
  ])('shows Stripe’s message for %s in red, and Pay works again', async (_case, error) => {
    const { fake } = await renderReady();
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    act(() => fake.answerConfirm(answer({ error })));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(error.message);
    expect(alert).toHaveStyle({ color: 'rgb(185, 28, 28)' });
    expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
  });

  it('does not record a payment that has not succeeded', async () => {
    const { fake, seen } = await renderReady();
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    act(() =>
      fake.answerConfirm(answer({ paymentIntent: { id: transactionId, status: 'processing' } })),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The payment was not completed. Please try again.',
    );
    expect(seen.patched).toEqual([]);
  });

  it('keeps Pay disabled until the Payment Element is ready', async () => {
    const fake = createFakeStripe();
    api();
    renderWith(async () => fake.stripe);
    await waitFor(() => expect(fake.element.node).not.toBeNull());
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
    act(() => fake.emit('ready'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled());
  });

  it('says the payment script is not available when the element cannot load', async () => {
    const { fake } = await renderReady();
    act(() =>
      fake.emit('loaderror', {
        elementType: 'payment',
        error: { type: 'invalid_request_error', message: 'Stripe.js not available' },
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Stripe.js not available');
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });
});

describe('Stripe.js from js.stripe.com (the real loader, the script faked in the page)', () => {
  const stripeScripts = () =>
    Array.from(
      document.querySelectorAll<HTMLScriptElement>('script[src^="https://js.stripe.com"]'),
    );

  afterEach(() => {
    stripeScripts().forEach((script) => script.remove());
    delete (window as { Stripe?: unknown }).Stripe;
  });

  /** Answers the page's Stripe.js script tags (Stripe.js retries once). */
  async function scriptAnswers(event: 'load' | 'error', times: number) {
    const answered = new Set<HTMLScriptElement>();
    for (let i = 0; i < times; i += 1) {
      const script = await waitFor(() => {
        const fresh = stripeScripts().find((s) => !answered.has(s));
        if (!fresh) throw new Error('no Stripe.js script yet');
        return fresh;
      });
      answered.add(script);
      expect(script.src).toMatch(/^https:\/\/js\.stripe\.com\/[a-z0-9]+\/stripe\.js/);
      act(() => {
        script.dispatchEvent(new Event(event));
      });
    }
  }

  it('injects no script before the payment page asks for it', () => {
    createStripeGateway('pk_test_123');
    expect(stripeScripts()).toEqual([]);
  });

  // Before the test that ends with Stripe.js loaded: Stripe.js keeps a loaded script for good.
  it("shows 'Stripe.js not available' when the script loads without Stripe", async () => {
    api();
    renderPage(
      <PaymentCheckout orderId={unpaidOrder._id} gateway={createStripeGateway('pk_test_123')} />,
      '/',
      { auth: signedInAuth() },
    );
    await scriptAnswers('load', 2);
    expect(await screen.findByRole('alert')).toHaveTextContent('Stripe.js not available');
  });

  it("shows 'Failed to load Stripe.js' when the script cannot be fetched, and retries", async () => {
    api();
    renderPage(
      <PaymentCheckout orderId={unpaidOrder._id} gateway={createStripeGateway('pk_test_123')} />,
      '/',
      { auth: signedInAuth() },
    );
    await scriptAnswers('error', 2);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load Stripe.js');
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();

    // Try again loads the script afresh; this time it arrives.
    const fake = createFakeStripe();
    (window as { Stripe?: unknown }).Stripe = Object.assign(() => fake.stripe, {
      version: 'endive',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fake.element.node).not.toBeNull());
  });
});
