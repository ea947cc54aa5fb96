import { TZDate } from '@date-fns/tz';

/**
 * A promotion's window is written in local time of its market's zone (the store's own zone for a
 * promotion of every market), kept as written and as the instants it means.
 */
const MARKET_TIME_ZONES: Record<string, string> = {
  US: 'America/New_York',
  DE: 'Europe/Berlin',
  GB: 'Europe/London',
};

export function timeZoneOf(market: string | null, storeTimeZone: string): string {
  return (market && MARKET_TIME_ZONES[market]) || storeTimeZone;
}

/** `2026-12-01T00:00` in `timeZone` as an instant. */
export function instantOf(local: string, timeZone: string): Date {
  const [day, clock] = local.split('T') as [string, string];
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = clock.split(':').map(Number) as [number, number];
  return new Date(TZDate.tz(timeZone, year, month - 1, date, hours, minutes).getTime());
}
