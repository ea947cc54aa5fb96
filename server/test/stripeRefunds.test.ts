import { and, eq, inArray, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import Stripe from 'stripe';
import { openStoreDatabase } from '../src/storeDatabase';
import { emails, refunds } from '../src/db/schema';
import type { EmailData } from '../src/emails/emailTable';
import { renderEmail } from '../src/emails/templates';
import { recheckPendingRefunds } from '../src/refunds/refundSweeper';
import { createLocalProvider } from '../src/payments/local';
import { createStripeClient, createStripeProvider } from '../src/payments/stripe';
import { makeProduct, orderBody } from './fixtures';
import { bearer } from './identity';
import { withStripeStore } from './stripeStore';

/**
 * Refunds through Stripe (its HTTP API stubbed on loopback) and its webhook: charge.refunded, and
 * the events of a refund that changes later (charge.refund.updated, refund.updated, refund.failed).
 */
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
  const orderOf = async (orderId: string) =>
    (
      await inject({ method: 'GET', url: `/api/order/${orderId}`, headers: bearer(store.token) })
    ).json() as { refunded: number; refundPending: number };
  const refundedOf = async (orderId: string) => (await orderOf(orderId)).refunded;

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
    // The cancel's event promised the money: the history says it did not go back.
    const history = await inject({
      method: 'GET',
      url: `/api/order/${orderId}/history`,
      headers: bearer(store.token),
    });
    expect(history.json().at(-1)).toMatchObject({
      action: 'refundFailed',
      amount: 179.98,
      note: 'Nothing was given back: the payment provider refused it (Charge ch_stub has been disputed).',
    });
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

  const refundEvent = (type: string, refund: object) => eventOf(type, refund);
  const historyOf = async (orderId: string) =>
    (
      await inject({
        method: 'GET',
        url: `/api/order/${orderId}/history`,
        headers: bearer(store.token),
      })
    ).json() as Array<{ action: string; by: string; amount: number | null; note: string | null }>;
  const refundsAtStripe = (intentId: string) =>
    store.stub.refunds.filter((r) => r.payment_intent === intentId);
  const refundFailedEmails = (orderId: string) =>
    store.t.db
      .select()
      .from(emails)
      .where(and(eq(emails.orderId, orderId), eq(emails.kind, 'admin_refund_failed')));

  it('takes a refund that failed after it succeeded back out of the order, once, and tells the admins', async () => {
    const { orderId, intentId } = await paidOrder();
    const res = await admin(orderId, 'refund', { amount: 50, reason: 'Delivered late' });
    expect(res.json().refunded).toBe(50);
    const [made] = refundsAtStripe(intentId);
    // Days later the card's issuer sends the money back: the card was closed.
    const failed = store.stub.changeRefund(made!.id, 'failed', 'expired_or_canceled_card');
    for (const type of ['charge.refund.updated', 'refund.failed', 'charge.refund.updated']) {
      expect((await webhook(refundEvent(type, failed))).statusCode).toBe(200);
    }
    expect((await webhook(chargeRefunded(intentId))).statusCode).toBe(200);
    expect(await refundedOf(orderId)).toBe(0);

    const history = await historyOf(orderId);
    expect(history.filter((e) => e.action === 'refundFailed')).toEqual([
      expect.objectContaining({
        by: 'store',
        amount: 50,
        note: 'Nothing was given back: the card it was going back to has expired or was closed.',
      }),
    ]);
    expect(history.at(-1)?.action).toBe('refundFailed');
    const [row] = await store.t.db.select().from(refunds).where(eq(refunds.refundId, made!.id));
    expect(row).toMatchObject({
      status: 'failed',
      failureReason: 'expired_or_canceled_card',
      amountCents: 5000,
    });
    expect(row?.failedAt).toBeInstanceOf(Date);

    // The admins hear of it once, with the order's page to refund it again.
    const outbox = await refundFailedEmails(orderId);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ audience: 'admins', recipient: null });
    const rendered = await renderEmail(
      outbox[0]!.kind,
      outbox[0]!.data as EmailData,
      'https://store.test',
    );
    expect(rendered.subject).toMatch(/^Refund failed: \$50\.00 for an order of 2 /);
    expect(rendered.text).toContain(
      'Why: Nothing was given back: the card it was going back to has expired or was closed.',
    );
    expect(rendered.text).toContain(`https://store.test/dashboard/allOrders/${orderId}`);

    // The whole payment can be refunded again.
    const again = await admin(orderId, 'refund', {
      amount: 179.98,
      reason: 'Refund by bank transfer agreed',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().refunded).toBe(179.98);
  });

  it('counts a refund Stripe answers pending only once Stripe says it succeeded', async () => {
    const { orderId, intentId } = await paidOrder();
    store.stub.behaviour.newRefundStatus = 'pending';
    let res;
    try {
      res = await admin(orderId, 'refund', { amount: 50, reason: 'Delivered late' });
    } finally {
      store.stub.behaviour.newRefundStatus = 'succeeded';
    }
    expect(res.statusCode).toBe(200);
    expect(res.json().refunded).toBe(0);
    // charge.refunded comes as soon as the refund is made, pending: it is not money back yet.
    expect((await webhook(chargeRefunded(intentId))).statusCode).toBe(200);
    expect(await refundedOf(orderId)).toBe(0);
    // Still spoken for: no second refund can promise the same money.
    const more = await admin(orderId, 'refund', { amount: 179.98, reason: 'Never arrived' });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe('At most $129.98 can still be refunded on this order.');

    const [made] = refundsAtStripe(intentId);
    const succeeded = store.stub.changeRefund(made!.id, 'succeeded');
    for (const type of ['charge.refund.updated', 'refund.updated']) {
      expect((await webhook(refundEvent(type, succeeded))).statusCode).toBe(200);
    }
    expect(await refundedOf(orderId)).toBe(50);
    const history = await historyOf(orderId);
    expect(history.filter((e) => e.action === 'refund')).toEqual([
      expect.objectContaining({ amount: 50, note: 'Delivered late' }),
    ]);
  });

  it("frees a cancel's pending refund that Stripe cancels, and says so in the history", async () => {
    const { orderId, intentId } = await paidOrder();
    store.stub.behaviour.newRefundStatus = 'pending';
    try {
      const cancelled = await admin(orderId, 'cancel', { reason: 'Out of stock' });
      expect(cancelled.json()).toMatchObject({ status: 'cancelled', refunded: 0 });
    } finally {
      store.stub.behaviour.newRefundStatus = 'succeeded';
    }
    const [made] = refundsAtStripe(intentId);
    const canceled = store.stub.changeRefund(made!.id, 'canceled');
    expect((await webhook(refundEvent('refund.updated', canceled))).statusCode).toBe(200);
    expect((await webhook(refundEvent('refund.updated', canceled))).statusCode).toBe(200);
    expect(await refundedOf(orderId)).toBe(0);
    expect((await historyOf(orderId)).at(-1)).toMatchObject({
      action: 'refundFailed',
      amount: 179.98,
      note: 'Nothing was given back: it was cancelled before the money went back.',
    });
    expect(await refundFailedEmails(orderId)).toHaveLength(1);
    const again = await admin(orderId, 'refund', { amount: 179.98, reason: 'Cancelled order' });
    expect(again.json()).toMatchObject({ status: 'cancelled', refunded: 179.98 });
  });

  it('never counts again a refund that failed when an older event about it says succeeded', async () => {
    const { orderId, intentId } = await paidOrder();
    await admin(orderId, 'refund', { amount: 50, reason: 'Delivered late' });
    const [made] = refundsAtStripe(intentId);
    const stale = { ...made! };
    const failed = store.stub.changeRefund(made!.id, 'failed', 'lost_or_stolen_card');
    expect((await webhook(refundEvent('refund.failed', failed))).statusCode).toBe(200);
    // Stripe does not promise the order of its events: an earlier one arrives last.
    expect((await webhook(refundEvent('charge.refund.updated', stale))).statusCode).toBe(200);
    expect((await webhook(refundEvent('refund.created', stale))).statusCode).toBe(200);
    expect(await refundedOf(orderId)).toBe(0);
    expect((await historyOf(orderId)).filter((e) => e.action === 'refundFailed')).toHaveLength(1);
  });

  it('takes a failed refund made in Stripe’s dashboard back out of its order', async () => {
    const { orderId, intentId } = await paidOrder();
    const made = store.stub.refundInDashboard(intentId, 3000);
    expect((await webhook(chargeRefunded(intentId))).statusCode).toBe(200);
    expect(await refundedOf(orderId)).toBe(30);
    const failed = store.stub.changeRefund(made.id, 'failed', 'declined');
    expect((await webhook(refundEvent('charge.refund.updated', failed))).statusCode).toBe(200);
    expect((await webhook(chargeRefunded(intentId))).statusCode).toBe(200);
    expect(await refundedOf(orderId)).toBe(0);
    expect((await historyOf(orderId)).at(-1)).toMatchObject({
      action: 'refundFailed',
      amount: 30,
      note: "Nothing was given back: the card's bank turned it down.",
    });
  });

  it('refuses in words a refund that Stripe answers failed at once, and frees its amount', async () => {
    const { orderId } = await paidOrder();
    store.stub.behaviour.newRefundStatus = 'failed';
    store.stub.behaviour.newRefundFailure = 'lost_or_stolen_card';
    try {
      const res = await admin(orderId, 'refund', { amount: 50, reason: 'Delivered late' });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(
        'The payment provider refused to refund $50.00: the card it was going back to was reported lost or stolen. Nothing was refunded; refund it from the order page once that is solved.',
      );
    } finally {
      store.stub.behaviour.newRefundStatus = 'succeeded';
      store.stub.behaviour.newRefundFailure = undefined;
    }
    expect(await refundedOf(orderId)).toBe(0);
    const again = await admin(orderId, 'refund', { amount: 179.98, reason: 'Delivered late' });
    expect(again.json().refunded).toBe(179.98);
  });

  it('ignores a refund failure that Stripe did not sign', async () => {
    const { orderId, intentId } = await paidOrder();
    await admin(orderId, 'refund', { amount: 50, reason: 'Delivered late' });
    const [made] = refundsAtStripe(intentId);
    const failed = { ...made!, status: 'failed', failure_reason: 'declined' };
    const forged = await webhook(refundEvent('refund.failed', failed), 'whsec_wrong');
    expect(forged.statusCode).toBe(400);
    expect(await refundedOf(orderId)).toBe(50);
    expect((await historyOf(orderId)).some((e) => e.action === 'refundFailed')).toBe(false);
  });

  /** A paid order with an admin's refund of `amount` dollars that Stripe answered pending. */
  async function pendingRefund(amount: number) {
    const { orderId, intentId } = await paidOrder();
    store.stub.behaviour.newRefundStatus = 'pending';
    try {
      const res = await admin(orderId, 'refund', { amount, reason: 'Delivered late' });
      expect(res.json()).toMatchObject({ refunded: 0, refundPending: amount });
    } finally {
      store.stub.behaviour.newRefundStatus = 'succeeded';
    }
    const [made] = refundsAtStripe(intentId);
    return { orderId, intentId, refundId: made!.id };
  }

  it('shows a refund under way on the order until Stripe says it succeeded or failed', async () => {
    const { orderId, intentId, refundId } = await pendingRefund(50);
    expect(await orderOf(orderId)).toMatchObject({ refunded: 0, refundPending: 50 });
    const list = await inject({
      method: 'GET',
      url: `/api/order?email=${encodeURIComponent(store.alice)}`,
      headers: bearer(store.token),
    });
    expect(list.json().find((o: { _id: string }) => o._id === orderId)).toMatchObject({
      refundPending: 50,
    });
    // What is under way is not offered again: the rest is.
    const more = await admin(orderId, 'refund', { amount: 129.99, reason: 'Never arrived' });
    expect(more.json().message).toBe('At most $129.98 can still be refunded on this order.');

    const succeeded = store.stub.changeRefund(refundId, 'succeeded');
    expect((await webhook(refundEvent('refund.updated', succeeded))).statusCode).toBe(200);
    expect(await orderOf(orderId)).toMatchObject({ refunded: 50, refundPending: 0 });

    store.stub.behaviour.newRefundStatus = 'pending';
    try {
      const second = await admin(orderId, 'refund', { amount: 30, reason: 'Scratched rim' });
      expect(second.json()).toMatchObject({ refunded: 50, refundPending: 30 });
    } finally {
      store.stub.behaviour.newRefundStatus = 'succeeded';
    }
    const failed = store.stub.changeRefund(refundsAtStripe(intentId)[1]!.id, 'failed', 'declined');
    expect((await webhook(refundEvent('refund.failed', failed))).statusCode).toBe(200);
    expect(await orderOf(orderId)).toMatchObject({ refunded: 50, refundPending: 0 });
  });

  /** Makes the order's refunds look asked for `hours` ago (and last asked about then). */
  const askedHoursAgo = (orderIds: string[], hours: number) =>
    store.t.db
      .update(refunds)
      .set({
        createdAt: sql`now() - make_interval(hours => ${hours})`,
        checkedAt: sql`case when ${refunds.checkedAt} is null then null else now() - make_interval(hours => ${hours}) end`,
      })
      .where(inArray(refunds.orderId, orderIds));
  const silent = { warn: () => {} };
  const HOUR = 3600;
  const lookUps = (refundId: string) =>
    store.stub.requests.filter((r) => r.method === 'GET' && r.path === `/v1/refunds/${refundId}`)
      .length;

  it('asks Stripe again about refunds pending over an hour: settles, fails or leaves each, once', async () => {
    const settles = await pendingRefund(50);
    const fails = await pendingRefund(40);
    const waits = await pendingRefund(30);
    const fresh = await pendingRefund(20);
    await askedHoursAgo([settles.orderId, fails.orderId, waits.orderId], 2);
    store.stub.changeRefund(settles.refundId, 'succeeded');
    store.stub.changeRefund(fails.refundId, 'failed', 'expired_or_canceled_card');
    store.stub.changeRefund(fresh.refundId, 'succeeded');

    // The local provider's refunds are made at once: it has nothing to ask about.
    expect(
      await recheckPendingRefunds(store.t.db, createLocalProvider(store.t.db), HOUR, silent),
    ).toEqual({ succeeded: 0, failed: 0, pending: 0, unknown: 0 });

    // Two API processes on the one database sweep at once: each refund is asked about once.
    const second = await openStoreDatabase(store.t.databaseUrl);
    try {
      const stripe = createStripeClient({ secretKey: 'sk_test_store', apiBase: store.stub.url });
      const sweeps = await Promise.all(
        [store.t.db, second.db].map((db) =>
          recheckPendingRefunds(db, createStripeProvider(stripe, db), HOUR, silent),
        ),
      );
      const total = (key: 'succeeded' | 'failed' | 'pending' | 'unknown') =>
        sweeps.reduce((sum, counts) => sum + counts[key], 0);
      expect([total('succeeded'), total('failed'), total('pending'), total('unknown')]).toEqual([
        1, 1, 1, 0,
      ]);
      expect([settles, fails, waits].map((r) => lookUps(r.refundId))).toEqual([1, 1, 1]);
      // Pending under an hour: not asked yet (its webhook is the usual way).
      expect(lookUps(fresh.refundId)).toBe(0);

      expect(await orderOf(settles.orderId)).toMatchObject({ refunded: 50, refundPending: 0 });
      expect((await historyOf(settles.orderId)).filter((e) => e.action === 'refund')).toEqual([
        expect.objectContaining({ amount: 50, note: 'Delivered late' }),
      ]);
      expect(await orderOf(fails.orderId)).toMatchObject({ refunded: 0, refundPending: 0 });
      expect((await historyOf(fails.orderId)).at(-1)).toMatchObject({
        action: 'refundFailed',
        by: 'store',
        amount: 40,
        note: 'Nothing was given back: the card it was going back to has expired or was closed.',
      });
      expect(await refundFailedEmails(fails.orderId)).toHaveLength(1);
      expect(await orderOf(waits.orderId)).toMatchObject({ refunded: 0, refundPending: 30 });

      // Swept again at once: the one still pending is asked about again only an hour later.
      const again = await recheckPendingRefunds(
        second.db,
        createStripeProvider(stripe, second.db),
        HOUR,
        silent,
      );
      expect(again).toEqual({ succeeded: 0, failed: 0, pending: 0, unknown: 0 });
      expect(lookUps(waits.refundId)).toBe(1);

      // The webhook arrives after all: nothing is counted or told twice.
      for (const { refundId } of [settles, fails]) {
        const refund = store.stub.refunds.find((r) => r.id === refundId)!;
        const type = refund.status === 'failed' ? 'refund.failed' : 'refund.updated';
        expect((await webhook(refundEvent(type, { ...refund }))).statusCode).toBe(200);
      }
      expect((await webhook(chargeRefunded(settles.intentId))).statusCode).toBe(200);
      expect(await orderOf(settles.orderId)).toMatchObject({ refunded: 50, refundPending: 0 });
      expect((await historyOf(settles.orderId)).filter((e) => e.action === 'refund')).toHaveLength(
        1,
      );
      expect(await orderOf(fails.orderId)).toMatchObject({ refunded: 0, refundPending: 0 });
      expect(
        (await historyOf(fails.orderId)).filter((e) => e.action === 'refundFailed'),
      ).toHaveLength(1);
      expect(await refundFailedEmails(fails.orderId)).toHaveLength(1);

      // An hour on, the one still pending has succeeded: the next sweep counts it.
      await askedHoursAgo([waits.orderId], 2);
      store.stub.changeRefund(waits.refundId, 'succeeded');
      expect(
        await recheckPendingRefunds(
          store.t.db,
          createStripeProvider(stripe, store.t.db),
          HOUR,
          silent,
        ),
      ).toEqual({ succeeded: 1, failed: 0, pending: 0, unknown: 0 });
      expect(await orderOf(waits.orderId)).toMatchObject({ refunded: 30, refundPending: 0 });
    } finally {
      await second.close();
    }
  });

  it('finds a refund whose answer was lost, or asks for it again under its key if it was never made', async () => {
    const stripe = createStripeClient({ secretKey: 'sk_test_store', apiBase: store.stub.url });
    const sweep = () =>
      recheckPendingRefunds(store.t.db, createStripeProvider(stripe, store.t.db), HOUR, silent);

    // Made at Stripe, its answer lost, and no webhook ever came.
    const lost = await paidOrder();
    store.stub.behaviour.loseRefundAnswers = true;
    try {
      const res = await admin(lost.orderId, 'refund', { amount: 179.98, reason: 'Never arrived' });
      expect(res.statusCode).toBe(502);
    } finally {
      store.stub.behaviour.loseRefundAnswers = false;
    }
    expect(await orderOf(lost.orderId)).toMatchObject({ refunded: 0, refundPending: 179.98 });

    // Never reached Stripe at all.
    const never = await paidOrder();
    store.stub.behaviour.loseRefundRequests = true;
    try {
      const res = await admin(never.orderId, 'refund', { amount: 25, reason: 'Scratched rim' });
      expect(res.statusCode).toBe(502);
    } finally {
      store.stub.behaviour.loseRefundRequests = false;
    }
    expect(refundsAtStripe(never.intentId)).toHaveLength(0);

    await askedHoursAgo([lost.orderId, never.orderId], 2);
    expect(await sweep()).toEqual({ succeeded: 2, failed: 0, pending: 0, unknown: 0 });
    // The lost one was found, not made again; the other was asked for under the same key.
    expect(refundsAtStripe(lost.intentId)).toHaveLength(1);
    expect(refundsAtStripe(never.intentId)).toHaveLength(1);
    const [row] = await store.t.db.select().from(refunds).where(eq(refunds.orderId, never.orderId));
    const asked = store.stub.requests.filter(
      (r) => r.path === '/v1/refunds' && r.form.get('payment_intent') === never.intentId,
    );
    expect(new Set(asked.map((r) => r.headers['idempotency-key']))).toEqual(
      new Set([`refund-${row!.id}`]),
    );
    expect(await orderOf(lost.orderId)).toMatchObject({ refunded: 179.98, refundPending: 0 });
    expect(await orderOf(never.orderId)).toMatchObject({ refunded: 25, refundPending: 0 });
    expect((await historyOf(never.orderId)).at(-1)).toMatchObject({
      action: 'refund',
      amount: 25,
      note: 'Scratched rim',
    });
  });
});
