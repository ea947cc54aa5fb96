import type { InjectOptions } from 'fastify';
import Stripe from 'stripe';
import { makeProduct, orderBody } from './fixtures';
import { bearer } from './identity';
import { withStripeStore } from './stripeStore';

/** Refunds through Stripe (its HTTP API stubbed on loopback) and its charge.refunded webhook. */
describe('refunds through Stripe (local HTTP stub)', () => {
  const webhookSecret = 'whsec_refund_secret';
  const store = withStripeStore(webhookSecret);
  const inject = (options: InjectOptions) => store.t.app.inject(options);

  /** An order of alice's for `quantity` x $89.99 with its card form open (its intent). */
  async function openPayment(quantity: number) {
    const product = await makeProduct(store.t.db, { priceCents: 8999 });
    const placed = await inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(store.token),
      payload: orderBody(product.id, quantity),
    });
    const orderId = placed.json()._id as string;
    const intent = await inject({
      method: 'POST',
      url: '/api/create-Payment-Intent',
      headers: bearer(store.token),
      payload: { orderId },
    });
    return { orderId, intentId: intent.json().clientSecret.split('_secret_')[0] as string };
  }

  /** An order of alice's for $179.98, paid on Stripe's side and recorded by the webhook. */
  async function paidOrder() {
    const { orderId, intentId } = await openPayment(2);
    const event = eventOf('payment_intent.succeeded', store.stub.succeed(intentId));
    expect((await webhook(event)).statusCode).toBe(200);
    return { orderId, intentId };
  }
  const eventOf = (type: string, object: object) =>
    JSON.stringify({ id: `evt_${Math.random()}`, object: 'event', type, data: { object } });
  const webhook = (payload: string, secret = webhookSecret) =>
    inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
      payload,
    });
  const chargeRefunded = (intentId: string) =>
    eventOf('charge.refunded', { id: 'ch_stub', object: 'charge', payment_intent: intentId });
  const admin = (orderId: string, action: string, payload: object) =>
    inject({
      method: 'POST',
      url: `/api/order/${orderId}/${action}`,
      headers: bearer(store.adminToken),
      payload,
    });
  const refundedOf = async (orderId: string) =>
    (
      await inject({ method: 'GET', url: `/api/order/${orderId}`, headers: bearer(store.token) })
    ).json().refunded as number;

  it("refunds through Stripe's refunds API with a key, and counts the webhook's report once", async () => {
    const { orderId, intentId } = await paidOrder();
    const res = await admin(orderId, 'refund', { amount: 50, reason: 'Delivered late' });
    expect(res.statusCode).toBe(200);
    expect(res.json().refunded).toBe(50);
    const call = store.stub.requests.find(
      (r) => r.path === '/v1/refunds' && r.form.get('payment_intent') === intentId,
    );
    expect(call?.form.get('amount')).toBe('5000');
    expect(call?.form.get('metadata[orderId]')).toBe(orderId);
    const refundKey = call?.form.get('metadata[refundKey]');
    expect(refundKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.headers['idempotency-key']).toBe(`refund-${refundKey}`);

    // Stripe reports the same refund: nothing changes, however often it is delivered.
    for (let i = 0; i < 3; i += 1) {
      expect((await webhook(chargeRefunded(intentId))).statusCode).toBe(200);
    }
    expect(await refundedOf(orderId)).toBe(50);
  });

  it("records a refund made in Stripe's dashboard on its order, with the store in the history", async () => {
    const { orderId, intentId } = await paidOrder();
    store.stub.refundInDashboard(intentId, 3000);
    expect((await webhook(chargeRefunded(intentId))).statusCode).toBe(200);
    expect((await webhook(chargeRefunded(intentId))).statusCode).toBe(200);
    expect(await refundedOf(orderId)).toBe(30);
    const history = await inject({
      method: 'GET',
      url: `/api/order/${orderId}/history`,
      headers: bearer(store.token),
    });
    expect(history.json().at(-1)).toMatchObject({
      action: 'refund',
      by: 'store',
      amount: 30,
      note: 'Refunded through Stripe',
    });
    // A cancel refunds only what is left.
    const cancelled = await admin(orderId, 'cancel', { reason: 'Out of stock at the warehouse' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refunded: 179.98 });
    const last = store.stub.refunds.filter((r) => r.payment_intent === intentId).at(-1);
    expect(last?.amount).toBe(14998);
  });

  it('gives the money straight back when a card is charged for an order cancelled meanwhile', async () => {
    const { orderId, intentId } = await openPayment(1);
    // The card form stays open while the order is cancelled in another tab.
    const cancelled = await inject({
      method: 'POST',
      url: `/api/order/${orderId}/cancel`,
      headers: bearer(store.token),
      payload: {},
    });
    expect(cancelled.statusCode).toBe(200);
    const succeeded = eventOf('payment_intent.succeeded', store.stub.succeed(intentId));
    expect((await webhook(succeeded)).statusCode).toBe(200);
    expect((await webhook(succeeded)).statusCode).toBe(200);
    const back = store.stub.refunds.filter((r) => r.payment_intent === intentId);
    expect(back.map((r) => r.amount)).toEqual([8999]);
    const order = await inject({
      method: 'GET',
      url: `/api/order/${orderId}`,
      headers: bearer(store.token),
    });
    expect(order.json()).toMatchObject({ status: 'cancelled', paid: false });
  });

  it('never asks twice for a refund whose answer was lost; the webhook settles it', async () => {
    const { orderId, intentId } = await paidOrder();
    store.stub.behaviour.loseRefundAnswers = true;
    try {
      const lost = await admin(orderId, 'refund', { amount: 179.98, reason: 'Never arrived' });
      expect(lost.statusCode).toBe(502);
      expect(lost.json().message).toBe(
        'The payment provider did not confirm the refund of $179.98 yet: it shows on the order once the provider reports it.',
      );
    } finally {
      store.stub.behaviour.loseRefundAnswers = false;
    }
    // The money is spoken for: asking again refunds nothing more.
    const again = await admin(orderId, 'refund', { amount: 179.98, reason: 'Never arrived' });
    expect(again.statusCode).toBe(409);
    expect(store.stub.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    expect(await refundedOf(orderId)).toBe(0);
    expect((await webhook(chargeRefunded(intentId))).statusCode).toBe(200);
    expect(await refundedOf(orderId)).toBe(179.98);
  });

  it('says what Stripe refused, and frees the amount again', async () => {
    const { orderId } = await paidOrder();
    store.stub.behaviour.refuseRefunds = 'Charge ch_stub has been disputed.';
    try {
      const res = await admin(orderId, 'cancel', { reason: 'Customer asked' });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(
        'The order is cancelled, but the payment provider refused to refund $179.98: Charge ch_stub has been disputed. Nothing was refunded; refund it from the order page once that is solved.',
      );
    } finally {
      store.stub.behaviour.refuseRefunds = null;
    }
    const refund = await admin(orderId, 'refund', { amount: 179.98, reason: 'Dispute closed' });
    expect(refund.statusCode).toBe(200);
    expect(refund.json()).toMatchObject({ status: 'cancelled', refunded: 179.98 });
  });

  it('ignores a charge.refunded event that Stripe did not sign', async () => {
    const { orderId, intentId } = await paidOrder();
    store.stub.refundInDashboard(intentId, 1000);
    const forged = await webhook(chargeRefunded(intentId), 'whsec_wrong');
    expect(forged.statusCode).toBe(400);
    expect(await refundedOf(orderId)).toBe(0);
  });
});
