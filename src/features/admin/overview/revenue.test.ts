import { formatDollars, netRevenue, revenueTotals, shortDay } from './revenue';

it('subtracts refunds per day and adds the days up in whole cents', () => {
  const days = netRevenue([
    { day: '2026-11-24', paid: 0.1, refunded: 0 },
    { day: '2026-11-25', paid: 0.2, refunded: 0 },
    { day: '2026-11-26', paid: 10, refunded: 25.5 },
  ]);
  expect(days.map((day) => day.net)).toEqual([0.1, 0.2, -15.5]);
  expect(revenueTotals(days)).toEqual({ total: -15.2, today: -15.5 });
  expect(revenueTotals([])).toEqual({ total: 0, today: 0 });
  expect(formatDollars(-15.2)).toBe('-$15.20');
  expect(shortDay('2026-11-01')).toBe('1 Nov');
});
