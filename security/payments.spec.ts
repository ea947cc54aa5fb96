import { expect, test, type APIRequestContext } from '@playwright/test';
import Stripe from 'stripe';
import { startStripeStub } from '../server/test/stripeStub';
import { addProduct, call, cleanUp, orderBody, shopperEmail, signIn, startStore } from './stack';

const WEBHOOK_SECRET = 'whsec_security_suite';

test.afterEach(cleanUp);

/**
 * Two API processes with the given payment settings on one fresh database, a shopper, and what
 * the tests do with them. `at(i)` spreads requests over the processes.
 */
/** The store's settings for taking cards through the Stripe stub at `apiBase`. */
function stripeSettings(apiBase: string): Record<string, string> {
  return {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_security',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_security',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: apiBase,
  };
}

async function paymentStack(request: APIRequestContext, env: Record<string, string>) {
  const { database, emulator, apis, admin } = await startStore(request, { env, processes: 2 });
  const at = (i: number) => apis[i % apis.length]!.url;
  const product = await addProduct(at(0), admin, 100, 89.99);
  const shopper = await signIn(at(1), emulator, shopperEmail('payer', 0));

  /** An unpaid order of 2 x 89.99. */
  const newOrder = async () => {
    const placed = await call(at(0), 'POST', '/api/order', {
      token: shopper,
      body: orderBody(product._id, 2),
    });
    expect(placed.status).toBe(201);
    return placed.body._id as string;
  };

  const pay = (i: number, orderId: string, transactionId: string) =>
    call(at(i), 'PATCH', `/api/order/${orderId}`, { token: shopper, body: { transactionId } });

  /** Ten payment pages opened at once: they must share one PaymentIntent. */
  const openPaymentPages = async (orderId: string) => {
    // Ten open connections first, so the ten requests really arrive together.
    await Promise.all(Array.from({ length: 10 }, (_, i) => call(at(i), 'GET', '/api/health')));
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(at(i), 'POST', '/api/create-Payment-Intent', { token: shopper, body: { orderId } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const secrets = new Set(answers.map((a) => a.body.clientSecret as string));
    expect(secrets.size, 'different PaymentIntents for one order').toBe(1);
    const clientSecret = [...secrets][0]!;
    return { clientSecret, intentId: clientSecret.split('_secret_')[0]! };
  };

  /** What HTTP and then the database show of a paid order. */
  const expectPaidOnce = async (orderId: string, intentId: string) => {
    for (let i = 0; i < apis.length; i += 1) {
      const order = await call(at(i), 'GET', `/api/order/${orderId}`, { token: shopper });
      expect(order.body).toMatchObject({ paid: true, transactionId: intentId });
    }
    const again = await call(at(0), 'POST', '/api/create-Payment-Intent', {
      token: shopper,
      body: { orderId },
    });
    expect(again.status).toBe(409);
    const deleted = await call(at(1), 'DELETE', `/api/order/${orderId}`, { token: shopper });
    expect(deleted.status).toBe(409);

    const records = await database.query(
      'select intent_id, status, amount_cents from payments where order_id = $1',
      [orderId],
    );
    expect(records).toEqual([{ intent_id: intentId, status: 'succeeded', amount_cents: 17998 }]);
    const orders = await database.query('select paid, transaction_id from orders where id = $1', [
      orderId,
    ]);
    expect(orders).toEqual([{ paid: true, transaction_id: intentId }]);
    // No order of this database has a second payment record.
    const doubled = await database.query(
      'select order_id from payments group by order_id having count(*) > 1',
    );
    expect(doubled).toEqual([]);
  };

  return { at, shopper, newOrder, pay, openPaymentPages, expectPaidOnce };
}

/**
 * The payment race a real shop sees: a shopper's browser retrying PATCH while Stripe delivers
 * its webhook again and again, all for one succeeded PaymentIntent, all at once. The order must
 * end paid once, by that intent, with one payment record.
 */
test('Stripe: ten concurrent PATCHes and webhook deliveries pay one order once', async ({
  request,
}) => {
  const stub = await startStripeStub();
  try {
    const stack = await paymentStack(request, stripeSettings(stub.url));
    const orderId = await stack.newOrder();
    const { intentId } = await stack.openPaymentPages(orderId);
    // Not yet paid on Stripe's side: PATCH is refused.
    expect((await stack.pay(0, orderId, intentId)).status).toBe(402);

    const payload = JSON.stringify({
      id: 'evt_security',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: stub.succeed(intentId) },
    });
    const deliver = (i: number) =>
      call(stack.at(i), 'POST', '/api/payments/webhook', {
        body: payload,
        headers: {
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: WEBHOOK_SECRET,
          }),
        },
      });
    const [patches, webhooks] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, (_, i) => stack.pay(i, orderId, intentId))),
      Promise.all(Array.from({ length: 10 }, (_, i) => deliver(i + 1))),
    ]);
    for (const answer of patches) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toMatchObject({ paid: true, transactionId: intentId });
    }
    for (const answer of webhooks) expect(answer.body).toEqual({ received: true });
    // Stripe's side: one intent was ever created for this order.
    const created = [...stub.intents.values()].filter((i) => i.metadata.orderId === orderId);
    expect(created.map((i) => i.id)).toEqual([intentId]);
    await stack.expectPaidOnce(orderId, intentId);
  } finally {
    await stub.close();
  }
});

/**
 * The same races with the store's own `local` provider: payment pages opened at once (for a
 * few orders, so the race gets more than one chance), then the card form confirming five times
 * (double clicks, retries) while PATCHes with the intent's id arrive.
 */
test('local provider: concurrent payment pages, card confirmations and PATCHes pay once', async ({
  request,
}) => {
  const stack = await paymentStack(request, { PAYMENT_PROVIDER: 'local' });
  let opened!: { orderId: string; clientSecret: string; intentId: string };
  for (let n = 0; n < 5; n += 1) {
    const orderId = await stack.newOrder();
    opened = { orderId, ...(await stack.openPaymentPages(orderId)) };
  }
  const { orderId, clientSecret, intentId } = opened;
  const card = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
  const confirm = (i: number) =>
    call(stack.at(i), 'POST', '/api/payments/local/confirm', { body: { clientSecret, card } });

  const [confirms, patches] = await Promise.all([
    Promise.all(Array.from({ length: 5 }, (_, i) => confirm(i))),
    Promise.all(Array.from({ length: 10 }, (_, i) => stack.pay(i + 1, orderId, intentId))),
  ]);
  for (const answer of confirms) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.paymentIntent).toMatchObject({ id: intentId, status: 'succeeded' });
  }
  // A PATCH that comes before any confirmation went through is refused (402), never paid twice.
  for (const answer of patches) {
    expect([200, 402], JSON.stringify(answer.body)).toContain(answer.status);
    if (answer.status === 200) expect(answer.body).toMatchObject({ transactionId: intentId });
  }
  await stack.expectPaidOnce(orderId, intentId);
});

/**
 * Issue 45, finding 6: a signed `payment_intent.succeeded` was applied as the event said. An
 * event is signed by whoever holds the webhook secret, and an old or reordered one says what
 * the intent was then: the store reads the intent back from Stripe before paying anything.
 */
test('Stripe: a signed succeeded event for an intent Stripe has not seen succeed pays nothing', async ({
  request,
}) => {
  const stub = await startStripeStub();
  try {
    const stack = await paymentStack(request, stripeSettings(stub.url));
    const orderId = await stack.newOrder();
    const { intentId } = await stack.openPaymentPages(orderId);
    const unpaid = stub.intents.get(intentId)!;
    // What the event claims; Stripe still has the intent waiting for a card.
    const claimed = { ...unpaid, status: 'succeeded', amount_received: unpaid.amount };
    const payload = JSON.stringify({
      id: 'evt_security_claim',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: claimed },
    });
    const delivered = await call(stack.at(0), 'POST', '/api/payments/webhook', {
      body: payload,
      headers: {
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        }),
      },
    });
    expect(delivered.body).toEqual({ received: true });
    expect(stub.intents.get(intentId)!.status).not.toBe('succeeded');
    const order = await call(stack.at(1), 'GET', `/api/order/${orderId}`, {
      token: stack.shopper,
    });
    expect(order.body).toMatchObject({ paid: false, transactionId: null });
  } finally {
    await stub.close();
  }
});
