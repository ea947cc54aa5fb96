import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { refunds } from '../db/schema';

/**
 * The refunds table's owner: one row per refund the payment provider made, by its id, so a
 * refund reported twice (the admin's call, then Stripe's webhook) is counted once.
 */
export type RefundRow = typeof refunds.$inferSelect;

/** Records a refund; false when this provider refund was recorded already. */
export async function recordRefund(
  tx: Db,
  refund: Pick<RefundRow, 'orderId' | 'provider' | 'refundId' | 'amountCents'>,
): Promise<boolean> {
  const inserted = await tx
    .insert(refunds)
    .values(refund)
    .onConflictDoNothing({ target: refunds.refundId })
    .returning({ id: refunds.id });
  return inserted.length > 0;
}

/** Cents refunded per calendar day (in `timeZone`) from `fromDay` on. */
export async function refundedPerDay(
  db: Db,
  fromDay: string,
  timeZone: string,
): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    select (created_at at time zone ${timeZone})::date::text as day,
      sum(amount_cents)::bigint as cents
    from ${refunds}
    where created_at >= (${fromDay}::date::timestamp at time zone ${timeZone})
    group by 1`);
  const rows = (result as unknown as { rows: { day: string; cents: string | number }[] }).rows;
  return new Map(rows.map((row) => [row.day, Number(row.cents)]));
}
