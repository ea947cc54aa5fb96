/**
 * A calendar day (`YYYY-MM-DD`, a fitting day) as people read it: 'Tuesday 1 December'. Read as
 * a date in UTC and shown in UTC, so the day never shifts with the browser's time zone.
 */
export function formatDay(date: string, weekday: 'long' | 'short' = 'long'): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    weekday,
    day: 'numeric',
    month: 'long',
  });
}
