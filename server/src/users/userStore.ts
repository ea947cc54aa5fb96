import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { VerifiedIdentity } from '../auth/firebase';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';

export type UserRow = typeof users.$inferSelect;

/**
 * The user of a verified Firebase account, created at its first sign-in. A user is a Firebase
 * uid: a new account with the email of an older one (deleted, or moved to another email) is a
 * new user, and the older one is closed, keeping its orders and profile for the shop's records.
 * `ADMIN_EMAILS` make an account admin only once Firebase says its email is verified.
 */
export async function signInAccount(
  db: Db,
  account: VerifiedIdentity,
  adminEmails: ReadonlySet<string>,
): Promise<UserRow> {
  const admin = account.emailVerified && adminEmails.has(account.email);
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ deletedAt: sql`now()`, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(
        and(
          eq(users.email, account.email),
          isNull(users.deletedAt),
          ne(users.firebaseUid, account.uid),
        ),
      );
    const [user] = await tx
      .insert(users)
      .values({
        email: account.email,
        firebaseUid: account.uid,
        emailVerified: account.emailVerified,
        role: admin ? 'admin' : 'user',
      })
      .onConflictDoUpdate({
        target: users.firebaseUid,
        // Nobody is demoted here; an unverified admin simply acts as a user (see the guard).
        set: {
          email: account.email,
          emailVerified: account.emailVerified,
          deletedAt: null,
          ...(admin ? { role: 'admin' as const } : {}),
        },
      })
      .returning();
    if (!user) throw new Error('user upsert returned nothing');
    if (user.signedOutAt && account.issuedAt < user.signedOutAt.getTime()) {
      // A copy of an ID token from before the LogOut must not undo it.
      throw new HttpError(401, 'You signed out since this sign-in: please sign in again.');
    }
    return user;
  });
}

/** The current (not closed) user with this email, if any. */
export async function activeUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNull(users.deletedAt)));
  return user ?? null;
}

export const actsAsAdmin = (user: Pick<UserRow, 'role' | 'emailVerified'>) =>
  user.role === 'admin' && user.emailVerified;

export function listActiveUsers(db: Db): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(isNull(users.deletedAt))
    .orderBy(asc(users.createdAt), asc(users.email));
}

/** Closes the users whose Firebase accounts are gone: their tokens die with them. */
export async function markDeleted(db: Db, uids: string[]): Promise<void> {
  for (const uid of uids) {
    await db
      .update(users)
      .set({ deletedAt: sql`now()`, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(and(eq(users.firebaseUid, uid), isNull(users.deletedAt)));
  }
}

/**
 * LogOut: every app token issued to this user so far stops working, and so does exchanging any
 * Firebase ID token minted before now. To the second, as Firebase dates its tokens: a sign-in in
 * the same second as the LogOut still counts.
 */
export async function revokeTokens(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({
      tokenVersion: sql`${users.tokenVersion} + 1`,
      signedOutAt: sql`date_trunc('second', now())`,
    })
    .where(eq(users.id, userId));
}

/**
 * Promotes the current user with this email; returns how many rows changed (0 or 1). Whether the
 * email is verified is asked of Firebase now: the owner may have clicked the link a minute ago.
 */
export async function promote(
  db: Db,
  email: string,
  emailVerified: (uid: string) => Promise<boolean>,
): Promise<number> {
  const user = await activeUserByEmail(db, email);
  if (!user) throw new HttpError(404, 'No user with this email has signed in to the store.');
  const verified = user.emailVerified || (await emailVerified(user.firebaseUid));
  if (!verified) {
    throw new HttpError(
      409,
      'This user has not verified their email yet: only verified accounts can be admins.',
    );
  }
  // One statement: promote unless already admin, so two admins clicking at once count once.
  const promoted = await db
    .update(users)
    .set({ role: 'admin', emailVerified: true })
    .where(and(eq(users.id, user.id), ne(users.role, 'admin')))
    .returning({ id: users.id });
  if (promoted.length === 0 && !user.emailVerified) {
    // Already admin by role, verified only now: the role counts from the next request.
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  }
  return promoted.length;
}
