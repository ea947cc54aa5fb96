import type { ProductFacetsQuery } from '../../contract/products';
import type { ProductSort } from '../../contract/catalogTerms';
import { filterOf } from '../src/catalog/productFilter';
import { searchModels, searchProducts } from '../src/catalog/productSearchSql';
import { insertProducts } from '../src/catalog/productTable';
import { NO_SYNONYMS } from '../src/catalog/searchSynonyms';
import { MarketPriceCache } from '../src/markets/marketPriceCache';
import { withAdminAndTwoShoppers } from './accounts';

/**
 * Sorting by price in a market (issue 46): by the shelf price the shopper sees there (VAT
 * included, converted or the admin's own), not by the dollar price; equal shelf prices by the
 * dollar price, then newest first, so every page of a search is the next slice of one order.
 */
describe('sorting by price in a market', () => {
  const accounts = withAdminAndTwoShoppers();
  const { admin, call } = accounts;

  /**
   * Five products of this test's own, in Germany (× 0.92, to the nearest .99):
   * P $150.00 → €138.00 → €137.99; Q $150.40 → €138.37 → €137.99 too;
   * R $140.00, its own €159.00 there; S $100.00, its own €137.99 (P's and Q's price);
   * T $29.99 → €27.59 → €27.99.
   */
  const tag = `ms${Math.random().toString(36).slice(2, 8)}`;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    const made = [
      ['p', 15000],
      ['q', 15040],
      ['r', 14000],
      ['s', 10000],
      ['t', 2999],
    ] as const;
    const rows = await insertProducts(
      accounts.t.db,
      made.map(([letter, priceCents]) => ({
        name: `${letter.toUpperCase()} ${tag} tyre`,
        description: 'Made for a test of sorting in markets',
        priceCents,
        orderQuantity: 0,
        availableQuantity: 10,
        img: '/images/products/summer-tyre.svg',
      })),
    );
    for (const [at, [letter]] of made.entries()) ids[letter] = rows[at]!.id;
    for (const [letter, minor] of [
      ['r', 15900],
      ['s', 13799],
    ] as const) {
      const own = await call(admin, 'PUT', `/api/markets/DE/prices/${ids[letter]}`, { minor });
      expect(own.statusCode).toBe(204);
    }
  });

  const letterOf = (id: string) => Object.entries(ids).find(([, known]) => known === id)?.[0];
  const sorted = async (query: string) => {
    const res = await call(null, 'GET', `/api/product?q=${tag}&${query}`);
    expect(res.statusCode).toBe(200);
    return (res.json() as Array<{ _id: string }>).map((p) => letterOf(p._id)).join('');
  };

  it('orders by the euro shelf price in Germany, and by dollars in the US', async () => {
    // T €27.99; S, P and Q all €137.99, by their dollars ($100.00, $150.00, $150.40); R €159.00.
    expect(await sorted('market=DE&sort=price-asc')).toBe('tspqr');
    expect(await sorted('market=DE&sort=price-desc')).toBe('rqpst');
    // In dollars: T $29.99, S $100.00, R $140.00, P $150.00, Q $150.40.
    expect(await sorted('sort=price-asc')).toBe('tsrpq');
    expect(await sorted('market=US&sort=price-desc')).toBe('qprst');
  });

  it('pages through one order: no product twice, none missing', async () => {
    for (const sort of ['price-asc', 'price-desc'] as const) {
      const pages = [];
      for (const offset of [0, 2, 4]) {
        pages.push(await sorted(`market=DE&sort=${sort}&limit=2&offset=${offset}`));
      }
      expect(pages.join('')).toBe(await sorted(`market=DE&sort=${sort}`));
    }
    // With the price filter in euros too: from €100, S, P, Q and R.
    expect(await sorted('market=DE&sort=price-asc&minPrice=100&limit=3&offset=0')).toBe('spq');
    expect(await sorted('market=DE&sort=price-asc&minPrice=100&limit=3&offset=3')).toBe('r');
  });

  it('follows an own price as it changes', async () => {
    // R's own price taken away: $140.00 → €128.80 → €128.99, before S, P and Q.
    expect((await call(admin, 'DELETE', `/api/markets/DE/prices/${ids.r}`)).statusCode).toBe(204);
    expect(await sorted('market=DE&sort=price-asc')).toBe('trspq');
    expect(
      (await call(admin, 'PUT', `/api/markets/DE/prices/${ids.r}`, { minor: 15900 })).statusCode,
    ).toBe(204);
    expect(await sorted('market=DE&sort=price-asc')).toBe('tspqr');
  });

  it('orders the same way in the database, as while the notices cannot be trusted', async () => {
    const { db } = accounts.t;
    // Never enabled: every answer of this cache is read from the database.
    const untrusted = new MarketPriceCache(db);
    const scale = await untrusted.scale(await untrusted.market('DE'));
    const filterIn = (query: ProductFacetsQuery) =>
      filterOf({ q: tag, ...query }, null, NO_SYNONYMS, [], scale);
    const inDatabase = async (sort: ProductSort, query: ProductFacetsQuery = {}) => {
      const found = await searchProducts(db, filterIn(query), sort, { limit: 10, offset: 0 });
      return found.products.map((p) => letterOf(p._id)).join('');
    };
    expect(await inDatabase('price-asc')).toBe('tspqr');
    expect(await inDatabase('price-desc')).toBe('rqpst');
    expect(await inDatabase('price-asc', { minPrice: 100 })).toBe('spqr');
    // The models' list: each model placed by its first size in the same order, as the index.
    const models = await searchModels(db, filterIn({}), 'price-asc', { limit: 10, offset: 0 });
    const listed = await call(
      null,
      'GET',
      `/api/product?q=${tag}&market=DE&sort=price-asc&by=model`,
    );
    expect(models.models.map((model) => model.id)).toEqual(
      (listed.json() as Array<{ _id: string }>).map((model) => model._id),
    );
  });
});
