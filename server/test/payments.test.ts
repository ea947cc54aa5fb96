import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { orders, payments } from '../src/db/schema';
import { createLocalProvider } from '../src/payments/local';
import { makeProduct, orderBody } from './fixtures';
import { bearer } from './identity';
import type { startStripeStub } from './stripeStub';
import { withStripeStore } from './stripeStore';
import { withAdminAndTwoShoppers } from './accounts';
import { type TestApp } from './testApp';

const card = (number: string) => ({
  number,
  expMonth: 12,
  expYear: new Date().getFullYear() + 3,
  cvc: '123',
});

describe('card payments with the local provider', () => {
  const accounts = withAdminAndTwoShoppers();
  const { alice, bob, tokens } = accounts;
  let t: TestApp;
  beforeAll(() => {
    t = accounts.t;
  });

  async function newOrder(email = alice, quantity = 3, priceCents = 2550) {
    const product = await makeProduct(t.db, { priceCents });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(tokens[email]!),
      payload: orderBody(product.id, quantity),
    });
    return res.json()._id as string;
  }
  const intentFor = (email: string, orderId: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/create-Payment-Intent',
      headers: bearer(tokens[email]!),
      payload: { orderId, ...extra },
    });
  const confirm = (clientSecret: string, number: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/local/confirm',
      payload: { clientSecret, card: card(number) },
    });
  const patch = (email: string, orderId: string, transactionId: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/order/${orderId}`,
      headers: bearer(tokens[email]!),
      payload: { transactionId },
    });

  it('charges price x quantity from the database, whatever price the client sends', async () => {
    const orderId = await newOrder(alice, 3, 2550);
    const res = await intentFor(alice, orderId, { price: 0.5 });
    expect(res.statusCode).toBe(200);
    const { clientSecret } = res.json();
    expect(clientSecret).toMatch(/^pi_local_\w+_secret_\w+$/);
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.clientSecret, clientSecret));
    expect(payment?.amountCents).toBe(7650);
    // Asking again reuses the open intent.
    expect((await intentFor(alice, orderId)).json().clientSecret).toBe(clientSecret);
  });

  it("refuses a payment intent for someone else's order (403) or a missing one (404)", async () => {
    const orderId = await newOrder(alice);
    expect((await intentFor(bob, orderId)).statusCode).toBe(403);
    expect((await intentFor(bob, '3f1c2a5e-1111-4222-8333-944455556666')).statusCode).toBe(404);
    expect((await intentFor(bob, 'nope')).statusCode).toBe(400);
  });

  it('pays with 4242 4242 4242 4242: the order is paid once, with the intent as transaction id', async () => {
    const orderId = await newOrder();
    const { clientSecret } = (await intentFor(alice, orderId)).json();
    const confirmed = await confirm(clientSecret, '4242 4242 4242 4242');
    expect(confirmed.statusCode).toBe(200);
    const { paymentIntent } = confirmed.json();
    expect(paymentIntent).toEqual({
      id: expect.stringMatching(/^pi_local_/),
      status: 'succeeded',
      amount: 7650,
    });

    const paid = await patch(alice, orderId, paymentIntent.id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      _id: orderId,
      paid: true,
      transactionId: paymentIntent.id,
    });
    // Repeating is harmless.
    expect((await patch(alice, orderId, paymentIntent.id)).statusCode).toBe(200);
    expect((await confirm(clientSecret, '4242424242424242')).statusCode).toBe(200);
    // A paid order needs no new intent and cannot be deleted.
    expect((await intentFor(alice, orderId)).statusCode).toBe(409);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${orderId}`,
      headers: bearer(tokens[alice]!),
    });
    expect(del.statusCode).toBe(409);
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'card_declined', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'expired_card', 'Your card has expired.'],
    ['4242 4242 4242 4241', 'incorrect_number', 'Your card number is invalid.'],
    ['1234', 'incorrect_number', 'Your card number is invalid.'],
  ])('declines %s like Stripe: %s', async (number, code, message) => {
    const orderId = await newOrder();
    const { clientSecret } = (await intentFor(alice, orderId)).json();
    const res = await confirm(clientSecret, number);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: { type: 'card_error', code, message } });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.paid).toBe(false);
  });

  it('refuses an expired date and a malformed security code', async () => {
    const orderId = await newOrder();
    const { clientSecret } = (await intentFor(alice, orderId)).json();
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/payments/local/confirm',
      payload: { clientSecret, card: { ...card('4242424242424242'), expYear: 2020 } },
    });
    expect(expired.json().error.message).toBe("Your card's expiration year is invalid.");
    const badCvc = await t.app.inject({
      method: 'POST',
      url: '/api/payments/local/confirm',
      payload: { clientSecret, card: { ...card('4242424242424242'), cvc: '12a' } },
    });
    expect(badCvc.json().error.message).toBe("Your card's security code is invalid.");
  });

  it('never marks an order paid with a made-up or foreign transaction id', async () => {
    const orderId = await newOrder();
    const madeUp = await patch(alice, orderId, 'pi_local_madeup');
    expect(madeUp.statusCode).toBe(402);
    expect(madeUp.json().message).toBe(
      'No payment with this transaction id was made for this order.',
    );

    // Bob pays his own order, then Alice tries to use his payment for hers.
    const bobsOrder = await newOrder(bob);
    const { clientSecret } = (await intentFor(bob, bobsOrder)).json();
    const { paymentIntent } = (await confirm(clientSecret, '4242424242424242')).json();
    expect((await patch(alice, orderId, paymentIntent.id)).statusCode).toBe(402);

    // An intent that has not succeeded does not pay either.
    const pending = (await intentFor(alice, orderId)).json().clientSecret.split('_secret_')[0];
    const notYet = await patch(alice, orderId, pending);
    expect(notYet.statusCode).toBe(402);
    expect(notYet.json().message).toBe('This payment has not succeeded yet.');

    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ paid: false, transactionId: null });
  });

  it("refuses paying someone else's order (403)", async () => {
    const orderId = await newOrder(alice);
    expect((await patch(bob, orderId, 'pi_local_x')).statusCode).toBe(403);
  });

  it('refuses a payment smaller than the order total', async () => {
    const orderId = await newOrder(alice, 2, 1000);
    // A succeeded intent for less than the 20.00 total (as if the order had changed).
    await t.db.insert(payments).values({
      orderId,
      provider: 'local',
      intentId: 'pi_local_short',
      clientSecret: 'pi_local_short_secret_x',
      amountCents: 1000,
      status: 'succeeded',
    });
    const res = await patch(alice, orderId, 'pi_local_short');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The payment does not match the order total.');
  });

  it('gives ten payment pages opened at once one PaymentIntent, like Stripe', async () => {
    // Regression: the local provider ignored the idempotency key, so racing requests (seen with
    // two API processes on PostgreSQL) each created an intent of their own for one order.
    const orderId = await newOrder();
    const answers = await Promise.all(Array.from({ length: 10 }, () => intentFor(alice, orderId)));
    expect(new Set(answers.map((res) => res.json().clientSecret)).size).toBe(1);
    const rows = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(rows).toHaveLength(1);

    const provider = createLocalProvider(t.db);
    const request = {
      target: { orderId, checkoutId: null },
      amountCents: 7650,
      email: alice,
      description: '3 x tyre',
      idempotencyKey: `order-${orderId}-7650`,
    };
    const first = await provider.createIntent(request);
    expect(await provider.createIntent(request)).toEqual(first);
    expect(first.clientSecret).toBe(answers[0]!.json().clientSecret);
    expect(
      (await provider.createIntent({ ...request, idempotencyKey: 'other' })).intentId,
    ).not.toBe(first.intentId);
  });

  it('pays an order exactly once under ten concurrent PATCHes', async () => {
    const orderId = await newOrder();
    const { clientSecret } = (await intentFor(alice, orderId)).json();
    const intentId = clientSecret.split('_secret_')[0];
    // Succeed the intent without going through confirm (which pays the order itself).
    await t.db.update(payments).set({ status: 'succeeded' }).where(eq(payments.intentId, intentId));
    const results = await Promise.all(
      Array.from({ length: 10 }, () => patch(alice, orderId, intentId)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const rows = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(rows).toHaveLength(1);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ paid: true, transactionId: intentId });
  });

  it('has no webhook without Stripe', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('card payments through Stripe (local HTTP stub)', () => {
  const webhookSecret = 'whsec_test_secret';
  const store = withStripeStore(webhookSecret);
  let stub: Awaited<ReturnType<typeof startStripeStub>>;
  let t: TestApp;
  let token: string;
  beforeAll(() => {
    ({ stub, t, token } = store);
  });

  async function newOrder() {
    const product = await makeProduct(t.db, { priceCents: 8999 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(token),
      payload: orderBody(product.id, 2),
    });
    return res.json()._id as string;
  }
  const createIntent = (orderId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/create-Payment-Intent',
      headers: bearer(token),
      payload: { orderId },
    });
  const webhook = (payload: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  const signed = (payload: string) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
  const succeededEvent = (intent: object) =>
    JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: intent },
    });

  it('creates a card-only PaymentIntent for the database amount with an idempotency key', async () => {
    const orderId = await newOrder();
    const res = await createIntent(orderId);
    expect(res.statusCode).toBe(200);
    expect(res.json().clientSecret).toMatch(/^pi_stub\d+_secret_stub$/);
    const call = stub.requests.find(
      (r) => r.method === 'POST' && r.form.get('metadata[orderId]') === orderId,
    );
    expect(call).toBeDefined();
    expect(call!.form.get('amount')).toBe('17998');
    expect(call!.form.get('currency')).toBe('usd');
    expect(call!.form.get('allowed_payment_method_types[0]')).toBe('card');
    expect(call!.headers['idempotency-key']).toBe(`order-${orderId}-17998`);
    expect(call!.headers.authorization).toBe('Bearer sk_test_store');
  });

  it('marks paid on PATCH only after Stripe says the intent succeeded', async () => {
    const orderId = await newOrder();
    const intentId = (await createIntent(orderId)).json().clientSecret.split('_secret_')[0];
    const early = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${orderId}`,
      headers: bearer(token),
      payload: { transactionId: intentId },
    });
    expect(early.statusCode).toBe(402);
    stub.succeed(intentId);
    const paid = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${orderId}`,
      headers: bearer(token),
      payload: { transactionId: intentId },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ paid: true, transactionId: intentId });
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${await newOrder()}`,
      headers: bearer(token),
      payload: { transactionId: 'pi_doesnotexist' },
    });
    expect(unknown.statusCode).toBe(402);
  });

  it('marks paid from a signed webhook, once, however often it is delivered', async () => {
    const orderId = await newOrder();
    const intentId = (await createIntent(orderId)).json().clientSecret.split('_secret_')[0];
    const payload = succeededEvent(stub.succeed(intentId));
    const deliveries = await Promise.all(
      Array.from({ length: 5 }, () => webhook(payload, signed(payload))),
    );
    expect(deliveries.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ paid: true, transactionId: intentId });
    const rows = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('succeeded');
  });

  it('refuses a webhook with a bad signature and changes nothing', async () => {
    const orderId = await newOrder();
    const intentId = (await createIntent(orderId)).json().clientSecret.split('_secret_')[0];
    const payload = succeededEvent(stub.succeed(intentId));
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    const res = await webhook(payload, forged);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The webhook signature does not match.');
    // A valid signature over other bytes is no better.
    expect((await webhook(payload.replace('evt_1', 'evt_2'), signed(payload))).statusCode).toBe(
      400,
    );
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.paid).toBe(false);
  });

  it('has no local card confirmation when Stripe is the provider', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/local/confirm',
      payload: { clientSecret: 'x', card: card('4242424242424242') },
    });
    expect(res.statusCode).toBe(404);
  });
});
