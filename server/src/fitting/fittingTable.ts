import { asc, sql } from 'drizzle-orm';
import { FITTING_DAYS_AHEAD, type FittingDay } from '../../../contract/fitting';
import { refusals } from '../refusals';
import type { Db } from '../db/client';
import { fittingWeekdays } from '../db/schema';
import { Conflict } from '../domainErrors';
import { fittingsBookedPerDay } from '../orders/orderTable';

/** The fitting_weekdays table's owner: the week's fitting places, and the days to book. */

/** The calendar day it is now in the shop's time zone, `YYYY-MM-DD`. */
export function todayIn(timeZone: string, now = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
}

/** The day `days` after a calendar day, and its weekday (calendar arithmetic, no clock). */
export function dayAfter(day: string, days: number): { date: string; weekday: number } {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return { date: at.toISOString().slice(0, 10), weekday: at.getUTCDay() };
}

/** Places per weekday, Sunday first. */
export async function readSchedule(db: Db): Promise<number[]> {
  const rows = await db.select().from(fittingWeekdays).orderBy(asc(fittingWeekdays.weekday));
  const places = Array.from({ length: 7 }, () => 0);
  for (const row of rows) places[row.weekday] = row.places;
  return places;
}

export async function writeSchedule(db: Db, places: number[]): Promise<number[]> {
  await db
    .insert(fittingWeekdays)
    .values(places.map((count, weekday) => ({ weekday, places: count })))
    .onConflictDoUpdate({
      target: fittingWeekdays.weekday,
      set: { places: sql`excluded.places` },
    });
  return readSchedule(db);
}

/**
 * The days a fitting can be booked, tomorrow first, each with the places left (0 when full or
 * when the shop does not fit that day).
 */
export async function fittingDays(db: Db, today: string): Promise<FittingDay[]> {
  const schedule = await readSchedule(db);
  const days = Array.from({ length: FITTING_DAYS_AHEAD }, (_, i) => dayAfter(today, i + 1));
  const booked = await fittingsBookedPerDay(db, days[0]!.date, days.at(-1)!.date);
  return days.map(({ date, weekday }) => ({
    date,
    weekday,
    places: Math.max(0, schedule[weekday]! - (booked.get(date) ?? 0)),
  }));
}

/**
 * Makes sure a fitting can be booked on `day` for the checkout about to be written in this
 * transaction, or refuses in words. Checkouts for one day take turns (a lock on the day until the
 * transaction ends), so two shoppers racing for its last place get one booking and one refusal.
 */
export async function claimFittingPlace(tx: Db, day: string, today: string): Promise<void> {
  const first = dayAfter(today, 1).date;
  const last = dayAfter(today, FITTING_DAYS_AHEAD).date;
  if (day < first || day > last) {
    throw new Conflict(refusals.checkout.fittingDayNotOffered(first, last));
  }
  await tx.execute(sql`select pg_advisory_xact_lock(7351004, hashtext(${day}))`);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const places = (await readSchedule(tx))[weekday]!;
  if (places === 0) throw new Conflict(refusals.checkout.fittingDayClosed);
  const booked = (await fittingsBookedPerDay(tx, day, day)).get(day) ?? 0;
  if (booked >= places) throw new Conflict(refusals.checkout.fittingDayFull);
}
