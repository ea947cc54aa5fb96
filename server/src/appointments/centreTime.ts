import { TZDate } from '@date-fns/tz';

/** A centre's local calendar and clock (its hours are local times in its own zone). */

/**
 * Instants already worked out, by zone, day and minute. Working out a zone's offset is the
 * costly part of a slot search, and the answer never changes while the API runs (the zone rules
 * come with Node), while centres share a few zones and the same days: kept, within a bound.
 */
const instants = new Map<string, number>();
const MAX_INSTANTS = 50_000;

/** The instant a local date and minute of the day is in `timeZone`. */
export function instantAt(timeZone: string, day: string, minuteOfDay: number): Date {
  const key = `${timeZone} ${day} ${minuteOfDay}`;
  let at = instants.get(key);
  if (at === undefined) {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    at = TZDate.tz(
      timeZone,
      year,
      month - 1,
      date,
      Math.floor(minuteOfDay / 60),
      minuteOfDay % 60,
    ).getTime();
    if (instants.size >= MAX_INSTANTS) instants.clear();
    instants.set(key, at);
  }
  return new Date(at);
}

/** The local date (`YYYY-MM-DD`) and minute of the day of an instant in `timeZone`. */
export function localOf(timeZone: string, at: Date): { day: string; minute: number } {
  const local = new TZDate(at.getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    day: `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`,
    minute: local.getHours() * 60 + local.getMinutes(),
  };
}

const clockText = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
/** Every minute of a day as `HH:MM`, made once (a search writes hundreds). */
const CLOCKS = Array.from({ length: 24 * 60 + 1 }, (_, minute) => clockText(minute));

export const clockOf = (minute: number) => CLOCKS[minute] ?? clockText(minute);

/** The day `days` after a calendar day (calendar arithmetic, no clock). */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

export const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
