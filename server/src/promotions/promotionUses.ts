import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { Conflict } from '../domainErrors';
import { promotionCopy } from '../../../contract/promotionCopy';
import type { Applied } from './discounts';
import { promotions, promotionUses, type PromotionRow } from './promotionSchema';

/**
 * Uses of promotions, counted exactly once. A checkout holds its uses in its own transaction,
 * under each promotion's row lock, so checkouts racing for the last use take turns and one gets
 * it; a use is `used` once the checkout is paid (in the payment's transaction, once: the row is
 * one per promotion and checkout). A held use counts only while its checkout is unpaid and holds
 * its stock: a checkout that ran out or was cancelled gives its uses back by itself.
 */

/** A use that counts now: paid, or held by a checkout still unpaid and held. */
export const countingUse: SQL = sql`(${promotionUses.status} = 'used' or exists (
  select 1 from orders o where o.checkout_id = ${promotionUses.checkoutId} and not o.paid
    and not o.hold_released and o.hold_until > now() and o.status <> 'cancelled'))`;

/**
 * The `users` rows of the customer of this row: every row of its email, guest or account (a
 * deleted account's old row aside). A guest is known only by the email typed, so uses per
 * customer are counted by email: checking out as a guest with an account's email, or signing in
 * after using a code as a guest, uses the same allowance.
 */
const rowsOfCustomer = (userId: string): SQL => sql`(
  select other.id from users me join users other on other.email = me.email
  where me.id = ${userId} and (other.id = me.id or other.guest or other.deleted_at is null))`;

/**
 * Uses that count now, per promotion, for the promotions given: of all shoppers, or of one
 * customer (the email of `customerId`, see rowsOfCustomer).
 */
export async function usesNow(
  db: Db,
  promotionIds: readonly string[],
  customerId?: string,
): Promise<Map<string, number>> {
  if (promotionIds.length === 0) return new Map();
  const rows = await db
    .select({ id: promotionUses.promotionId, uses: sql<number>`count(*)::int` })
    .from(promotionUses)
    .where(
      and(
        inArray(promotionUses.promotionId, [...promotionIds]),
        customerId ? sql`${promotionUses.userId} in ${rowsOfCustomer(customerId)}` : undefined,
        countingUse,
      ),
    )
    .groupBy(promotionUses.promotionId);
  return new Map(rows.map((row) => [row.id, Number(row.uses)]));
}

/**
 * Inside the checkout's transaction, once its orders are placed: a use of each promotion given,
 * or, when one was used up meanwhile (the total or the shopper's own), the whole checkout is
 * rolled back, in words.
 */
export async function holdUses(
  tx: Db,
  applied: readonly Applied[],
  checkout: { id: string; userId: string; currency: string; totalCents: number },
): Promise<void> {
  if (applied.length === 0) return;
  const ids = applied.map((each) => each.promotion.id).sort();
  const locked = await tx
    .select()
    .from(promotions)
    .where(inArray(promotions.id, ids))
    .orderBy(promotions.id)
    .for('update');
  const byId = new Map(locked.map((row) => [row.id, row]));
  const total = await usesNow(tx, ids);
  const own = await usesNow(tx, ids, checkout.userId);
  const usedUp = applied.filter(({ promotion }) => {
    const row: PromotionRow | undefined = byId.get(promotion.id);
    if (!row || (row.endedAt && row.endedAt <= new Date())) return true;
    if (row.maxUses !== null && (total.get(row.id) ?? 0) >= row.maxUses) return true;
    return row.perCustomer !== null && (own.get(row.id) ?? 0) >= row.perCustomer;
  });
  if (usedUp.length > 0) {
    const names = usedUp.map((each) => each.code ?? each.promotion.name).join(', ');
    throw new Conflict(promotionCopy.refused.usedUpAtCheckout(names));
  }
  await tx.insert(promotionUses).values(
    applied.map((each) => ({
      promotionId: each.promotion.id,
      checkoutId: checkout.id,
      userId: checkout.userId,
      code: each.code,
      currency: checkout.currency,
      discountMinor: each.discountMinor,
      revenueMinor: checkout.totalCents,
    })),
  );
}

/** In the payment's transaction: the checkout's uses are used, once. */
export async function countUses(tx: Db, checkoutId: string): Promise<void> {
  await tx
    .update(promotionUses)
    .set({ status: 'used', usedAt: new Date() })
    .where(and(eq(promotionUses.checkoutId, checkoutId), eq(promotionUses.status, 'held')));
}
