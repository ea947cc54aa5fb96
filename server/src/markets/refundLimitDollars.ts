import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { checkouts, orders, refunds } from '../db/schema';
import { markets } from './marketSchema';

/**
 * A staff member's refund limit is one amount in dollars (the store's own money, set by the
 * owner). A refund of an order in another currency counts at its dollar value by its market's
 * conversion rule (`perDollar`, the rule that turns a dollar price into the market's price),
 * rounded up to the cent, so rounding never lets more through than the limit. The rule in force
 * when the limit is checked counts for every refund of the last hours.
 */

/** `minor` of a market's currency in dollar cents: `minor / perDollar`, rounded up. */
export function dollarCentsOf(minor: number, perDollar: number): number {
  // Rounded to 6 places first: 9200 / 0.92 is 10000.000000000002 in floating point.
  return Math.ceil(Number((minor / perDollar).toFixed(6)));
}

/** The conversion rule of the market an order was priced in; 1 for the spec's dollar orders. */
export async function perDollarOfOrder(
  db: Db,
  order: { currency: string; checkoutId: string | null },
): Promise<number> {
  if (order.currency === 'USD' || !order.checkoutId) return 1;
  const [row] = await db
    .select({ conversion: markets.conversion })
    .from(checkouts)
    .innerJoin(markets, eq(markets.code, checkouts.market))
    .where(eq(checkouts.id, order.checkoutId));
  return row?.conversion.perDollar ?? 1;
}

/**
 * The dollar cents a person's refunds of the last `hours` count for (a failed refund gave
 * nothing back), each as `dollarCentsOf` works it out.
 */
export async function dollarCentsRefundedBy(
  db: Db,
  userId: string,
  hours: number,
): Promise<number> {
  const perDollar = sql`coalesce((${markets.conversion}->>'perDollar')::numeric, 1)`;
  const [given] = await db
    .select({
      cents: sql<string>`coalesce(sum(ceil(round(${refunds.amountCents} / ${perDollar}, 6))), 0)`,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .leftJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    // A dollar order counts as it is, whatever market its checkout names.
    .leftJoin(markets, and(eq(markets.code, checkouts.market), ne(orders.currency, 'USD')))
    .where(
      and(
        eq(refunds.requestedBy, userId),
        ne(refunds.status, 'failed'),
        gt(refunds.createdAt, sql`now() - make_interval(hours => ${hours})`),
      ),
    );
  return Number(given?.cents ?? 0);
}
