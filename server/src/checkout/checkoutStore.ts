import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { checkouts, orders } from '../db/schema';

/** The checkouts table's owner: one payment for several orders (issue 29). */

/**
 * Fittings booked per day between two days (inclusive): checkouts for that day whose orders
 * still hold their stock or are paid. A checkout whose hold ran out, or whose orders were
 * deleted, gives its place back without anyone writing it down.
 */
export async function bookedFittings(
  db: Db,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    select c.fitting_date::text as day, count(*)::int as booked
    from ${checkouts} c
    where c.fitting_date between ${from}::date and ${to}::date
      and exists (
        select 1 from ${orders} o
        where o.checkout_id = c.id
          and (o.paid or (not o.hold_released and o.hold_until > now()))
      )
    group by c.fitting_date`);
  const rows = (result as unknown as { rows: { day: string; booked: number }[] }).rows;
  return new Map(rows.map((row) => [row.day, row.booked]));
}
