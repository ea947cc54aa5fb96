import type { Checkout } from '../../../contract/checkout';
import { viewOf } from '../appointments/appointmentChanges';
import { lastAppointmentOfCheckout } from '../appointments/appointmentTable';
import type { Db } from '../db/client';
import { orderTotalCents, type OrderRow } from '../orders/orderTable';
import { orderViews } from '../orders/orderView';
import { pricingOf } from '../markets/pricingView';
import type { CheckoutRow } from './checkoutTable';

/** A checkout as the API answers it: its orders, what they cost together, and where they stand. */
export async function toCheckout(
  db: Db,
  row: CheckoutRow,
  orderRows: OrderRow[],
  now = Date.now(),
): Promise<Checkout> {
  const orders = await orderViews(db, orderRows, now);
  const paid = orderRows.length > 0 && orderRows.every((order) => order.paid);
  const holds = orderRows
    .filter((order) => !order.paid && order.holdUntil !== null)
    .map((order) => order.holdUntil!.getTime());
  const totalCents = orderRows.reduce((sum, order) => sum + orderTotalCents(order), 0);
  const pricing = await pricingOf(db, row, orderRows);
  const booked = await lastAppointmentOfCheckout(db, row.id);
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
