import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { checkouts } from '../db/schema';
import { Invalid } from '../domainErrors';
import { checkoutLines } from '../markets/marketSchema';
import type { OrderRow } from '../orders/orderTable';
import { refusals } from '../refusals';

/**
 * What the shopper paid for some units of an order's goods: the goods line less the discounts
 * given on it (issue 49: a returned tyre of a 4-for-3 set gives back what it actually cost), and
 * its added tax where the market adds it; services and fees stay with the order. Part of the
 * units is that share rounded down; all of them are exactly what was paid for the goods.
 */
export async function paidForUnits(db: Db, order: OrderRow, units: number): Promise<number> {
  if (units > order.quantity) {
    throw new Invalid(refusals.lifecycle.tooManyUnits(order.quantity), 'units');
  }
  return shareOfUnits(await paidForGoods(db, order), units, order.quantity);
}

/** `units` of `quantity` units that cost `paidCents` together: rounded down, all of them exact. */
export function shareOfUnits(paidCents: number, units: number, quantity: number): number {
  return units === quantity ? paidCents : Math.floor((paidCents * units) / quantity);
}

/** What the shopper paid for all the order's goods, discounts off and added tax on. */
export async function paidForGoods(db: Db, order: OrderRow): Promise<number> {
  const lines = await db
    .select({
      kind: checkoutLines.kind,
      taxKind: checkoutLines.taxKind,
      amountMinor: checkoutLines.amountMinor,
      taxMinor: checkoutLines.taxMinor,
      taxIncluded: checkouts.taxIncluded,
    })
    .from(checkoutLines)
    .innerJoin(checkouts, eq(checkouts.id, checkoutLines.checkoutId))
    .where(and(eq(checkoutLines.orderId, order.id)));
  const goods = lines.find((line) => line.kind === 'goods');
  let paid = order.priceCents * order.quantity;
  if (goods) {
    const off = lines
      .filter((line) => line.kind === 'discount' && line.taxKind === goods.taxKind)
      .reduce((sum, line) => sum + line.amountMinor, 0);
    paid = goods.amountMinor + off + (goods.taxIncluded ? 0 : goods.taxMinor);
  }
  return paid;
}
