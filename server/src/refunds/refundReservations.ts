import { leftToRefundCents } from '../../../contract/orderLifecycle';
import { formatAmount } from '../../../contract/lifecycleCopy';
import { refusals } from '../refusals';
import type { Db } from '../db/client';
import { Conflict } from '../domainErrors';
import { orderTotalCents, statusOf, type OrderRow } from '../orders/orderTable';
import { findIntent } from '../payments/paymentTable';
import type { PaymentProvider } from '../payments/provider';
import { pendingRefundCents, reserveRefund, type RefundRow } from './refundTable';

/**
 * A refund reserved inside the order transition that decides it (the order row is locked), so
 * two refunds can never promise the same money; the provider is asked only after it committed
 * (`refundSettlement.ts`).
 */

const refused = refusals.lifecycle;

/** Who asked for a refund and why: an admin's own refund; null for a cancel's or a return's. */
type Asked = Pick<RefundRow, 'reason' | 'requestedBy'>;

/** Cents paid and neither refunded nor promised to a refund yet (0 for an unpaid order). */
export async function refundableCents(tx: Db, order: OrderRow): Promise<number> {
  if (!order.paid) return 0;
  return leftToRefundCents({
    paidCents: orderTotalCents(order),
    refundedCents: order.refundedCents,
    pendingRefundCents: await pendingRefundCents(tx, order.id),
  });
}

/** Reserves `cents` of the order's payment, at the provider that took it. */
async function reserve(
  tx: Db,
  providerName: PaymentProvider['name'],
  order: OrderRow,
  cents: number,
  asked: Asked = { reason: null, requestedBy: null },
): Promise<RefundRow> {
  const payment = order.transactionId ? await findIntent(tx, order.transactionId) : null;
  if (!payment || payment.provider !== providerName) {
    throw new Conflict(refused.paidElsewhere);
  }
  return reserveRefund(tx, {
    orderId: order.id,
    provider: payment.provider,
    intentId: payment.intentId,
    amountCents: cents,
    ...asked,
  });
}

/** Reserves a refund of what is left of the payment, if anything is (a cancel, a return). */
export async function reserveRest(
  tx: Db,
  providerName: PaymentProvider['name'],
  order: OrderRow,
): Promise<RefundRow | null> {
  const left = await refundableCents(tx, order);
  return left > 0 ? reserve(tx, providerName, order, left) : null;
}

/** Reserves an admin's refund of `amountCents`, refused when the order has not that much left. */
export async function reserveAskedRefund(
  tx: Db,
  providerName: PaymentProvider['name'],
  order: OrderRow,
  amountCents: number,
  asked: Asked,
): Promise<RefundRow> {
  if (!order.paid) throw new Conflict(refused.notNow('refund', statusOf(order)));
  const left = await refundableCents(tx, order);
  if (left <= 0) throw new Conflict(refused.nothingLeftToRefund);
  if (amountCents > left)
    throw new Conflict(refused.refundTooMuch(formatAmount(left, order.currency)));
  return reserve(tx, providerName, order, amountCents, asked);
}

/**
 * Reserves the refund of a cancelled fitting's lines (refunds/fittingLinesRefund.ts): told in the
 * history by its own event, as a cancel's is, so a failure says so there too.
 */
export function reserveFittingLines(
  tx: Db,
  providerName: PaymentProvider['name'],
  order: OrderRow,
  cents: number,
): Promise<RefundRow> {
  return reserve(tx, providerName, order, cents);
}
