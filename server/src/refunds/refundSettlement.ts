import { leftToRefundCents } from '../../../contract/orderLifecycle';
import {
  formatAmount,
  refundFailureCause,
  refundFailureWords,
} from '../../../contract/lifecycleCopy';
import { refusals } from '../refusals';
import type { Db } from '../db/client';
import { NotFound, ProviderFailed } from '../domainErrors';
import { recordEvents } from '../orders/orderEvents';
import {
  changeOrder,
  findOrder,
  lockOrder,
  orderTotalCents,
  statusOf,
  type OrderRow,
} from '../orders/orderTable';
import { RefundRefused, type PaymentProvider, type RefundMade } from '../payments/provider';
import {
  failRefund,
  findRefund,
  findRefundByProviderId,
  noteProviderRefund,
  pendingRefundCents,
  recordOutsideRefund,
  settleRefund,
  type RefundRow,
} from './refundTable';

/**
 * Money given back, after the transition that reserved it committed (a provider's refund cannot
 * be rolled back): the provider is asked under the reservation's id, and its answer, its webhook
 * or the sweep's recheck settles the refund or fails it, once, under the order's lock, with the
 * order's refunded cents and its history changed in the same transaction.
 */

const refused = refusals.lifecycle;

/**
 * Asks the provider for a reserved refund, always under the same idempotency key: asked again
 * (the sweep, after a lost answer), it never refunds twice.
 */
export const askForRefund = (provider: PaymentProvider, refund: RefundRow): Promise<RefundMade> =>
  provider.refund({
    intentId: refund.intentId,
    amountCents: refund.amountCents,
    orderId: refund.orderId,
    idempotencyKey: `refund-${refund.id}`,
    refundKey: refund.id,
  });

/**
 * Asks the provider for a reserved refund, after the transition committed, and settles it. A
 * refusal frees the reservation and says so; no answer leaves it pending (the money may have
 * moved: the provider's webhook settles it), so it is never asked for twice. A refund the
 * provider accepted but has not made yet (pending) stays pending too, counted only once the
 * provider reports it succeeded; one that failed at once is a refusal.
 */
export async function giveMoneyBack(
  db: Db,
  provider: PaymentProvider,
  refund: RefundRow,
  order: OrderRow,
): Promise<OrderRow> {
  const amount = formatAmount(refund.amountCents, order.currency);
  let made: RefundMade;
  try {
    made = await askForRefund(provider, refund);
  } catch (err) {
    if (err instanceof RefundRefused) {
      await failReservedRefund(db, refund.id, { reason: err.message }, { answered: true });
      throw new ProviderFailed(refused.refundRefused(amount, statusOf(order), err.message));
    }
    throw new ProviderFailed(refused.refundUnconfirmed(amount, statusOf(order)));
  }
  if (made.status === 'failed') {
    const reason = made.failureReason ?? 'unknown';
    await failReservedRefund(
      db,
      refund.id,
      { reason, refundId: made.refundId },
      { answered: true },
    );
    throw new ProviderFailed(
      refused.refundRefused(amount, statusOf(order), refundFailureCause(reason)),
    );
  }
  if (made.status === 'pending') {
    await noteProviderRefund(db, refund.id, made.refundId);
    return (await findOrder(db, order.id)) ?? order;
  }
  return settleReservedRefund(db, refund.id, made.refundId);
}

/** Settles a reserved refund the provider made and counts it on its order, once. */
export async function settleReservedRefund(
  db: Db,
  reservationId: string,
  refundId: string,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const reservation = await findRefund(tx, reservationId);
    if (!reservation) throw new Error(`refund ${reservationId} vanished`);
    // The order first, then its refund: the order in which a transition reserves it.
    const order = await lockOrder(tx, reservation.orderId);
    if (!order) throw new NotFound(refusals.order.none);
    const settled = await settleRefund(tx, reservationId, refundId);
    if (!settled) return order;
    // An admin's refund of its own is told now that the money moved (history, email).
    if (settled.reason !== null) {
      const status = statusOf(order);
      await recordEvents(tx, [
        {
          orderId: order.id,
          action: 'refund',
          from: status,
          to: status,
          actor: settled.requestedBy
            ? { role: 'admin', userId: settled.requestedBy }
            : { role: 'store' },
          note: settled.reason,
          amountCents: settled.amountCents,
        },
      ]);
    }
    return changeOrder(tx, order.id, { addRefundedCents: settled.amountCents });
  });
}

/** A refund the provider reports having made (Stripe's `charge.refunded`). */
export interface ReportedRefund {
  provider: PaymentProvider['name'];
  refundId: string;
  intentId: string;
  amountCents: number;
  /** The store's reservation it settles, when the store asked for it. */
  refundKey: string | null;
  /** The order it gives money back for, when known (one made in the provider's dashboard). */
  orderId: string | null;
}

/**
 * Records a refund the provider reports: one the store asked for settles its reservation (if the
 * answer did not already); one made elsewhere is counted on its order with an event by the
 * store. False when it cannot be placed (no order, or more than is left of the payment).
 */
export async function recordReportedRefund(db: Db, report: ReportedRefund): Promise<boolean> {
  const reservation = report.refundKey ? await findRefund(db, report.refundKey) : null;
  if (reservation && reservation.intentId === report.intentId) {
    await settleReservedRefund(db, reservation.id, report.refundId);
    return true;
  }
  if (await findRefundByProviderId(db, report.refundId)) return true;
  if (!report.orderId) return false;
  const orderId = report.orderId;
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order?.paid || order.transactionId !== report.intentId) return false;
    const left = leftToRefundCents({
      paidCents: orderTotalCents(order),
      refundedCents: order.refundedCents,
      pendingRefundCents: await pendingRefundCents(tx, order.id),
    });
    if (report.amountCents > left) return false;
    if (!(await recordOutsideRefund(tx, { ...report, orderId }))) return true;
    const status = statusOf(order);
    await changeOrder(tx, order.id, { addRefundedCents: report.amountCents });
    await recordEvents(tx, [
      {
        orderId,
        action: 'refund',
        from: status,
        to: status,
        actor: { role: 'store' },
        note: `Refunded through ${report.provider === 'stripe' ? 'Stripe' : 'the payment provider'}`,
        amountCents: report.amountCents,
      },
    ]);
    return true;
  });
}

/** A refund the provider reports failed or cancelled after accepting it. */
export interface FailedRefundReport {
  refundId: string;
  intentId: string;
  /** The store's reservation it was made for, when the store asked for it. */
  refundKey: string | null;
  /** Why, in the provider's words (Stripe's `failure_reason`, or `canceled`). */
  reason: string;
}

/**
 * Records a refund the provider reports failed (or cancelled): it no longer counts, and if it
 * had been counted on its order the money comes back out of the order's refunded cents, with a
 * "Refund failed" event, all in one transaction. Once: a repeated report changes nothing. False
 * when the store has no record of that refund (nothing of it was ever counted).
 */
export async function recordFailedRefund(db: Db, report: FailedRefundReport): Promise<boolean> {
  const reservation = report.refundKey ? await findRefund(db, report.refundKey) : null;
  const known =
    reservation && reservation.intentId === report.intentId
      ? reservation
      : await findRefundByProviderId(db, report.refundId);
  if (!known) return false;
  await failReservedRefund(
    db,
    known.id,
    { reason: report.reason, refundId: report.refundId },
    { answered: false },
  );
  return true;
}

/**
 * Marks a refund failed under its order's lock, taking its money back out of the order's refunded
 * cents if it had been counted. The history says so ("Refund failed", with why) unless nobody
 * was told of that money yet and the admin who asked reads the refusal in the answer (`answered`,
 * an admin's own refund refused at once): a refund that had succeeded, the refund of a cancel or a
 * received return (their event carries its amount), and any failure the provider reports later.
 */
export async function failReservedRefund(
  db: Db,
  refundRowId: string,
  failure: { reason: string; refundId?: string | null },
  { answered }: { answered: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findRefund(tx, refundRowId);
    if (!row) return;
    // The order first, then its refund: the order in which a transition reserves it.
    const order = await lockOrder(tx, row.orderId);
    if (!order) return;
    const failed = await failRefund(tx, refundRowId, failure);
    if (!failed) return;
    const { refund, wasCounted } = failed;
    const announced = wasCounted || refund.reason === null;
    const changed = wasCounted
      ? await changeOrder(tx, order.id, { addRefundedCents: -refund.amountCents })
      : order;
    if (!announced && answered) return;
    const status = statusOf(changed);
    await recordEvents(tx, [
      {
        orderId: order.id,
        action: 'refundFailed',
        from: status,
        to: status,
        actor: { role: 'store' },
        note: refundFailureWords(refund.failureReason),
        amountCents: refund.amountCents,
      },
    ]);
  });
}
