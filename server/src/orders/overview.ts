import { lowInStock } from '../catalog/productTable';
import { LOW_STOCK_UNITS, REVENUE_DAYS, type Overview } from '../../../contract/overview';
import type { Db } from '../db/client';
import { dayAfter, todayIn } from '../fitting/fittingTable';
import { refundedPerDay } from '../refunds/refundTable';
import { oldestInStatus, paidPerDay, type OrderRow } from './orderTable';
import { orderViews } from './orderView';

/** How many orders of each queue the overview lists (the count says how many there are). */
const QUEUE_SHOWN = 50;
const LOW_STOCK_SHOWN = 20;

/** The orders of a queue, with when each was paid (the work queue's oldest payment comes first). */
async function queued(db: Db, rows: OrderRow[]) {
  const orders = await orderViews(db, rows);
  return orders.map((order, i) => ({ ...order, paidAt: rows[i]!.paidAt?.toISOString() ?? null }));
}

/** The admins' day: what to ship, returns to receive, revenue, and what runs out. */
export async function readOverview(db: Db, timeZone: string, now = new Date()): Promise<Overview> {
  const today = todayIn(timeZone, now);
  const days = Array.from(
    { length: REVENUE_DAYS },
    (_, i) => dayAfter(today, i - REVENUE_DAYS + 1).date,
  );
  const [toShip, returns, paid, refunded, low] = await Promise.all([
    oldestInStatus(db, 'paid', QUEUE_SHOWN),
    oldestInStatus(db, 'return_requested', QUEUE_SHOWN),
    paidPerDay(db, days[0]!, timeZone),
    refundedPerDay(db, days[0]!, timeZone),
    lowInStock(db, LOW_STOCK_UNITS, LOW_STOCK_SHOWN),
  ]);
  return {
    toShip: await queued(db, toShip.rows),
    toShipCount: toShip.total,
    returnsWaiting: await queued(db, returns.rows),
    returnsWaitingCount: returns.total,
    revenue: days.map((day) => ({
      day,
      paid: (paid.get(day) ?? 0) / 100,
      refunded: (refunded.get(day) ?? 0) / 100,
    })),
    lowStock: low.map((product) => ({
      _id: product.id,
      name: product.name,
      availablequantity: product.availableQuantity,
    })),
  };
}
