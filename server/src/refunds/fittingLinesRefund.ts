import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LineKind } from '../../../contract/markets';
import type { FittingLinesRefund } from '../appointments/appointmentChanges';
import { appointmentWords } from '../appointments/appointmentWords';
import type { Db } from '../db/client';
import { checkouts, orders } from '../db/schema';
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
 * their tax stay bought. Before payment, the lines leave the checkout instead
 * (dropUnpaidFittingLines). Reserved in the cancel's transaction, with the order's "Refund" event;
 * the provider is asked once it committed.
 */

/** The lines a fitting brings, as pricedLines writes them. */
export const FITTING_LINES: readonly LineKind[] = ['fitting', 'valves', 'disposal'];

/**
 * A checkout's fitting lines, each with what it came to on its order: the fitting lines and the
 * discounts given on them (a discount on a service line carries its tax kind: services are only
 * fitting lines), with the tax added where the market adds it.
 */
async function fittingLinesOf(db: Db, checkoutId: string) {
  const lines = await db
    .select({
      position: checkoutLines.position,
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
  return lines.flatMap((line) => {
    const fitting = FITTING_LINES.includes(line.kind);
    if (!line.orderId || (!fitting && line.taxKind !== 'services')) return [];
    const tax = fitting && !line.taxIncluded ? line.taxMinor : 0;
    return [{ ...line, orderId: line.orderId, chargedMinor: line.amountMinor + tax }];
  });
}

/** What each order of a checkout paid for its fitting lines (orders without any left out). */
export async function fittingLinesPaid(db: Db, checkoutId: string): Promise<Map<string, number>> {
  const paid = new Map<string, number>();
  for (const line of await fittingLinesOf(db, checkoutId)) {
    paid.set(line.orderId, (paid.get(line.orderId) ?? 0) + line.chargedMinor);
  }
  return paid;
}

/**
 * A checkout not paid yet has nothing to give back: its unpaid orders' fitting lines leave it
 * instead, in the cancel's transaction. The lines go from `checkout_lines`, each order's charges
 * down by what its lines came to, and the checkout's total and tax with them, so the card is
 * asked for the rest (an intent made before for the old total is refused, as any changed total).
 */
async function dropUnpaidFittingLines(tx: Db, checkoutId: string): Promise<void> {
  const unpaid = new Set(
    (await lockCheckoutOrders(tx, checkoutId)).filter((o) => !o.paid).map((o) => o.id),
  );
  if (unpaid.size === 0) return;
  const dropped = (await fittingLinesOf(tx, checkoutId)).filter((line) => unpaid.has(line.orderId));
  if (dropped.length === 0) return;
  const byOrder = new Map<string, number>();
  for (const line of dropped) {
    byOrder.set(line.orderId, (byOrder.get(line.orderId) ?? 0) + line.chargedMinor);
  }
  for (const [orderId, minor] of byOrder) {
    await tx
      .update(orders)
      .set({ chargesMinor: sql`${orders.chargesMinor} - ${minor}` })
      .where(eq(orders.id, orderId));
  }
  await tx.delete(checkoutLines).where(
    and(
      eq(checkoutLines.checkoutId, checkoutId),
      inArray(
        checkoutLines.position,
        dropped.map((line) => line.position),
      ),
    ),
  );
  const charged = dropped.reduce((sum, line) => sum + line.chargedMinor, 0);
  const tax = dropped.reduce((sum, line) => sum + line.taxMinor, 0);
  await tx
    .update(checkouts)
    .set({
      totalCents: sql`${checkouts.totalCents} - ${charged}`,
      taxMinor: sql`${checkouts.taxMinor} - ${tax}`,
    })
    .where(eq(checkouts.id, checkoutId));
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
    await dropUnpaidFittingLines(tx, appointment.checkoutId);
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
