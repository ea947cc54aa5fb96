import { sql } from 'drizzle-orm';
import type { Conversion } from '../../contract/markets';
import { convertedPrice, convertedPriceSql } from '../src/markets/shopPrice';
import { startTestApp, type TestApp } from './testApp';

/**
 * The database sorts a market's shelf prices by the conversion written in SQL (while the
 * catalogue's notices cannot be trusted): it must give every dollar price the same euro price as
 * the shop shows, or the two orders differ. Every cent from $0.00 to $2,500.00, per rule.
 */
describe('the conversion rule in SQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const rules: Conversion[] = [
    { perDollar: 0.92, ending: 99 },
    { perDollar: 0.79, ending: 99 },
    { perDollar: 1.37, ending: 0 },
    { perDollar: 0.8512, ending: 50 },
    { perDollar: 0.92, ending: null },
  ];
  it.each(rules)('gives the shop’s price for every cent at %o', async (conversion) => {
    const most = 250_000;
    const cents = sql`cents`;
    const result = await t.db.execute(sql`
      select ${convertedPriceSql(cents, conversion)} as minor
      from generate_series(0, ${most}::int) as cents order by cents`);
    const { rows } = result as unknown as { rows: Array<{ minor: string }> };
    const fromSql = rows.map((row) => Number(row.minor));
    const differing = fromSql.flatMap((minor, at) =>
      minor === convertedPrice(at, conversion) ? [] : [[at, minor, convertedPrice(at, conversion)]],
    );
    expect(fromSql).toHaveLength(most + 1);
    expect(differing.slice(0, 5)).toEqual([]);
  });
});
