import { formatDay } from '../../ui/formatDay';
import { fitterCopy as words } from './fitterCopy';

/** The fitter's calendar: days at the centre, in its own time zone, whatever the tablet's. */

/** The day `days` after a calendar day (`YYYY-MM-DD`). */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Today, Tomorrow, Yesterday, or the day written out ('Thursday 3 December'). */
export function dayTitle(day: string, today: string): string {
  if (day === today) return words.today;
  if (day === addDays(today, 1)) return words.tomorrow;
  if (day === addDays(today, -1)) return words.yesterday;
  return formatDay(day);
}

/** The centre's calendar day of an instant. */
export const localDay = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(iso));

/** The centre's clock time of an instant, as 14:00. */
export const localTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );
