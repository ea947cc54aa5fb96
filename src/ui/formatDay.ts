/**
 * A calendar day (`YYYY-MM-DD`, a fitting day) as people read it: 'Tuesday 1 December', or 'Tue 1 Dec' where
 * room is short. Read as
 * a date in UTC and shown in UTC, so the day never shifts with the browser's time zone.
 */
export function formatDay(date: string, length: 'long' | 'short' = 'long'): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    weekday: length,
    day: 'numeric',
    month: length,
  });
}
