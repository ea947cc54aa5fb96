import { asc, eq } from 'drizzle-orm';
import { atOnce } from '../db/atOnce';
import type { CheckoutPricing } from '../../../contract/markets';
import type { Db } from '../db/client';
import type { CheckoutRow } from '../checkout/checkoutTable';
import { orderTotalCents, type OrderRow } from '../orders/orderTable';
import { checkoutLines, markets } from './marketSchema';

/**
 * The lines a checkout was just placed with, and its market's locale: answered as written,
 * without reading them back.
 */
export interface WrittenPricing {
  locale: string;
  lines: Array<Omit<typeof checkoutLines.$inferSelect, 'checkoutId' | 'position'>>;
}

/**
 * A checkout's priced lines as the API answers them: each line, the tax per rate, the total, and
 * what was refunded, split in proportion to what each order was charged (so a partial refund
 * gives back its share of the tax and of the fees). Undefined for a checkout of the spec's store.
 */
export async function pricingOf(
  db: Db,
  checkout: CheckoutRow,
  orderRows: readonly OrderRow[],
  written?: WrittenPricing,
): Promise<CheckoutPricing | undefined> {
  if (!checkout.market) return undefined;
  const [[market], lines] = written
    ? [[{ locale: written.locale }], written.lines]
    : await atOnce(db, [
        () => db.select().from(markets).where(eq(markets.code, checkout.market!)),
        () =>
          db
            .select()
            .from(checkoutLines)
            .where(eq(checkoutLines.checkoutId, checkout.id))
            .orderBy(asc(checkoutLines.position)),
      ] as const);
  const byRate = new Map<number, number>();
  for (const line of lines) {
    if (line.taxMinor > 0)
      byRate.set(line.taxRate, (byRate.get(line.taxRate) ?? 0) + line.taxMinor);
  }
  const subtotalMinor = lines.reduce((sum, line) => sum + line.amountMinor, 0);
  const first = orderRows[0]?.id;
  const refunded = { totalMinor: 0, taxMinor: 0, feesMinor: 0 };
  for (const order of orderRows) {
    if (order.refundedCents === 0) continue;
    const own = lines.filter((line) => (line.orderId ?? first) === order.id);
    const total = orderTotalCents(order);
    const share = (minor: number) => Math.round((order.refundedCents * minor) / total);
    refunded.totalMinor += order.refundedCents;
    refunded.taxMinor += share(own.reduce((sum, line) => sum + line.taxMinor, 0));
    refunded.feesMinor += share(
      own.filter((line) => line.kind !== 'goods').reduce((sum, line) => sum + line.amountMinor, 0),
    );
  }
  return {
    market: checkout.market,
    currency: checkout.currency,
    locale: market?.locale ?? 'en-US',
    country: checkout.country ?? '',
    region: checkout.region,
    taxIncluded: checkout.taxIncluded,
    taxProvider: checkout.taxProvider ?? 'store',
    lines: lines.map((line) => ({
      kind: line.kind,
      taxKind: line.taxKind,
      label: line.label,
      orderId: line.orderId,
      quantity: line.quantity,
      unitMinor: line.unitMinor,
      amountMinor: line.amountMinor,
      taxRate: line.taxRate,
      taxMinor: line.taxMinor,
    })),
    taxes: [...byRate].sort(([a], [b]) => a - b).map(([rate, taxMinor]) => ({ rate, taxMinor })),
    subtotalMinor,
    taxMinor: checkout.taxMinor,
    totalMinor: checkout.totalCents,
    refunded,
  };
}
