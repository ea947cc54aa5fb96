import { and, eq, sql } from 'drizzle-orm';
import type { Identity } from '../auth/guards';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/**
 * The buyer of a guest checkout: the email typed, as a `users` row marked `guest` (one per
 * email). It owns the guest's orders, checkouts and, while a checkout is placed, its bag lines,
 * so the checkout's database function applies every rule of an account to it (held units, one
 * unpaid fitting, the fitting day, the stock). It has no Firebase account and no session, so no
 * app token ever names it (the guard refuses it besides). `emailVerified` is true because the
 * checkout's verified-email rule is about accounts: a guest's emails go to the address typed,
 * and say only the store's words.
 */
export async function guestBuyer(db: Db, email: string): Promise<Identity> {
  const address = email.trim().toLowerCase();
  const [row] = await db
    .insert(users)
    .values({
      email: address,
      guest: true,
      firebaseUid: `guest:${address}`,
      emailVerified: true,
    })
    .onConflictDoUpdate({ target: users.firebaseUid, set: { deletedAt: null } })
    .returning({ id: users.id });
  if (!row) throw new Error('guest buyer upsert returned nothing');
  return guestIdentity(row.id, address);
}

/** A guest acting on their own checkout: a shopper with no staff role and no session. */
export function guestIdentity(
  userId: string,
  email: string,
  from: { address: string; call: string } = { address: '', call: '' },
): Identity {
  return {
    userId,
    email,
    role: 'user',
    roles: [],
    permissions: new Set(),
    centres: [],
    sessionId: 'guest',
    ...from,
  };
}

/** The guest row of this email, if it ever checked out as a guest. */
export async function guestBuyerId(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), eq(users.guest, true)));
  return row?.id ?? null;
}

/** Takes turns with every other checkout of this guest email and of this browser. */
export async function lockGuest(tx: Db, buyer: Identity, browser: string): Promise<void> {
  // The account's bag lock first, as place_checkout takes it (again, in the same session).
  await tx.execute(sql`select pg_advisory_xact_lock(7351003, hashtext(${buyer.userId}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(7351011, hashtext(${browser}))`);
}
