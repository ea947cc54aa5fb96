import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { PublicConfig } from '@contract/config';
import type { LocalConfirmBody } from '@contract/payments';
import {
  clientSecret,
  paidOrder,
  transactionId,
  unpaidOrder,
} from '../../../test/machines/payment.model';
import { renderRoutes, signedInAuth } from '../../../test/render';
import { server } from '../../../test/server';
import { PaymentPage } from './PaymentPage';

function config(payments: PublicConfig['payments']): PublicConfig {
  return {
    firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p', authEmulatorUrl: null },
    payments,
    delivery: { minDays: 2, maxDays: 4 },
    seller: { legalName: 'Tyre & Auto Parts Store', address: '12 Foundry Lane, Springfield' },
    imageUploadUrl: '/api/images',
  };
}

/** The API as the local provider answers: 4000 0000 0000 0002 is declined. */
function localApi() {
  const seen = { confirmed: [] as LocalConfirmBody[], patched: [] as unknown[] };
  server.use(
    http.get('/api/config', () =>
      HttpResponse.json(config({ provider: 'local', stripePublishableKey: null })),
    ),
    http.get('/api/order/:id', () => HttpResponse.json(unpaidOrder)),
    http.post('/api/create-Payment-Intent', async ({ request }) => {
      expect(await request.json()).toEqual({ orderId: unpaidOrder._id });
      return HttpResponse.json({ clientSecret });
    }),
    http.post('/api/payments/local/confirm', async ({ request }) => {
      const body = (await request.json()) as LocalConfirmBody;
      seen.confirmed.push(body);
      if (body.card.number === '4000000000000002') {
        return HttpResponse.json(
          {
            error: {
              type: 'card_error',
              code: 'card_declined',
              message: 'Your card was declined.',
            },
          },
          { status: 402 },
        );
      }
      return HttpResponse.json({
        paymentIntent: { id: transactionId, status: 'succeeded', amount: 17998 },
      });
    }),
    http.patch('/api/order/:id', async ({ request }) => {
      seen.patched.push(await request.json());
      return HttpResponse.json(paidOrder);
    }),
  );
  return seen;
}

function renderPayment(options: { admin?: boolean } = {}) {
  return renderRoutes(
    [{ path: '/dashboard/payment/:id', element: <PaymentPage /> }],
    `/dashboard/payment/${unpaidOrder._id}`,
    { auth: signedInAuth({ admin: options.admin ?? false }) },
  );
}

async function typeCard(number: string, expiry = '1234', cvc = '123') {
  const user = userEvent.setup();
  for (const [label, value] of [
    ['Card number', number],
    ['Expiration date', expiry],
    ['Security code', cvc],
  ] as const) {
    await user.clear(screen.getByLabelText(label));
    if (value) await user.type(screen.getByLabelText(label), value);
  }
  return user;
}

describe('the payment page with the local provider', () => {
  it("shows 'Pay for' the product, the quantity, the price and the total", async () => {
    localApi();
    renderPayment();
    expect(await screen.findByRole('heading', { name: /Pay for/ })).toHaveTextContent(
      `Pay for ${unpaidOrder.ProductName}`,
    );
    const summary = within(screen.getByRole('region', { name: /Pay for/ }));
    expect(summary.getByText('Quantity').nextElementSibling).toHaveTextContent('2');
    expect(summary.getByText('Price').nextElementSibling).toHaveTextContent('$89.99');
    expect(summary.getByText('Total price').nextElementSibling).toHaveTextContent('$179.98');
    expect(document.title).toBe('Payment | Tyre & Auto Parts Store');
  });

  it('pays with a good card: the transaction id is recorded and shown, Pay is disabled', async () => {
    const seen = localApi();
    renderPayment();
    await screen.findByLabelText('Card number');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled());
    const user = await typeCard('4242424242424242');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Expiration date')).toHaveValue('12 / 34');
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(await screen.findByText('congrats ! your payment is succuss')).toBeInTheDocument();
    expect(screen.getByText(transactionId)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
    expect(seen.confirmed).toEqual([
      {
        clientSecret,
        card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
      },
    ]);
    expect(seen.patched).toEqual([{ transactionId }]);
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/myorder',
    );
  });

  it('shows the decline in red and lets the shopper pay with another card', async () => {
    const seen = localApi();
    renderPayment();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled());
    let user = await typeCard('4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(alert).toHaveStyle({ color: 'rgb(185, 28, 28)' });
    expect(seen.patched).toEqual([]);

    user = await typeCard('4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('congrats ! your payment is succuss')).toBeInTheDocument();
  });

  it('checks the card before sending it, with the message under the field', async () => {
    const seen = localApi();
    renderPayment();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled());
    const user = await typeCard('4242424242424241', '12', '');
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is invalid.');
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription(
      'Your card number is invalid.',
    );
    expect(screen.getByLabelText('Expiration date')).toHaveAccessibleDescription(
      "Your card's expiration date is incomplete.",
    );
    expect(screen.getByLabelText('Security code')).toHaveAccessibleDescription(
      "Your card's security code is incomplete.",
    );
    expect(seen.confirmed).toEqual([]);
  });

  it('shows an order paid already as paid, with its transaction id and no card form', async () => {
    localApi();
    server.use(http.get('/api/order/:id', () => HttpResponse.json(paidOrder)));
    renderPayment({ admin: true });
    expect(await screen.findByText('congrats ! your payment is succuss')).toBeInTheDocument();
    expect(screen.getByText(transactionId)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to All Orders' })).toHaveAttribute(
      'href',
      '/dashboard/allOrders',
    );
  });

  it('says when the order is not there', async () => {
    localApi();
    server.use(
      http.get('/api/order/:id', () =>
        HttpResponse.json(
          { error: 'Not Found', message: 'No order with this id.' },
          { status: 404 },
        ),
      ),
    );
    renderPayment();
    expect(await screen.findByRole('alert')).toHaveTextContent('No order with this id.');
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });
});

describe('the payment page with Stripe', () => {
  afterEach(() =>
    document.querySelectorAll('script[src^="https://js.stripe.com"]').forEach((s) => s.remove()),
  );

  it('loads Stripe.js only now, from js.stripe.com, and says so when it cannot', async () => {
    localApi();
    server.use(
      http.get('/api/config', () =>
        HttpResponse.json(config({ provider: 'stripe', stripePublishableKey: 'pk_test_123' })),
      ),
    );
    expect(document.querySelector('script[src^="https://js.stripe.com"]')).toBeNull();
    renderPayment();
    expect(await screen.findByText('Getting the payment ready')).toBeInTheDocument();
    // Stripe.js retries a failed script once.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const script = await waitFor(() => {
        const found = document.querySelector<HTMLScriptElement>(
          'script[src^="https://js.stripe.com"]:not([data-answered])',
        );
        if (!found) throw new Error('no script yet');
        return found;
      });
      script.dataset.answered = 'yes';
      script.dispatchEvent(new Event('error'));
    }
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load Stripe.js');
  });

  it('with no publishable key configured, says the payment script is not available', async () => {
    localApi();
    server.use(
      http.get('/api/config', () =>
        HttpResponse.json(config({ provider: 'stripe', stripePublishableKey: null })),
      ),
    );
    renderPayment();
    expect(await screen.findByRole('alert')).toHaveTextContent('Stripe.js not available');
  });
});
