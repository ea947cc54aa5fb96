import { TZDate } from '@date-fns/tz';

/** A centre's local calendar and clock (its hours are local times in its own zone). */

/** The instant a local date and minute of the day is in `timeZone`. */
export function instantAt(timeZone: string, day: string, minuteOfDay: number): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const local = TZDate.tz(
    timeZone,
    year,
    month - 1,
    date,
    Math.floor(minuteOfDay / 60),
    minuteOfDay % 60,
  );
  return new Date(local.getTime());
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

export const clockOf = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The day `days` after a calendar day (calendar arithmetic, no clock). */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

export const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
