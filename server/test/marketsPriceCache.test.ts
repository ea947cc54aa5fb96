import { eq } from 'drizzle-orm';
import { products } from '../src/db/schema';
import { marketPrices, markets } from '../src/markets/marketSchema';
import { findMarket, shelfPrices } from '../src/markets/marketTable';
import { eventually } from './eventually';
import { appToken, bearer, uniqueEmail } from './identity';
import { makeProduct } from './fixtures';
import { startSecondApp, startTestApp, type TestApp } from './testApp';

/**
 * Shelf prices per market come from memory (issue 46's listing target): the same answer as the
 * database's, and a change made by any process is seen once its notification arrives.
 */
describe('market prices from memory', () => {
  let first: TestApp;
  let second: TestApp;
  let ids: string[];
  const adminEmail = uniqueEmail('admin');

  beforeAll(async () => {
    first = await startTestApp({ adminEmails: [adminEmail] });
    second = await startSecondApp(first);
    const made = await Promise.all([
      makeProduct(first.db, { priceCents: 8950 }),
      makeProduct(first.db, { priceCents: 2999 }),
      makeProduct(first.db, { priceCents: 12000 }),
    ]);
    ids = made.map((product) => product.id);
    await first.db
      .insert(marketPrices)
      .values({ productId: ids[0]!, market: 'DE', priceMinor: 8499 });
    // Retired: not in the cached catalogue, still priced.
    await first.db.update(products).set({ status: 'retired' }).where(eq(products.id, ids[2]!));
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const byId = (list: Array<{ productId: string }>) =>
    [...list].sort((a, b) => a.productId.localeCompare(b.productId));
  const asked = () => [...ids, '00000000-0000-4000-8000-000000000000'];
  /** What the API of `t` answers, sorted, as text. */
  const answerOf = async (t: TestApp, code: string) => {
    const res = await t.app.inject(`/api/markets/${code}/prices?ids=${asked().join(',')}`);
    expect(res.statusCode).toBe(200);
    return JSON.stringify(byId(res.json().prices));
  };
  /** What the database says, read as the cache-less route did. */
  const databaseOf = async (code: string) =>
    JSON.stringify(byId(await shelfPrices(first.db, await findMarket(first.db, code), asked())));

  it('answers as the database does in every market', async () => {
    for (const t of [first, second]) {
      for (const code of ['US', 'DE', 'GB']) {
        const expected = await databaseOf(code);
        // Three products (the unknown id left out), the first with its own price in DE.
        expect(JSON.parse(expected)).toHaveLength(3);
        expect(await eventually(() => answerOf(t, code), expected)).toBe(expected);
      }
    }
    expect(await answerOf(first, 'DE')).toContain('"minor":8499,"own":true');
  });

  it("follows another process's own prices and market settings once told", async () => {
    // Both caches are warm: the answers below can only change through a notification.
    expect(await answerOf(second, 'DE')).toBe(await databaseOf('DE'));

    await first.db
      .insert(marketPrices)
      .values({ productId: ids[1]!, market: 'DE', priceMinor: 1999 });
    const withOwn = await databaseOf('DE');
    expect(withOwn).toContain('"minor":1999,"own":true');
    expect(await eventually(() => answerOf(second, 'DE'), withOwn)).toBe(withOwn);

    await first.db.delete(marketPrices).where(eq(marketPrices.productId, ids[0]!));
    const withoutOwn = await databaseOf('DE');
    expect(await eventually(() => answerOf(second, 'DE'), withoutOwn)).toBe(withoutOwn);

    await first.db
      .update(markets)
      .set({ conversion: { perDollar: 1.5, ending: 49 } })
      .where(eq(markets.code, 'GB'));
    const converted = await databaseOf('GB');
    // $89.50 × 1.5 = £134.25 → £134.49.
    expect(converted).toContain('"minor":13449,"own":false');
    expect(await eventually(() => answerOf(second, 'GB'), converted)).toBe(converted);
  });

  it("answers a change made through this process's API at once", async () => {
    const admin = bearer(await appToken(first.app, adminEmail, { verified: true }));
    const put = await first.app.inject({
      method: 'PUT',
      url: `/api/markets/DE/prices/${ids[2]}`,
      headers: admin,
      payload: { minor: 4242 },
    });
    expect(put.statusCode).toBe(204);
    expect(await answerOf(first, 'DE')).toBe(await databaseOf('DE'));
    expect(await answerOf(first, 'DE')).toContain('"minor":4242,"own":true');
  });
});
