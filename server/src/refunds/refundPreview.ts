import type { RefundPreview } from '../../../contract/orders';
import type { Db } from '../db/client';
import { Conflict } from '../domainErrors';
import type { OrderRow } from '../orders/orderTable';
import { refusals } from '../refusals';
import { paidForGoods, paidForUnits, shareOfUnits } from './paidForUnits';
import { refundableCents } from './refundReservations';

/**
 * The units of an order that can still be refunded: the most whose price (paidForUnits) fits in
 * what is left of the payment. Refunds are kept as money, so units refunded before, and any
 * goodwill refund, count by what they took.
 */
export async function unitsLeftToRefund(db: Db, order: OrderRow): Promise<number> {
  const left = await refundableCents(db, order);
  const paid = await paidForGoods(db, order);
  let units = order.quantity;
  while (units > 0 && shareOfUnits(paid, units, order.quantity) > left) units -= 1;
  return units;
}

/** Refuses `units` above what is left to refund, in the admin's words. */
export async function checkUnitsLeft(db: Db, order: OrderRow, units: number): Promise<number> {
  const unitsLeft = await unitsLeftToRefund(db, order);
  if (units > unitsLeft) {
    throw new Conflict(refusals.lifecycle.unitsLeft(unitsLeft, order.quantity), 'units');
  }
  return unitsLeft;
}

/** What a refund of `units` would give back, worked out as the refund itself would be. */
export async function previewRefund(
  db: Db,
  order: OrderRow,
  units: number,
): Promise<RefundPreview> {
  const unitsLeft = await checkUnitsLeft(db, order, units);
  return {
    quantity: order.quantity,
    unitsLeft,
    units,
    amountMinor: units === 0 ? 0 : await paidForUnits(db, order, units),
  };
}
