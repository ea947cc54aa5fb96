import type { Checkout } from '../../../contract/checkout';
import { atOnce } from '../db/atOnce';
import { viewOf } from '../appointments/appointmentChanges';
import { lastAppointmentOfCheckout } from '../appointments/appointmentTable';
import type { Db } from '../db/client';
import { orderTotalCents, type OrderRow } from '../orders/orderTable';
import { orderViews } from '../orders/orderView';
import { pricingOf, type WrittenPricing } from '../markets/pricingView';
import type { CheckoutRow } from './checkoutTable';

/** A checkout as the API answers it: its orders, what they cost together, and where they stand. */
export async function toCheckout(
  db: Db,
  row: CheckoutRow,
  orderRows: OrderRow[],
  /** A checkout just placed: its pricing as written (placeCheckout). */
  written?: WrittenPricing,
  now = Date.now(),
): Promise<Checkout> {
  // Read side by side: the answer waits for the slowest read, not for their sum.
  const [orders, pricing, booked] = await atOnce(db, [
    () => orderViews(db, orderRows, now),
    () => pricingOf(db, row, orderRows, written),
    () => lastAppointmentOfCheckout(db, row.id),
  ] as const);
  const paid = orderRows.length > 0 && orderRows.every((order) => order.paid);
  const holds = orderRows
    .filter((order) => !order.paid && order.holdUntil !== null)
    .map((order) => order.holdUntil!.getTime());
  const totalCents = orderRows.reduce((sum, order) => sum + orderTotalCents(order), 0);
  return {
    _id: row.id,
    orders,
    total: totalCents / 100,
    fitting: row.fittingDate,
    paid,
    transactionId: paid ? (orderRows[0]?.transactionId ?? null) : null,
    expiresAt: paid || holds.length === 0 ? null : new Date(Math.min(...holds)).toISOString(),
    expired: orders.some((order) => order.expired),
    createdAt: row.createdAt.toISOString(),
    ...(pricing ? { pricing } : {}),
    appointment: booked ? await viewOf(db, booked, new Date(now)) : null,
  };
}
