import { and, asc, desc, eq, gt, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import { refunds, sessions, staffMembers, staffRoles, users } from '../db/schema';
import type { Db } from '../db/client';
import { Conflict } from '../domainErrors';
import { refusals } from '../refusals';
import { REFUND_LIMIT_HOURS, type StaffRole } from '../../../contract/staff';

/**
 * The owner of `staff_members` and `staff_roles` (migration 0031): who holds which roles, the
 * refunds role's limit, and the staff's sessions as the owner sees them.
 */

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
  return { roles: held.map((row) => row.role), refundLimitCents: member?.refundLimitCents ?? 0 };
}

/**
 * Sets a person's roles (all of them) and, when given, their refund limit; returns them before
 * and after. The owners' rows are locked first, so two owners taking each other's role at once
 * take turns and the store always keeps one.
 */
export async function setStaffRoles(
  tx: Db,
  userId: string,
  roles: readonly StaffRole[],
  refundLimitCents: number | undefined,
): Promise<{ before: StaffState; after: StaffState }> {
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
  const after: StaffState = {
    roles: [...kept].sort(),
    refundLimitCents: refundLimitCents ?? before.refundLimitCents,
  };
  return { before, after };
}

export interface StaffListed {
  userId: string;
  email: string;
  roles: StaffRole[];
  refundLimitCents: number;
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
    })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .where(isNull(users.deletedAt))
    .orderBy(asc(users.email));
  return rows;
}

/**
 * What a refunds person may still give back now: their limit less what they refunded in the last
 * 24 hours (a failed refund gave nothing back). Their row stays locked until the transaction
 * ends, so refunds racing each other are counted one after the other and the limit holds.
 */
export async function lockRefundAllowance(
  tx: Db,
  userId: string,
): Promise<{ limitCents: number; givenCents: number }> {
  const { refundLimitCents } = await lockStaffState(tx, userId);
  const [given] = await tx
    .select({ cents: sql<string>`coalesce(sum(${refunds.amountCents}), 0)` })
    .from(refunds)
    .where(
      and(
        eq(refunds.requestedBy, userId),
        ne(refunds.status, 'failed'),
        gt(refunds.createdAt, sql`now() - make_interval(hours => ${REFUND_LIMIT_HOURS})`),
      ),
    );
  return { limitCents: refundLimitCents, givenCents: Number(given?.cents ?? 0) };
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
