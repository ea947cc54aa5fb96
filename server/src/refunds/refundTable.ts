import { and, asc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { refunds } from '../db/schema';

/**
 * The refunds table's owner. A refund is reserved `pending` in the transaction that decides it
 * (so two refunds can never promise the same money), the provider is asked after that
 * transaction, and the row is settled with the provider's refund id, once, by whichever comes
 * first: the answer or the provider's webhook. A refund the provider accepted but has not made
 * yet stays pending (with its id) until the provider says it succeeded; one that fails, even
 * after it succeeded, becomes `failed` for good and no longer counts.
 */
export type RefundRow = typeof refunds.$inferSelect;

/** Reserves a refund of `amountCents` on the order; its id names it at the provider. */
export async function reserveRefund(
  tx: Db,
  refund: Pick<RefundRow, 'orderId' | 'provider' | 'intentId' | 'amountCents'> &
    Partial<Pick<RefundRow, 'reason' | 'requestedBy'>>,
): Promise<RefundRow> {
  const [row] = await tx
    .insert(refunds)
    .values({ ...refund, status: 'pending' })
    .returning();
  if (!row) throw new Error('refund reservation returned nothing');
  return row;
}

/** Cents of the order's refunds asked of the provider and not settled yet. */
export async function pendingRefundCents(tx: Db, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'pending')));
  return row?.cents ?? 0;
}

/** Cents of refunds under way per order, for the orders given (an order with none is absent). */
export async function pendingRefundCentsByOrder(
  db: Db,
  orderIds: readonly string[],
): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: refunds.orderId,
      cents: sql<number>`sum(${refunds.amountCents})::int`,
    })
    .from(refunds)
    .where(and(inArray(refunds.orderId, [...orderIds]), eq(refunds.status, 'pending')))
    .groupBy(refunds.orderId);
  return new Map(rows.map((row) => [row.orderId, Number(row.cents)]));
}

/**
 * Claims up to `limit` refunds at `provider` pending for longer than `seconds` and not asked
 * about in that time, oldest first, marking them asked now: processes sweeping at once never
 * claim the same refund (a row another has locked is skipped), and each is asked about at most
 * once per period however many processes sweep.
 */
export async function claimLongPendingRefunds(
  db: Db,
  provider: RefundRow['provider'],
  seconds: number,
  limit: number,
): Promise<RefundRow[]> {
  const since = sql`now() - make_interval(secs => ${seconds})`;
  const due = db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        eq(refunds.provider, provider),
        lt(refunds.createdAt, since),
        or(isNull(refunds.checkedAt), lt(refunds.checkedAt, since)),
      ),
    )
    .orderBy(asc(refunds.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(refunds)
    .set({ checkedAt: sql`now()` })
    .where(and(inArray(refunds.id, due), eq(refunds.status, 'pending')))
    .returning();
}

export async function findRefund(db: Db, id: string): Promise<RefundRow | null> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row ?? null;
}

export async function findRefundByProviderId(db: Db, refundId: string): Promise<RefundRow | null> {
  const [row] = await db.select().from(refunds).where(eq(refunds.refundId, refundId));
  return row ?? null;
}

/**
 * Marks a reserved refund made by the provider; the settled row, or null when it was settled
 * already (the answer and the webhook race: the money is counted once) or has failed (failed is
 * final: a late or stale report of success never counts it again).
 */
export async function settleRefund(
  tx: Db,
  id: string,
  refundId: string,
): Promise<RefundRow | null> {
  const [row] = await tx
    .update(refunds)
    .set({ status: 'succeeded', refundId, settledAt: new Date() })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning();
  return row ?? null;
}

/**
 * The provider took a reserved refund but has not made it yet (Stripe's `pending`): its id is
 * kept, and it stays pending, spoken for and not counted, until the provider reports how it ended.
 */
export async function noteProviderRefund(tx: Db, id: string, refundId: string): Promise<void> {
  await tx
    .update(refunds)
    .set({ refundId })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending'), isNull(refunds.refundId)));
}

/** A refund that failed now, and whether its money had been counted on the order. */
export interface FailedRefund {
  refund: RefundRow;
  /** It had succeeded: its amount was in the order's refunded cents and must come out. */
  wasCounted: boolean;
}

/**
 * Marks a refund failed: the provider refused it, or reports that it failed or was cancelled
 * after accepting it. Its amount is free again. Null when it had failed already (a repeated
 * report changes nothing). The caller holds the order's lock, as every writer of its refunds does.
 */
export async function failRefund(
  tx: Db,
  id: string,
  failure: { reason: string; refundId?: string | null },
): Promise<FailedRefund | null> {
  const [before] = await tx.select().from(refunds).where(eq(refunds.id, id)).for('update');
  if (!before || before.status === 'failed') return null;
  const [row] = await tx
    .update(refunds)
    .set({
      status: 'failed',
      failureReason: failure.reason,
      failedAt: new Date(),
      refundId: before.refundId ?? failure.refundId ?? null,
    })
    .where(and(eq(refunds.id, id), ne(refunds.status, 'failed')))
    .returning();
  if (!row) return null;
  return { refund: row, wasCounted: before.status === 'succeeded' };
}

/** Records a refund made elsewhere (Stripe's dashboard); false when it was recorded already. */
export async function recordOutsideRefund(
  tx: Db,
  refund: Pick<RefundRow, 'orderId' | 'provider' | 'intentId' | 'refundId' | 'amountCents'>,
): Promise<boolean> {
  const inserted = await tx
    .insert(refunds)
    .values({ ...refund, status: 'succeeded', settledAt: new Date() })
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
    select (settled_at at time zone ${timeZone})::date::text as day,
      sum(amount_cents)::bigint as cents
    from ${refunds}
    where status = 'succeeded'
      and settled_at >= (${fromDay}::date::timestamp at time zone ${timeZone})
    group by 1`);
  const rows = (result as unknown as { rows: { day: string; cents: string | number }[] }).rows;
  return new Map(rows.map((row) => [row.day, Number(row.cents)]));
}
