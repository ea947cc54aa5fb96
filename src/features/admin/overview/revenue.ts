import type { RevenueDay } from '@contract/overview';

/** A day's revenue: what was paid less what was refunded (negative on a day of refunds only). */
export interface NetDay {
  day: string;
  paid: number;
  refunded: number;
  net: number;
}

/** Dollars to whole cents and back, so sums of many days do not drift (0.1 + 0.2). */
const cents = (dollars: number) => Math.round(dollars * 100);

export function netRevenue(days: readonly RevenueDay[]): NetDay[] {
  return days.map(({ day, paid, refunded }) => ({
    day,
    paid,
    refunded,
    net: (cents(paid) - cents(refunded)) / 100,
  }));
}

/** The 30 days' net revenue and today's (the last day), for the chart's summary. */
export function revenueTotals(days: readonly NetDay[]): { total: number; today: number } {
  return {
    total: days.reduce((sum, day) => sum + cents(day.net), 0) / 100,
    today: days.at(-1)?.net ?? 0,
  };
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const compact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** "$1,234.50", "-$20.00". */
export const formatDollars = (amount: number) => dollars.format(amount);
/** "$1.2K": the chart's axis, where room is short. */
export const formatDollarsShort = (amount: number) => compact.format(amount);

/** "12 Nov": a calendar day (`YYYY-MM-DD`) on the chart's axis, read in UTC so it never shifts. */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
  });
}
