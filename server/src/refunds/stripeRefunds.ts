import type Stripe from 'stripe';
import type { Db } from '../db/client';
import { findOrder } from '../orders/orderTable';
import { findIntent } from '../payments/paymentTable';
import { refundFailureOf, refundStatusOf } from '../payments/provider';
import { recordFailedRefund, recordReportedRefund } from './refundSettlement';

/** Where the webhook logs what it could not place. */
export interface WebhookLog {
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
}

/**
 * A charge was refunded: every refund of its intent is applied as Stripe now has it (listed
 * fresh, so a late or repeated event reads the refunds' current status).
 */
export async function recordStripeRefunds(
  db: Db,
  stripe: Stripe,
  charge: Stripe.Charge,
  log: WebhookLog,
) {
  const intentId =
    typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!intentId) return;
  for await (const refund of stripe.refunds.list({ payment_intent: intentId, limit: 100 })) {
    await applyStripeRefund(db, refund, log);
  }
}

/**
 * One Stripe refund, as Stripe has it now, applied once: a succeeded one the store asked for
 * settles its reservation; one made in Stripe's dashboard belongs to the intent's order, or to
 * the order its metadata names if that order is of the intent's checkout (else it is logged). A
 * failed or cancelled one is recorded failed, and taken back out of the order if it had been
 * counted. A pending one (or requires_action) waits: it counts only once it succeeds.
 */
export async function applyStripeRefund(db: Db, refund: Stripe.Refund, log: WebhookLog) {
  const intentId =
    typeof refund.payment_intent === 'string' ? refund.payment_intent : refund.payment_intent?.id;
  if (!intentId) return;
  const refundKey = refund.metadata?.refundKey ?? null;
  const status = refundStatusOf(refund.status);
  if (status === 'pending') return;
  if (status === 'failed') {
    const recorded = await recordFailedRefund(db, {
      refundId: refund.id,
      intentId,
      refundKey,
      reason: refundFailureOf(refund),
    });
    // Never counted by the store (a dashboard refund that failed before it succeeded): nothing
    // to take back.
    if (!recorded) log.info({ refundId: refund.id, intentId }, 'failed Stripe refund not ours');
    return;
  }
  const payment = await findIntent(db, intentId);
  const recorded = await recordReportedRefund(db, {
    provider: 'stripe',
    refundId: refund.id,
    intentId,
    amountCents: refund.amount,
    refundKey,
    orderId: await refundedOrder(db, payment, refund.metadata?.orderId ?? null),
  });
  if (!recorded) log.warn({ refundId: refund.id, intentId }, 'Stripe refund not recorded');
}

/** The order a refund of this payment is for: its order, or the named order of its checkout. */
async function refundedOrder(
  db: Db,
  payment: Awaited<ReturnType<typeof findIntent>>,
  named: string | null,
): Promise<string | null> {
  if (!payment) return null;
  if (payment.orderId) return payment.orderId;
  if (!named || !/^[0-9a-f-]{36}$/i.test(named)) return null;
  const order = await findOrder(db, named);
  return order && order.checkoutId === payment.checkoutId ? order.id : null;
}
