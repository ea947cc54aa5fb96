import { discountsFor, type DiscountQuestion } from '../src/promotions/discounts';
import type { PromotionRow } from '../src/promotions/promotionSchema';
import { shareByLargestRemainder } from '../src/promotions/sharing';
import { instantOf } from '../src/promotions/promotionTimes';
import type { DraftLine } from '../src/markets/pricedLines';

/** The discounts' arithmetic on its own: windows at their edges, sharing, N for M. */

const start = instantOf('2026-12-01T00:00', 'Europe/Berlin');
const end = instantOf('2026-12-08T00:00', 'Europe/Berlin');

const promotion = (own: Partial<PromotionRow> = {}): PromotionRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: '4 for 3',
  badge: null,
  kind: 'buyNPayM',
  percent: null,
  amountMinor: null,
  buy: 4,
  pay: 3,
  target: 'all',
  targetValues: [],
  market: null,
  minimumMinor: null,
  timeZone: 'Europe/Berlin',
  startsLocal: '2026-12-01T00:00',
  endsLocal: '2026-12-08T00:00',
  startsAt: start,
  endsAt: end,
  audience: 'everyone',
  maxUses: null,
  perCustomer: null,
  priority: 0,
  exclusive: false,
  code: null,
  endedAt: null,
  createdBy: null,
  createdAt: new Date(0),
  ...own,
});

const goods = (productId: string, quantity: number, unitMinor: number): DraftLine => ({
  reference: `goods-${productId}`,
  productId,
  kind: 'goods',
  taxKind: 'tyres',
  label: productId,
  quantity,
  unitMinor,
  amountMinor: quantity * unitMinor,
});

const ask = (own: Partial<DiscountQuestion>): DiscountQuestion => ({
  market: { code: 'DE' },
  lines: [goods('a', 4, 9999)],
  facts: new Map([
    ['a', { name: 'Alpine Winter', category: 'tyre', season: 'winter' }],
    ['b', { name: 'Alpine Winter', category: 'tyre', season: 'winter' }],
  ]),
  promotions: [promotion()],
  codes: [],
  shopper: { signedIn: true, firstOrder: true, usesOf: new Map() },
  usesOf: new Map(),
  now: start,
  money: String,
  localTime: (row) => row.startsLocal,
  ...own,
});

const total = (own: Partial<DiscountQuestion>) =>
  discountsFor(ask(own)).applied.reduce((sum, each) => sum + each.discountMinor, 0);

describe('discounts', () => {
  it('runs from its start (Berlin midnight, 23:00 UTC) to just before its end', () => {
    expect(start.toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(total({ now: new Date(start.getTime() - 1) })).toBe(0);
    expect(total({ now: start })).toBe(9999);
    expect(total({ now: new Date(end.getTime() - 1) })).toBe(9999);
    expect(total({ now: end })).toBe(0);
    // Ended by an admin: from that moment on.
    const ended = [promotion({ endedAt: new Date(start.getTime() + 1000) })];
    expect(total({ promotions: ended, now: new Date(start.getTime() + 999) })).toBe(9999);
    expect(total({ promotions: ended, now: new Date(start.getTime() + 1000) })).toBe(0);
  });

  it('gives the cheapest units free, in every full set only', () => {
    // 3 at €120 and 2 at €80: one set of four, the cheapest unit (€80) free.
    const lines = [goods('a', 3, 12000), goods('b', 2, 8000)];
    const given = discountsFor(ask({ lines }));
    expect(given.applied[0]!.discountMinor).toBe(8000);
    // Shared over the lines by what they cost: 36000 and 16000 of 52000.
    expect(given.lines.map((line) => line.amountMinor)).toEqual([-5538, -2462]);
    expect(total({ lines: [goods('a', 3, 12000)] })).toBe(0);
    expect(total({ lines: [goods('a', 8, 12000)] })).toBe(24000);
  });

  it('shares whole units by largest remainder, none lost or invented', () => {
    expect(shareByLargestRemainder(1000, [8199, 2799])).toEqual([745, 255]); // 745.499… and 254.500…: the cent to the larger remainder
    expect(shareByLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareByLargestRemainder(0, [5, 5])).toEqual([0, 0]);
    for (let cents = 1; cents < 500; cents += 7) {
      const shares = shareByLargestRemainder(cents, [333, 667, 1]);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(cents);
    }
  });
});
