import type { Order } from '../../../contract/orders';
import type { Db } from '../db/client';
import { pendingRefundCentsByOrder } from '../refunds/refundTable';
import { toOrder, type OrderRow } from './orderTable';

/** Orders as the API answers them, each with its refunds under way (one query for them all). */
export async function orderViews(
  db: Db,
  rows: readonly OrderRow[],
  now = Date.now(),
): Promise<Order[]> {
  // Only a paid order can have a refund.
  const paid = rows.filter((row) => row.paid).map((row) => row.id);
  const pending = await pendingRefundCentsByOrder(db, paid);
  return rows.map((row) => toOrder(row, pending.get(row.id) ?? 0, now));
}

/** One order as the API answers it. */
export async function orderView(db: Db, row: OrderRow): Promise<Order> {
  const [order] = await orderViews(db, [row]);
  return order!;
}
