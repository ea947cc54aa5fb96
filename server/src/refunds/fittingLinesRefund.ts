import { and, eq, inArray } from 'drizzle-orm';
import type { LineKind } from '../../../contract/markets';
import type { FittingLinesRefund } from '../appointments/appointmentChanges';
import { appointmentWords } from '../appointments/appointmentWords';
import type { Db } from '../db/client';
import { checkouts } from '../db/schema';
import { ProviderFailed } from '../domainErrors';
import { checkoutLines } from '../markets/marketSchema';
import { recordEvents } from '../orders/orderEvents';
import { lockCheckoutOrders, statusOf, type OrderRow } from '../orders/orderTable';
import type { PaymentProvider } from '../payments/provider';
import { refundableCents, reserveFittingLines } from './refundReservations';
import { giveMoneyBack } from './refundSettlement';
import type { RefundRow } from './refundTable';

/**
 * A cancelled fitting appointment gives back its fitting lines (issue 46), not a share of the
 * order: per paid order of its checkout, the fitting and balancing, valves or TPMS service and
 * old-tyre disposal priced for its tyres, less the discounts given on those services, with their
 * tax where the market adds it (inside them where it is included). The tyres, their state fee and
 * their tax stay bought. Reserved in the cancel's transaction, with the order's "Refund" event;
 * the provider is asked once it committed.
 */

/** The lines a fitting brings, as pricedLines writes them. */
export const FITTING_LINES: readonly LineKind[] = ['fitting', 'valves', 'disposal'];

/** What each order of a checkout paid for its fitting lines (orders without any left out). */
export async function fittingLinesPaid(db: Db, checkoutId: string): Promise<Map<string, number>> {
  const lines = await db
    .select({
      orderId: checkoutLines.orderId,
      kind: checkoutLines.kind,
      taxKind: checkoutLines.taxKind,
      amountMinor: checkoutLines.amountMinor,
      taxMinor: checkoutLines.taxMinor,
      taxIncluded: checkouts.taxIncluded,
    })
    .from(checkoutLines)
    .innerJoin(checkouts, eq(checkouts.id, checkoutLines.checkoutId))
    .where(
      and(
        eq(checkoutLines.checkoutId, checkoutId),
        inArray(checkoutLines.kind, [...FITTING_LINES, 'discount']),
      ),
    );
  const paid = new Map<string, number>();
  for (const line of lines) {
    if (!line.orderId) continue;
    // A discount given on a service line carries its tax kind (services: only fitting lines).
    const fitting = FITTING_LINES.includes(line.kind);
    if (!fitting && line.taxKind !== 'services') continue;
    const tax = fitting && !line.taxIncluded ? line.taxMinor : 0;
    paid.set(line.orderId, (paid.get(line.orderId) ?? 0) + line.amountMinor + tax);
  }
  return paid;
}

/** The refunds of a checkout's fitting lines, reserved in the caller's transaction. */
async function reserveCheckoutFitting(
  tx: Db,
  providerName: PaymentProvider['name'],
  checkoutId: string,
): Promise<Array<{ refund: RefundRow; order: OrderRow }>> {
  const paid = await fittingLinesPaid(tx, checkoutId);
  if (paid.size === 0) return [];
  const reserved = [];
  for (const order of await lockCheckoutOrders(tx, checkoutId)) {
    const lines = paid.get(order.id) ?? 0;
    if (!order.paid || lines <= 0) continue;
    // Never more than is left of the order's payment (an admin may have refunded some).
    const cents = Math.min(lines, await refundableCents(tx, order));
    if (cents <= 0) continue;
    const refund = await reserveFittingLines(tx, providerName, order, cents);
    const status = statusOf(order);
    await recordEvents(tx, [
      {
        orderId: order.id,
        action: 'refund',
        from: status,
        to: status,
        actor: { role: 'store' },
        note: appointmentWords.fittingLinesBack,
        amountCents: cents,
      },
    ]);
    reserved.push({ refund, order });
  }
  return reserved;
}

/** The FittingLinesRefund of a store taking payments through `provider`. */
export function fittingLinesRefund(db: Db, provider: PaymentProvider): FittingLinesRefund {
  return async (tx, appointment) => {
    if (!appointment.checkoutId) return async () => {};
    const reserved = await reserveCheckoutFitting(tx, provider.name, appointment.checkoutId);
    return async () => {
      for (const { refund, order } of reserved) {
        try {
          await giveMoneyBack(db, provider, refund, order);
        } catch (err) {
          // The appointment is cancelled all the same: a refusal is in the order's history
          // ("Refund failed"), a refund not confirmed stays pending for the sweep.
          if (!(err instanceof ProviderFailed)) throw err;
        }
      }
    };
  };
}
