import type { ProductFacetsQuery } from '../../contract/products';
import { filterOf } from '../src/catalog/productFilter';
import { facetsFromDatabase, searchProducts } from '../src/catalog/productSearchSql';
import { insertProducts } from '../src/catalog/productTable';
import { NO_SYNONYMS } from '../src/catalog/searchSynonyms';
import { MarketPriceCache } from '../src/markets/marketPriceCache';
import { withAdminAndTwoShoppers } from './accounts';
import { eventually } from './eventually';

/**
 * The shop's lists in a market (issue 46): asked with `market=DE`, each product carries its
 * shelf price there (no second call for a page's prices), and the price filter and its facet are
 * in euros, VAT included, as the shopper sees them. Every figure is worked out in the comments.
 */
describe('the shop in a market', () => {
  const accounts = withAdminAndTwoShoppers();
  const { admin, call } = accounts;

  /**
   * Four products of this test's own, found by their tag. In Germany (× 0.92, to the nearest
   * .99): A $150.00 → €138.00 → €137.99; B $160.00 → €147.20 → €146.99; C $140.00, but an
   * admin prices it €159.00 there; D (a part) $29.99 → €27.59 → €27.99.
   */
  const tag = `mk${Math.random().toString(36).slice(2, 8)}`;
  const ids: Record<'a' | 'b' | 'c' | 'd', string> = { a: '', b: '', c: '', d: '' };
  beforeAll(async () => {
    const rows = await insertProducts(
      accounts.t.db,
      (
        [
          ['a', `A ${tag} tyre 205/55 R16`, 15000],
          ['b', `B ${tag} tyre 225/45 R17`, 16000],
          ['c', `C ${tag} tyre 195/65 R15`, 14000],
          ['d', `D ${tag} part`, 2999],
        ] as const
      ).map(([, name, priceCents]) => ({
        name,
        description: 'Made for a test of markets',
        priceCents,
        orderQuantity: 0,
        availableQuantity: 10,
        img: '/images/products/summer-tyre.svg',
      })),
    );
    for (const [i, key] of (['a', 'b', 'c', 'd'] as const).entries()) ids[key] = rows[i]!.id;
    const own = await call(admin, 'PUT', `/api/markets/DE/prices/${ids.c}`, { minor: 15900 });
    expect(own.statusCode).toBe(204);
  });

  interface Listed {
    _id: string;
    price: number;
    shelfPrice?: { market: string; currency: string; minor: number };
  }
  const list = async (query: string) => {
    const res = await call(null, 'GET', `/api/product?q=${tag}&sort=name&${query}`);
    expect(res.statusCode).toBe(200);
    return { res, products: res.json() as Listed[] };
  };
  const letters = (products: Listed[]) =>
    products.map((p) => Object.entries(ids).find(([, id]) => id === p._id)?.[0]).join('');

  it('folds each product’s euro shelf price into the list, the spec’s fields unchanged', async () => {
    const { res: us, products: inUs } = await list('');
    const { res: de, products: inDe } = await list('market=DE');
    expect(inDe.map((p) => p.shelfPrice)).toEqual(
      [13799, 14699, 15900, 2799].map((minor) => ({ market: 'DE', currency: 'EUR', minor })),
    );
    // The spec's answer: no shelfPrice, the same dollar prices; the US market is the spec's.
    expect(inUs.map((p) => p.shelfPrice)).toEqual([undefined, undefined, undefined, undefined]);
    expect(inDe.map((p) => p.price)).toEqual([150, 160, 140, 29.99]);
    // Byte for byte the US list with each product's shelf price added last (its ETag hashes it).
    expect(de.body).toBe(
      JSON.stringify(inUs.map((product, i) => ({ ...product, shelfPrice: inDe[i]!.shelfPrice }))),
    );
    expect((await list('market=US')).res.body).toBe(us.body);
    // Each market its own body and tag, kept apart by the address (the market is in it).
    expect(de.headers.etag).not.toBe(us.headers.etag);
    expect(de.headers['cache-control']).toBe('no-cache');
    const again = await call(null, 'GET', `/api/product?q=${tag}&sort=name&market=DE`, undefined, {
      'if-none-match': String(de.headers.etag),
    });
    expect(again.statusCode).toBe(304);

    // An own price changed: the euro list (and its tag) follows, the dollar one does not.
    expect(
      (await call(admin, 'PUT', `/api/markets/DE/prices/${ids.a}`, { minor: 13500 })).statusCode,
    ).toBe(204);
    const firstOf = async () => (await list('market=DE')).products[0]?.shelfPrice?.minor;
    expect(await eventually(firstOf, 13500)).toBe(13500);
    expect((await list('market=DE')).res.headers.etag).not.toBe(de.headers.etag);
    expect((await list('')).res.body).toBe(us.body);
    expect((await call(admin, 'DELETE', `/api/markets/DE/prices/${ids.a}`)).statusCode).toBe(204);
    expect(await eventually(firstOf, 13799)).toBe(13799);
  });

  it('folds the prices into a plain page and into each model’s sizes too', async () => {
    const page = await call(null, 'GET', '/api/product?limit=500&offset=0&market=GB');
    const tyres = (page.json() as Listed[]).filter((p) => p._id === ids.a);
    // $150.00 × 0.79 = £118.50 → the nearest .99 is £118.99 (a tie goes up).
    expect(tyres.map((p) => p.shelfPrice)).toEqual([
      { market: 'GB', currency: 'GBP', minor: 11899 },
    ]);
    const models = await call(null, 'GET', `/api/product?by=model&q=${tag}&market=DE`);
    const sizes = (models.json() as Array<{ sizes: Listed[] }>).flatMap((m) => m.sizes);
    expect(sizes.find((p) => p._id === ids.c)?.shelfPrice?.minor).toBe(15900);
  });

  it('filters on euro shelf prices in Germany (VAT included) and gives its range in euros', async () => {
    const found = async (query: string) => letters((await list(query)).products);
    // Up to €150: A €137.99, B €146.99 and D €27.99; not C, priced €159.00 there, though
    // its $140.00 is under 150 (and B's $160.00 is not).
    expect(await found('market=DE&maxPrice=150')).toBe('abd');
    expect(await found('maxPrice=150')).toBe('acd');
    // From €140: B €146.99 and C €159.00, not A at €137.99; both ends: B alone.
    expect(await found('market=DE&minPrice=140')).toBe('bc');
    expect(await found('market=DE&minPrice=140&maxPrice=150')).toBe('b');
    // The models' list filters the same way.
    const models = await call(null, 'GET', `/api/product?by=model&q=${tag}&market=DE&maxPrice=150`);
    const sizes = (models.json() as Array<{ sizes: Listed[] }>).flatMap((m) => m.sizes);
    expect(letters(sizes.sort((x, y) => x.price - y.price))).toBe('dab');

    const facets = async (query: string) =>
      (await call(null, 'GET', `/api/product/facets?q=${tag}&${query}`)).json().price;
    // The facet's range leaves out its own filter: the cheapest is D, the dearest C (€159.00).
    expect(await facets('market=DE')).toEqual({ min: 27.99, max: 159 });
    expect(await facets('market=DE&maxPrice=150')).toEqual({ min: 27.99, max: 159 });
    expect(await facets('')).toEqual({ min: 29.99, max: 160 });
    // Within the tyres of 205/55 R16 and 225/45 R17 (A and B): €137.99 to €146.99.
    expect(await facets('market=DE&category=tyre&rim=16&rim=17')).toEqual({
      min: 137.99,
      max: 146.99,
    });
  });

  it('filters the same way in the database, as while the notices cannot be trusted', async () => {
    const { db } = accounts.t;
    // Never enabled: every answer of this cache is read from the database.
    const untrusted = new MarketPriceCache(db);
    const scale = await untrusted.scale(await untrusted.market('DE'));
    const filterIn = (query: ProductFacetsQuery) =>
      filterOf({ q: tag, ...query }, null, NO_SYNONYMS, [], scale);
    const found = await searchProducts(db, filterIn({ maxPrice: 150 }), 'name', {
      limit: 10,
      offset: 0,
      status: 'active',
    });
    expect(letters(found.products)).toBe('abd');
    const between = await searchProducts(db, filterIn({ minPrice: 140 }), 'name', {
      limit: 10,
      offset: 0,
      status: 'active',
    });
    expect(letters(between.products)).toBe('bc');
    expect((await facetsFromDatabase(db, filterIn({ maxPrice: 150 }))).price).toEqual({
      min: 27.99,
      max: 159,
    });
  });

  it('refuses a market the store does not have, in words', async () => {
    const res = await call(null, 'GET', `/api/product?q=${tag}&market=FR`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/FR/);
  });
});
