import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { checkouts, orders, users } from '../db/schema';
import type { EmailVerifiedCheck } from '../orders/orderTable';
import { markEmailVerified, type UserRow } from '../users/userTable';
import { guestBuyerId } from './guestBuyers';

/**
 * Once an account's email is verified (a new account, or an existing one signing in), every
 * paid order placed as a guest with that email becomes the account's: in My Orders, with the
 * same rules as the account's own. Their links keep working. Unpaid ones stay the guest's until
 * paid (or their hold ends): anyone may type an email at guest checkout, and a stranger's unpaid
 * checkout must not put their words, held stock or fitting booking into the account. The guest's
 * email can still check out as a guest later; those orders join the account once paid, at its
 * next sign-in or visit to My Orders. Returns how many moved.
 */
export async function claimGuestOrders(
  db: Db,
  account: Pick<UserRow, 'id' | 'email' | 'emailVerified' | 'guest'>,
): Promise<number> {
  if (!account.emailVerified || account.guest) return 0;
  return db.transaction(async (tx) => {
    const guestId = await guestBuyerId(tx, account.email);
    if (!guestId) return 0;
    // Takes turns with a guest checkout of this email being placed (its bag lock).
    await tx.execute(sql`select pg_advisory_xact_lock(7351003, hashtext(${guestId}))`);
    const paidOfGuest = and(eq(orders.userId, guestId), eq(orders.paid, true));
    await tx
      .update(checkouts)
      .set({ userId: account.id })
      .where(
        and(
          eq(checkouts.userId, guestId),
          inArray(
            checkouts.id,
            tx.select({ id: orders.checkoutId }).from(orders).where(paidOfGuest),
          ),
        ),
      );
    const moved = await tx
      .update(orders)
      .set({ userId: account.id })
      .where(paidOfGuest)
      .returning({ id: orders.id });
    return moved.length;
  });
}

/**
 * Claims at My Orders what a sign-in would: paid guest orders of the account's email placed since
 * it signed in, or waiting for a verification the person made since (the link clicked in this
 * session). The identity provider is asked only when such orders wait and the account is not
 * verified yet. Returns how many moved.
 */
export async function claimWhenVerified(
  db: Db,
  userId: string,
  emailVerified: EmailVerifiedCheck,
): Promise<number> {
  const [account] = await db.select().from(users).where(eq(users.id, userId));
  if (!account || account.guest) return 0;
  const guestId = await guestBuyerId(db, account.email);
  if (!guestId) return 0;
  const [waiting] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, guestId), eq(orders.paid, true)))
    .limit(1);
  if (!waiting) return 0;
  if (!account.emailVerified) {
    if (!(await emailVerified(account.firebaseUid))) return 0;
    await markEmailVerified(db, account.id);
  }
  return claimGuestOrders(db, { ...account, emailVerified: true });
}
