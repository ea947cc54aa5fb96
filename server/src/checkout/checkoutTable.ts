import { eq } from 'drizzle-orm';
import { can, type Identity } from '../auth/guards';
import { refusals } from '../refusals';
import type { Db } from '../db/client';
import { checkouts } from '../db/schema';
import { visibleTo, type Visibility } from '../auth/visibleRecord';

/**
 * The checkouts table's owner: one payment for several orders (issue 29). Checkouts are written
 * by the database function `place_checkout` (placeCheckout.ts).
 */

export type CheckoutRow = typeof checkouts.$inferSelect;

/** Staff who read every order see each checkout; the words of the refusals. */
const checkoutVisibility: Visibility<CheckoutRow> = {
  alsoSeenBy: (caller) => can(caller, 'orders.read'),
  none: refusals.checkout.none,
  someoneElses: refusals.checkout.someoneElses,
};

/** The checkout, if the caller may see it: its owner or staff who may read every order. */
export async function findVisibleCheckout(
  db: Db,
  caller: Identity,
  id: string,
): Promise<CheckoutRow> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, id));
  return visibleTo(caller, row, checkoutVisibility);
}
