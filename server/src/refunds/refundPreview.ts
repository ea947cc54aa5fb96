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
async function leftToRefund(db: Db, order: OrderRow) {
  const leftMinor = await refundableCents(db, order);
  const paid = await paidForGoods(db, order);
  let unitsLeft = order.quantity;
  while (unitsLeft > 0 && shareOfUnits(paid, unitsLeft, order.quantity) > leftMinor) unitsLeft -= 1;
  return { leftMinor, unitsLeft };
}

/** Refuses `units` above what is left to refund, in the admin's words. */
export async function checkUnitsLeft(db: Db, order: OrderRow, units: number) {
  const left = await leftToRefund(db, order);
  if (units > left.unitsLeft) {
    throw new Conflict(refusals.lifecycle.unitsLeft(left.unitsLeft, order.quantity), 'units');
  }
  return left;
}

/** What a refund of `units` would give back, worked out as the refund itself would be. */
export async function previewRefund(
  db: Db,
  order: OrderRow,
  units: number,
): Promise<RefundPreview> {
  const left = await checkUnitsLeft(db, order, units);
  return {
    quantity: order.quantity,
    ...left,
    units,
    amountMinor: units === 0 ? 0 : await paidForUnits(db, order, units),
  };
}
