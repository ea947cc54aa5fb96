import { eq } from 'drizzle-orm';
import { can, type Identity } from '../auth/guards';
import { refusals } from '../refusals';
import type { Db } from '../db/client';
import { checkouts } from '../db/schema';
import { Forbidden, NotFound } from '../domainErrors';

/**
 * The checkouts table's owner: one payment for several orders (issue 29). Checkouts are written
 * by the database function `place_checkout` (placeCheckout.ts).
 */

export type CheckoutRow = typeof checkouts.$inferSelect;

/** The checkout, if the caller may see it: its owner or an admin. */
export async function findVisibleCheckout(
  db: Db,
  caller: Identity,
  id: string,
): Promise<CheckoutRow> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, id));
  if (!row) throw new NotFound(refusals.checkout.none);
  if (!can(caller, 'orders.read') && row.userId !== caller.userId) {
    throw new Forbidden(refusals.checkout.someoneElses);
  }
  return row;
}
