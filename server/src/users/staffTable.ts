import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { sessions, staffMembers, staffRoleCentres, staffRoles, users } from '../db/schema';
import type { Db } from '../db/client';
import { Conflict, Invalid, NotFound } from '../domainErrors';
import { fittingCentres } from '../fittingCentres/centreSchema';
import { refusals } from '../refusals';
import { dollarCentsRefundedBy } from '../markets/refundLimitDollars';
import { REFUND_LIMIT_HOURS, type StaffRole } from '../../../contract/staff';

/**
 * The owner of `staff_members`, `staff_roles` (migration 0031) and `staff_role_centres` (0038):
 * who holds which roles, the fitting role's centres, the refunds role's limit, and the staff's
 * sessions as the owner sees them.
 */

/**
 * The centres a user's fitting role runs, as one column of a query on `users`: their ids, or
 * null when the role runs every centre (or the user has no fitting role).
 */
export const fittingCentresColumn = sql<string[] | null>`(case when exists(
  select 1 from ${staffRoles} where ${staffRoles.userId} = ${users.id}
    and ${staffRoles.role} = 'fitting' and not ${staffRoles.everyCentre})
  then array(select ${staffRoleCentres.centreId}::text from ${staffRoleCentres}
    where ${staffRoleCentres.userId} = ${users.id} and ${staffRoleCentres.role} = 'fitting'
    order by ${staffRoleCentres.centreId})
  else null end)`;

/** Gives a role (the person becomes staff if they were not); false when they held it already. */
export async function grantRole(tx: Db, userId: string, role: StaffRole): Promise<boolean> {
  await tx.insert(staffMembers).values({ userId }).onConflictDoNothing();
  const granted = await tx
    .insert(staffRoles)
    .values({ userId, role })
    .onConflictDoNothing()
    .returning({ role: staffRoles.role });
  return granted.length > 0;
}

export interface StaffState {
  roles: StaffRole[];
  refundLimitCents: number;
  /** The fitting role's centres; null: every centre (or no fitting role). */
  centres: string[] | null;
}

/** The centres a user's fitting role is scoped to, or null (every centre, or no such role). */
async function fittingScope(tx: Db, userId: string): Promise<string[] | null> {
  const [row] = await tx
    .select({ centres: fittingCentresColumn })
    .from(users)
    .where(eq(users.id, userId));
  return row?.centres ?? null;
}

/**
 * Scopes the user's fitting role to `centres` (null: every centre). Every centre must exist;
 * the role must be held (the caller sets roles first).
 */
async function setFittingCentres(tx: Db, userId: string, centres: readonly string[] | null) {
  if (centres !== null) {
    const found = await tx
      .select({ id: fittingCentres.id })
      .from(fittingCentres)
      .where(inArray(fittingCentres.id, [...centres]));
    if (found.length !== centres.length) throw new NotFound(refusals.staff.noSuchCentre);
  }
  await tx
    .update(staffRoles)
    .set({ everyCentre: centres === null })
    .where(and(eq(staffRoles.userId, userId), eq(staffRoles.role, 'fitting')));
  await tx
    .delete(staffRoleCentres)
    .where(and(eq(staffRoleCentres.userId, userId), eq(staffRoleCentres.role, 'fitting')));
  if (centres !== null) {
    await tx
      .insert(staffRoleCentres)
      .values(centres.map((centreId) => ({ userId, role: 'fitting' as const, centreId })));
  }
}

/** A person's roles and refund limit, their row locked for the rest of the transaction. */
async function lockStaffState(tx: Db, userId: string): Promise<StaffState> {
  await tx.insert(staffMembers).values({ userId }).onConflictDoNothing();
  const [member] = await tx
    .select({ refundLimitCents: staffMembers.refundLimitCents })
    .from(staffMembers)
    .where(eq(staffMembers.userId, userId))
    .for('update');
  const held = await tx
    .select({ role: staffRoles.role })
    .from(staffRoles)
    .where(eq(staffRoles.userId, userId))
    .orderBy(asc(staffRoles.role));
  return {
    roles: held.map((row) => row.role),
    refundLimitCents: member?.refundLimitCents ?? 0,
    centres: await fittingScope(tx, userId),
  };
}

/**
 * Sets a person's roles (all of them) and, when given, their refund limit and their fitting
 * role's centres (null: every centre); returns them before and after. The owners' rows are
 * locked first, so two owners taking each other's role at once take turns and the store always
 * keeps one.
 */
export async function setStaffRoles(
  tx: Db,
  userId: string,
  roles: readonly StaffRole[],
  refundLimitCents: number | undefined,
  centres?: readonly string[] | null,
): Promise<{ before: StaffState; after: StaffState }> {
  if (centres && !roles.includes('fitting')) {
    throw new Invalid(refusals.staff.centresNeedFitting, 'centres');
  }
  const owners = await tx
    .select({ userId: staffRoles.userId })
    .from(staffRoles)
    .where(eq(staffRoles.role, 'owner'))
    .orderBy(asc(staffRoles.userId))
    .for('update');
  const before = await lockStaffState(tx, userId);
  const othersOwn = owners.some((row) => row.userId !== userId);
  if (before.roles.includes('owner') && !roles.includes('owner') && !othersOwn) {
    throw new Conflict(refusals.staff.ownerStays, 'roles');
  }
  const kept = [...roles];
  await tx
    .delete(staffRoles)
    .where(
      and(
        eq(staffRoles.userId, userId),
        kept.length > 0 ? notInArray(staffRoles.role, kept) : sql`true`,
      ),
    );
  if (kept.length > 0) {
    await tx
      .insert(staffRoles)
      .values(kept.map((role) => ({ userId, role })))
      .onConflictDoNothing();
  }
  if (refundLimitCents !== undefined) {
    await tx.update(staffMembers).set({ refundLimitCents }).where(eq(staffMembers.userId, userId));
  }
  if (centres !== undefined && roles.includes('fitting')) {
    await setFittingCentres(tx, userId, centres);
  }
  const after: StaffState = {
    roles: [...kept].sort(),
    refundLimitCents: refundLimitCents ?? before.refundLimitCents,
    centres: await fittingScope(tx, userId),
  };
  return { before, after };
}

export interface StaffListed {
  userId: string;
  email: string;
  roles: StaffRole[];
  refundLimitCents: number;
  centres: string[] | null;
}

/** Every current person of the staff (and everyone given a role once), by email. */
export async function listStaff(db: Db): Promise<StaffListed[]> {
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      refundLimitCents: staffMembers.refundLimitCents,
      roles: sql<StaffRole[]>`array(select r.role from staff_roles r
        where r.user_id = ${users.id} order by r.role)`,
      centres: fittingCentresColumn,
    })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .where(isNull(users.deletedAt))
    .orderBy(asc(users.email));
  return rows;
}

/**
 * What a refunds person may still give back now: their limit less what they refunded in the last
 * 24 hours (a failed refund gave nothing back), in dollars (markets/refundLimitDollars.ts). Their row stays locked until the transaction
 * ends, so refunds racing each other are counted one after the other and the limit holds.
 */
export async function lockRefundAllowance(
  tx: Db,
  userId: string,
): Promise<{ limitCents: number; givenCents: number }> {
  const { refundLimitCents } = await lockStaffState(tx, userId);
  const givenCents = await dollarCentsRefundedBy(tx, userId, REFUND_LIMIT_HOURS);
  return { limitCents: refundLimitCents, givenCents };
}

export interface StaffSessionRow {
  id: string;
  email: string;
  roles: StaffRole[];
  signedInAt: Date;
  endedAt: Date | null;
}

/** The open sessions of everyone who holds a staff role, newest sign-in first. */
export async function listStaffSessions(db: Db): Promise<StaffSessionRow[]> {
  return db
    .select({
      id: sessions.id,
      email: users.email,
      roles: sql<StaffRole[]>`array(select r.role from staff_roles r
        where r.user_id = ${users.id} order by r.role)`,
      signedInAt: sessions.signedInAt,
      endedAt: sessions.endedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        isNull(sessions.endedAt),
        inArray(sessions.userId, db.select({ id: staffRoles.userId }).from(staffRoles)),
      ),
    )
    .orderBy(desc(sessions.signedInAt));
}

/** Ends a staff session (its app tokens stop at once); null when there is no such open one. */
export async function endStaffSession(tx: Db, sessionId: string) {
  const [ended] = await tx
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.endedAt),
        inArray(sessions.userId, tx.select({ id: staffRoles.userId }).from(staffRoles)),
      ),
    )
    .returning({ id: sessions.id, userId: sessions.userId, signedInAt: sessions.signedInAt });
  if (!ended) return null;
  const [person] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, ended.userId));
  return { ...ended, email: person?.email ?? null };
}
