import { eq } from 'drizzle-orm';
import type { Identity } from '../auth/guards';
import { refusals } from '../contract/refusals';
import type { Db } from '../db/client';
import { checkouts } from '../db/schema';
import { HttpError } from '../http/errors';

/** The checkouts table's owner: one payment for several orders (issue 29). */

export type CheckoutRow = typeof checkouts.$inferSelect;

/** A new checkout of the account (inside the checkout's transaction); its total comes after. */
export async function insertCheckout(
  tx: Db,
  userId: string,
  fitting: string | null,
): Promise<CheckoutRow> {
  const [row] = await tx
    .insert(checkouts)
    .values({ userId, fittingDate: fitting, totalCents: 0 })
    .returning();
  if (!row) throw new Error('the checkout insert returned nothing');
  return row;
}

/** Records what the checkout's orders cost together, once they are placed. */
export async function setCheckoutTotal(tx: Db, id: string, totalCents: number): Promise<void> {
  await tx.update(checkouts).set({ totalCents }).where(eq(checkouts.id, id));
}

/** The checkout, if the caller may see it: its owner or an admin. */
export async function findVisibleCheckout(
  db: Db,
  caller: Identity,
  id: string,
): Promise<CheckoutRow> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, id));
  if (!row) throw new HttpError(404, refusals.checkout.none);
  if (caller.role !== 'admin' && row.userId !== caller.userId) {
    throw new HttpError(403, refusals.checkout.someoneElses);
  }
  return row;
}
