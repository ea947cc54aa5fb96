import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  lt,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Appointment, AppointmentStatus } from '../../../contract/appointments';
import { CHANGE_DEADLINE_HOURS } from '../../../contract/appointments';
import type { FittingCentre } from '../../../contract/fittingCentres';
import type { Db } from '../db/client';
import { appointments, type AppointmentRow } from './appointmentSchema';
import type { Busy } from './slots';

/**
 * The appointments table's owner. An appointment takes its bay while it is live: not cancelled
 * (nor a no-show), and, when a checkout booked it, while one of that checkout's orders is paid
 * or still holds its stock, so an unpaid checkout's hold running out frees the bay at once.
 */

type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The appointment's checkout, qualified by hand: Drizzle writes a column of a select list
 * unqualified, and inside the orders subquery `checkout_id` alone would be the order's own.
 */
const CHECKOUT = sql.raw('"appointments"."checkout_id"');

/** The SQL condition of a live appointment. */
export const LIVE: SQL = sql`${appointments.status} not in ('cancelled', 'no_show') and (
  ${CHECKOUT} is null or exists (
    select 1 from orders o where o.checkout_id = ${CHECKOUT}
      and o.status <> 'cancelled'
      and (o.paid or (not o.hold_released and o.hold_until > now()))))`;

/** Whether the checkout that booked it is paid (true for one booked without a checkout). */
const PAID: SQL<boolean> = sql<boolean>`(${CHECKOUT} is null or exists (
  select 1 from orders o where o.checkout_id = ${CHECKOUT} and o.paid))`;

const HOUR = 3_600_000;

export function toAppointment(
  row: AppointmentRow & { paid: boolean },
  centre: FittingCentre,
  now = new Date(),
): Appointment {
  return {
    _id: row.id,
    centre,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    bay: row.bay,
    job: row.job,
    tpms: row.tpms,
    car: row.car,
    status: row.status,
    checkoutId: row.checkoutId,
    tyresReadyAt: row.tyresReadyAt.toISOString(),
    tyresArrived: row.tyresReadyAt.getTime() <= now.getTime(),
    paid: row.paid,
    changeableUntil: new Date(row.startsAt.getTime() - CHANGE_DEADLINE_HOURS * HOUR).toISOString(),
  };
}

/** The bays taken at a centre between two instants by live appointments (one aside). */
export async function busyBays(
  db: DbOrTx,
  centreId: string,
  from: Date,
  to: Date,
  except: string | null = null,
): Promise<Busy[]> {
  const rows = await db
    .select({ bay: appointments.bay, startsAt: appointments.startsAt, endsAt: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.centreId, centreId),
        lt(appointments.startsAt, to),
        sql`${appointments.endsAt} > ${from.toISOString()}`,
        LIVE,
        except ? sql`${appointments.id} <> ${except}` : undefined,
      ),
    );
  return rows.map((row) => ({
    bay: row.bay,
    startsAt: row.startsAt.getTime(),
    endsAt: row.endsAt.getTime(),
  }));
}

/**
 * The bays taken at a centre between two instants by live appointments, as one SQL value (a JSON
 * array of Busy): `centreId` is a value or a column of the query it goes into, the instants
 * values or placeholders of a prepared query.
 */
export function busyBaysSql(
  centreId: SQL | string,
  from: Date | Placeholder,
  to: Date | Placeholder,
): SQL<Busy[]> {
  const at = (instant: Date | Placeholder) =>
    instant instanceof Date ? instant.toISOString() : instant;
  // Qualified by hand, as CHECKOUT: the query it goes into may read a table with the same names.
  const column = (name: string) => sql.raw(`"appointments"."${name}"`);
  return sql<Busy[]>`(
    select coalesce(json_agg(json_build_object(
      'bay', ${column('bay')},
      'startsAt', (extract(epoch from ${column('starts_at')}) * 1000)::float8,
      'endsAt', (extract(epoch from ${column('ends_at')}) * 1000)::float8)), '[]'::json)
    from ${appointments}
    where ${column('centre_id')} = ${centreId}
      and ${column('starts_at')} < ${at(to)}
      and ${column('ends_at')} > ${at(from)}
      and ${LIVE})`;
}

export type NewAppointment = typeof appointments.$inferInsert;

export async function insertAppointment(tx: DbOrTx, values: NewAppointment) {
  const [row] = await tx.insert(appointments).values(values).returning();
  return row!;
}

const withPaid = { ...getTableColumns(appointments), paid: PAID };

export async function findAppointment(db: DbOrTx, id: string) {
  const [row] = await db.select(withPaid).from(appointments).where(eq(appointments.id, id));
  return row ?? null;
}

/** The appointment, locked until the transaction ends. */
export async function lockAppointment(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select(withPaid)
    .from(appointments)
    .where(eq(appointments.id, id))
    .for('update', { of: appointments });
  return row ?? null;
}

/** The live appointment a checkout booked, if any. */
export async function appointmentOfCheckout(db: DbOrTx, checkoutId: string) {
  const [row] = await db
    .select(withPaid)
    .from(appointments)
    .where(
      and(eq(appointments.checkoutId, checkoutId), sql`${appointments.status} <> 'cancelled'`),
    );
  return row ?? null;
}

/** The appointment a checkout booked, cancelled or not: the newest. */
export async function lastAppointmentOfCheckout(db: DbOrTx, checkoutId: string) {
  const [row] = await db
    .select(withPaid)
    .from(appointments)
    .where(eq(appointments.checkoutId, checkoutId))
    .orderBy(desc(appointments.createdAt))
    .limit(1);
  return row ?? null;
}

/** An account's appointments to come and of the last week, soonest first. */
export async function appointmentsOf(db: DbOrTx, userId: string) {
  return db
    .select(withPaid)
    .from(appointments)
    .where(
      and(
        eq(appointments.userId, userId),
        gte(appointments.startsAt, sql`now() - interval '7 days'`),
        sql`(${appointments.status} <> 'booked' or ${LIVE})`,
      ),
    )
    .orderBy(asc(appointments.startsAt));
}

/** A centre's live appointments (and those done or missed) between two instants, by time. */
export async function centreAppointments(db: DbOrTx, centreId: string, from: Date, to: Date) {
  return db
    .select(withPaid)
    .from(appointments)
    .where(
      and(
        eq(appointments.centreId, centreId),
        gte(appointments.startsAt, from),
        lt(appointments.startsAt, to),
        sql`(${appointments.status} in ('arrived', 'fitted', 'no_show') or ${LIVE})`,
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.bay));
}

/** The dates of an account's unpaid appointments that still hold their bay. */
export async function unpaidAppointmentDays(tx: DbOrTx, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ startsAt: appointments.startsAt })
    .from(appointments)
    .where(and(eq(appointments.userId, userId), LIVE, sql`not ${PAID}`));
  return rows.map((row) => row.startsAt.toISOString().slice(0, 10));
}

export async function setStatus(tx: DbOrTx, id: string, status: AppointmentStatus) {
  await tx
    .update(appointments)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(appointments.id, id));
}

export async function moveTo(
  tx: DbOrTx,
  id: string,
  slot: { bay: number; startsAt: Date; endsAt: Date },
) {
  await tx
    .update(appointments)
    // The new time gets its own reminder.
    .set({ ...slot, remindedAt: null, updatedAt: sql`now()` })
    .where(eq(appointments.id, id));
}

/** Whether a centre has any appointment (a centre with history is made inactive, not deleted). */
export async function hasAppointments(db: DbOrTx, centreId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(eq(appointments.centreId, centreId))
    .limit(1);
  return row !== undefined;
}
