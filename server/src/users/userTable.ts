import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { VerifiedIdentity } from '../auth/firebase';
import { refusals } from '../refusals';
import type { Db } from '../db/client';
import { sessions, staffRoles, users } from '../db/schema';
import { Conflict, NotFound, NotSignedIn } from '../domainErrors';
import type { StaffRole } from '../../../contract/staff';
import { fittingCentresColumn, grantRole } from './staffTable';

export type UserRow = typeof users.$inferSelect;

/**
 * The user of a verified Firebase account, created at its first sign-in. A user is a Firebase
 * uid: a new account with the email of an older one (deleted, or moved to another email) is a
 * new user, and the older one is closed, keeping its orders and profile for the shop's records.
 * `ADMIN_EMAILS` make an account the owner only once Firebase says its email is verified.
 * `signedInAt` is when the person signed in (Firebase's `auth_time`, ms): a sign-in from before
 * the account's last Sign out everywhere is refused, however fresh its ID token.
 */
export async function signInAccount(
  db: Db,
  account: VerifiedIdentity,
  adminEmails: ReadonlySet<string>,
  signedInAt: number = account.issuedAt,
): Promise<UserRow> {
  const owner = account.emailVerified && adminEmails.has(account.email);
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ deletedAt: sql`now()`, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(
        and(
          eq(users.email, account.email),
          isNull(users.deletedAt),
          ne(users.firebaseUid, account.uid),
          eq(users.guest, false),
        ),
      );
    const [user] = await tx
      .insert(users)
      .values({
        email: account.email,
        firebaseUid: account.uid,
        emailVerified: account.emailVerified,
      })
      .onConflictDoUpdate({
        target: users.firebaseUid,
        // Nobody loses a role here; an unverified one simply acts as a shopper (see the guard).
        set: { email: account.email, emailVerified: account.emailVerified, deletedAt: null },
      })
      .returning();
    if (!user) throw new Error('user upsert returned nothing');
    if (owner) await grantRole(tx, user.id, 'owner');
    if (user.signedOutAt && signedInAt <= user.signedOutAt.getTime()) {
      // Neither a copy of an ID token from before Sign out everywhere nor a device still signed
      // in to Firebase since then (whose fresh ID tokens keep their auth_time) undoes it. Both
      // are dated to the second: a sign-in in the same second cannot be told from one just
      // before, so it is refused too (signing in again a second later works).
      throw new NotSignedIn(refusals.signIn.signedOutEverywhere);
    }
    return user;
  });
}

/** The current (not closed) account with this email, if any (a guest's email is no account). */
export async function activeUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(
      and(eq(users.email, email.toLowerCase()), isNull(users.deletedAt), eq(users.guest, false)),
    );
  return user ?? null;
}

/** The staff roles of a user, as one column of a query on `users`. */
export const rolesColumn = sql<StaffRole[]>`array(
  select ${staffRoles.role} from ${staffRoles} where ${staffRoles.userId} = ${users.id}
  order by ${staffRoles.role})`;

/**
 * Reads a user, its staff roles and one of its sessions, by id (the session's columns null when
 * it is not the user's): what every signed-in request checks. Prepared once, not rebuilt per
 * request.
 */
export function userAndSessionReader(db: Db) {
  const query = db
    .select({
      user: users,
      roles: rolesColumn,
      centres: fittingCentresColumn,
      sessionEndedAt: sessions.endedAt,
      sessionId: sessions.id,
    })
    .from(users)
    .leftJoin(sessions, and(eq(sessions.id, sql.placeholder('sid')), eq(sessions.userId, users.id)))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('guard_user_and_session');
  return async (userId: string, sessionId: string) => {
    const [row] = await query.execute({ id: userId, sid: sessionId });
    return row ?? null;
  };
}

/**
 * Whether the user's email was verified at its last sign-in, and its Firebase uid to ask
 * again; null when there is no such user.
 */
export async function emailVerificationOf(db: Db, userId: string) {
  const [user] = await db
    .select({ verified: users.emailVerified, firebaseUid: users.firebaseUid })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}

/** Records that the identity provider now says the user's email is verified. */
export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}

/** Runs the whole store (owner or admin), its email verified: an admin as before roles. */
export const actsAsAdmin = (user: Pick<UserRow, 'emailVerified'> & { roles: StaffRole[] }) =>
  user.emailVerified && (user.roles.includes('owner') || user.roles.includes('admin'));

export type UserWithRoles = UserRow & { roles: StaffRole[] };

export async function activeUserWithRoles(db: Db, email: string): Promise<UserWithRoles | null> {
  const [row] = await db
    .select({ user: users, roles: rolesColumn })
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNull(users.deletedAt)));
  return row ? { ...row.user, roles: row.roles } : null;
}

export async function listActiveUsers(db: Db): Promise<UserWithRoles[]> {
  const rows = await db
    .select({ user: users, roles: rolesColumn })
    .from(users)
    .where(and(isNull(users.deletedAt), eq(users.guest, false)))
    .orderBy(asc(users.createdAt), asc(users.email));
  return rows.map((row) => ({ ...row.user, roles: row.roles }));
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

const SECOND = 1000;

/**
 * The session of a device's sign-in (Firebase's `auth_time`, ms) that app tokens are issued to:
 * the open one, else a new one. A sign-in whose session was ended (LogOut on that device) is
 * refused, so a copy of its ID token cannot undo the LogOut; only a new sign-in in that same
 * second (an ID token minted at its sign-in, not before the LogOut) opens a session again.
 */
export async function openSession(
  db: Db,
  userId: string,
  signedInAt: number,
  issuedAt: number,
): Promise<string> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: sessions.id, endedAt: sessions.endedAt })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), eq(sessions.signedInAt, new Date(signedInAt))));
    const open = rows.find((row) => row.endedAt === null);
    if (open) return open.id;
    const lastEnd = Math.max(...rows.map((row) => row.endedAt?.getTime() ?? 0));
    const newSignIn = issuedAt === signedInAt && issuedAt >= Math.floor(lastEnd / SECOND) * SECOND;
    if (rows.length > 0 && !newSignIn) {
      throw new NotSignedIn(refusals.signIn.signedOutHere);
    }
    const [row] = await tx
      .insert(sessions)
      .values({ userId, signedInAt: new Date(signedInAt) })
      .returning({ id: sessions.id });
    if (!row) throw new Error('session insert returned nothing');
    return row.id;
  });
}

/**
 * LogOut: this device's session ends (every session of the same sign-in, had two exchanges
 * raced), and with it its app tokens and exchanging its ID tokens again. Other devices stay
 * signed in.
 */
export async function endSession(db: Db, userId: string, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.endedAt),
        sql`${sessions.signedInAt} = (select s.signed_in_at from sessions s where s.id = ${sessionId})`,
      ),
    );
}

/**
 * Sign out everywhere: every session ends, every app token issued to this user so far stops
 * working, and no sign-in from before now is exchanged again (a device still signed in to
 * Firebase included). The caller also ends the account's Firebase sessions (its refresh tokens). To the second, as Firebase dates its sign-ins: one in the same second
 * is refused too (signInAccount).
 */
export async function signOutEverywhere(db: Db, userId: string): Promise<{ firebaseUid: string }> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({
        tokenVersion: sql`${users.tokenVersion} + 1`,
        signedOutAt: sql`date_trunc('second', now())`,
      })
      .where(eq(users.id, userId))
      .returning({ firebaseUid: users.firebaseUid });
    if (!user) throw new Error(`no user ${userId}`);
    await tx
      .update(sessions)
      .set({ endedAt: sql`now()` })
      .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
    return user;
  });
}

/**
 * Make Admin: gives the current user with this email the admin role; returns how many roles were
 * given (0 or 1). Whether the email is verified is asked of Firebase now: the person may have
 * clicked the link a minute ago.
 */
export async function promote(
  db: Db,
  email: string,
  emailVerified: (uid: string) => Promise<boolean>,
  onGranted: (tx: Db, userId: string) => Promise<void>,
): Promise<number> {
  const user = await activeUserByEmail(db, email);
  if (!user) throw new NotFound(refusals.users.none);
  const verified = user.emailVerified || (await emailVerified(user.firebaseUid));
  if (!verified) {
    throw new Conflict(refusals.users.unverifiedAdmin);
  }
  return db.transaction(async (tx) => {
    if (!user.emailVerified) {
      await tx.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    }
    // Granted unless held already, so two owners clicking at once count once.
    const granted = await grantRole(tx, user.id, 'admin');
    if (granted) await onGranted(tx, user.id);
    return granted ? 1 : 0;
  });
}
