import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { CatalogCache, CatalogSnapshot, pageOf } from '../src/catalog/catalogCache';
import type { Product } from '../src/contract/products';
import { openDatabase } from '../src/db/client';
import { products } from '../src/db/schema';
import { seedProducts } from '../src/db/seed-data';
import { matchesEtag } from '../src/routes/products';
import { makeProduct, orderBody } from './fixtures';
import { appToken, bearer, uniqueEmail } from './identity';
import { startTestApp, testConfig, testDatabases, type TestApp } from './testApp';

describe.each(testDatabases)('the cached catalogue on %s', (kind) => {
  let t: TestApp;
  const admin = uniqueEmail('admin');
  beforeAll(async () => {
    t = await startTestApp(kind, { adminEmails: [admin] });
  });
  afterAll(() => t.close());

  const list = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/product', headers });

  it('answers with an ETag, and 304 while nothing changed', async () => {
    const first = await list();
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await list({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await list({ 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });

  it('drops the cache when stock changes or a product is added', async () => {
    const before = await list();
    const product = await makeProduct(t.db, { availableQuantity: 9 });
    // Written behind the API: the trigger's NOTIFY reaches the cache a moment after commit.
    const stockOfNew = async () =>
      (await list()).json().find((p: { _id: string }) => p._id === product.id)?.availablequantity;
    expect(await eventually(stockOfNew, 9)).toBe(9);
    expect((await list({ 'if-none-match': String(before.headers.etag) })).statusCode).toBe(200);

    const token = await appToken(t.app, uniqueEmail('buyer'));
    await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(token),
      payload: orderBody(product.id, 4),
    });
    const after = (await list()).json();
    expect(after.find((p: { _id: string }) => p._id === product.id).availablequantity).toBe(5);
  });

  it('notices changes made behind the API (NOTIFY from a trigger)', async () => {
    const [first] = (await list()).json();
    await t.db.execute(sql`update products set name = 'Renamed by hand' where id = ${first._id}`);
    expect(await eventually(async () => (await list()).json()[0].name, 'Renamed by hand')).toBe(
      'Renamed by hand',
    );
  });

  const page = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/product?${query}`, headers });

  it('counts the products on the whole list too', async () => {
    const res = await list();
    expect(res.headers['x-total-count']).toBe(String(res.json().length));
  });

  it('serves pages with an ETag of their own, and 304 while the page is unchanged', async () => {
    const all = (await list()).json();
    const first = await page('limit=4&offset=0');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['x-total-count']).toBe(String(all.length));
    expect(first.json()).toEqual(all.slice(0, 4));
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);

    const second = await page('limit=4&offset=4');
    expect(second.json()).toEqual(all.slice(4, 8));
    expect(second.headers.etag).not.toBe(etag);
    expect((await list()).headers.etag).not.toBe(etag);

    const again = await page('limit=4&offset=0', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['x-total-count']).toBe(String(all.length));
    // As browsers and proxies send it: in a list, or weakened by a compressing proxy.
    for (const header of [`"other", ${etag}`, `W/${etag}`]) {
      expect((await page('limit=4&offset=0', { 'if-none-match': header })).statusCode).toBe(304);
    }
    // Another page's tag, or the whole list's, is not this page's.
    const other = { 'if-none-match': String(second.headers.etag) };
    expect((await page('limit=4&offset=0', other)).statusCode).toBe(200);
    expect((await list(other)).statusCode).toBe(200);
  });

  it('gives a page a new ETag when the catalogue changes, even if its products did not', async () => {
    const before = await page('limit=2&offset=0');
    const total = Number(before.headers['x-total-count']);
    const product = await makeProduct(t.db, { availableQuantity: 7 });
    // Written behind the API: the NOTIFY reaches the cache a moment after commit.
    const count = async () => Number((await page('limit=2&offset=0')).headers['x-total-count']);
    expect(await eventually(count, total + 1)).toBe(total + 1);

    const after = await page('limit=2&offset=0', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual(before.json());
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // The newest product is the last one.
    const last = await page(`limit=10&offset=${total}`);
    expect(last.json()).toEqual([
      expect.objectContaining({ _id: product.id, availablequantity: 7 }),
    ]);

    // A stock change on the page changes the page.
    const tag = String(last.headers.etag);
    await t.db.execute(sql`update products set available_quantity = 3 where id = ${product.id}`);
    const stock = async () => (await page(`limit=10&offset=${total}`)).json()[0].availablequantity;
    expect(await eventually(stock, 3)).toBe(3);
    expect((await page(`limit=10&offset=${total}`, { 'if-none-match': tag })).statusCode).toBe(200);
  });

  it('answers a page past the end with no products and the count', async () => {
    const total = (await list()).json().length;
    for (const query of [`limit=5&offset=${total}`, 'limit=5&offset=1000000000']) {
      const res = await page(query);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect(res.headers['x-total-count']).toBe(String(total));
    }
  });

  it('pages with limit and offset, counting all products', async () => {
    const all = (await list()).json();
    const res = await t.app.inject({ method: 'GET', url: '/api/product?limit=3&offset=2' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe(String(all.length));
    expect(res.json()).toEqual(all.slice(2, 5));
    expect((await t.app.inject({ method: 'GET', url: '/api/product?limit=0' })).statusCode).toBe(
      400,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/product?offset=-1' })).statusCode).toBe(
      400,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/product?limit=abc' })).statusCode).toBe(
      400,
    );
    for (const query of ['limit=501', 'offset=1000000001', 'limit=2.5', 'page=2']) {
      const res = await page(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Bad Request', message: expect.any(String) });
    }
    // One of the two alone: 50 products, or the first ones.
    expect((await page('offset=1')).json()).toEqual(all.slice(1, 51));
    expect((await page('limit=2')).json()).toEqual(all.slice(0, 2));
  });
});

describe('pages of the catalogue', () => {
  it('come from the cached list: no query while the catalogue is unchanged', async () => {
    const t = await startTestApp('pglite');
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    try {
      const all = (await get('/api/product')).json();
      // The table goes away behind the API's back (no NOTIFY): only memory can answer now.
      await t.db.execute(sql`alter table products rename to products_away`);
      try {
        const res = await get('/api/product?limit=3&offset=9');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(all.slice(9, 12));
        expect(res.headers['x-total-count']).toBe(String(all.length));
      } finally {
        await t.db.execute(sql`alter table products_away rename to products`);
      }
    } finally {
      await t.close();
    }
  });
});

const product = (n: number): Product => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Product ${n}`,
  img: '/images/products/summer-tyre.svg',
  description: 'A product of a unit test',
  price: n,
  orderquantity: 1,
  availablequantity: n,
});
const products20 = Array.from({ length: 20 }, (_, i) => product(i + 1));

describe('CatalogCache', () => {
  /** A loader that counts its calls; the reads it started answer when `release` is called. */
  function slowLoader(list: Product[] = products20) {
    const calls = { n: 0 };
    const pending: Array<(products: Product[]) => void> = [];
    const load = () => {
      calls.n += 1;
      return new Promise<Product[]>((resolve) => pending.push(resolve));
    };
    return { load, calls, release: () => pending.splice(0).forEach((resolve) => resolve(list)) };
  }

  it('reads the database every time until notifications are in place', async () => {
    const cache = new CatalogCache();
    const load = jest.fn(async () => products20);
    await cache.get(load);
    await cache.get(load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.isTrusted).toBe(false);
  });

  it('reads once while trusted, however many requests arrive during the read', async () => {
    const cache = new CatalogCache();
    cache.enable();
    const { load, calls, release } = slowLoader();
    const waiting = [cache.get(load), cache.get(load), cache.get(load)];
    release();
    const [a, b, c] = await Promise.all(waiting);
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(await cache.get(load)).toBe(a);
    expect(calls.n).toBe(1);
    cache.invalidate();
    const reread = cache.get(load);
    release();
    expect(await reread).not.toBe(a);
    expect(calls.n).toBe(2);
  });

  it('serves a read that raced with a change but does not keep it', async () => {
    const cache = new CatalogCache();
    cache.enable();
    const { load, calls, release } = slowLoader();
    const raced = cache.get(load);
    cache.invalidate();
    // A request after the change does not wait for the read from before it.
    const after = cache.get(load);
    expect(calls.n).toBe(2);
    release();
    await Promise.all([raced, after]);
    const next = cache.get(load);
    expect(calls.n).toBe(2);
    expect(await next).toBe(await after);
  });

  it('slices pages, serialises each once, and tags them by content and count', () => {
    const snapshot = new CatalogSnapshot(products20);
    const second = snapshot.page(6, 6);
    expect(JSON.parse(second.body)).toEqual(products20.slice(6, 12));
    expect(second.total).toBe(20);
    expect(snapshot.page(6, 6)).toBe(second);
    expect(JSON.parse(snapshot.page(6, 18).body)).toEqual(products20.slice(18));
    expect(JSON.parse(snapshot.page(6, 40).body)).toEqual([]);
    // The same page from the database (when the cache is not trusted) has the same tag...
    expect(pageOf(products20.slice(6, 12), 20).etag).toBe(second.etag);
    // ...and another count makes another tag.
    expect(pageOf(products20.slice(6, 12), 21).etag).not.toBe(second.etag);
    expect(snapshot.all().body).toBe(JSON.stringify(products20));
  });
});

describe('matchesEtag', () => {
  it.each([
    [undefined, false],
    ['"a"', true],
    ['"b"', false],
    ['W/"a"', true],
    ['"b", "a"', true],
    ['"b",W/"a"', true],
    ['*', true],
    ['a', false],
  ])('If-None-Match %s matches "a": %s', (header, expected) => {
    expect(matchesEtag(header, '"a"')).toBe(expected);
  });
});

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres('two API processes on one PostgreSQL', () => {
  it('each drops its cached catalogue when the other changes stock', async () => {
    const first = await startTestApp('postgres');
    // The second process: its own pool and listener on the same database.
    const url = await currentDatabaseUrl(first);
    const database = await openDatabase({ databaseUrl: url, pgliteDir: null });
    const second = await buildApp(testConfig({ databaseUrl: url }), { database });
    try {
      const product = await makeProduct(first.db, { availableQuantity: 30 });
      const stock = async () =>
        (await second.inject({ method: 'GET', url: '/api/product' }))
          .json()
          .find((p: { _id: string }) => p._id === product.id).availablequantity;
      expect(await stock()).toBe(30);
      await first.db
        .update(products)
        .set({ availableQuantity: 12 })
        .where(eq(products.id, product.id));
      expect(await eventually(stock, 12)).toBe(12);
      // Pages come from the same cached list, so they follow too.
      const total = Number(
        (await second.inject({ method: 'GET', url: '/api/product' })).headers['x-total-count'],
      );
      const lastPage = () =>
        second.inject({ method: 'GET', url: `/api/product?limit=5&offset=${total - 1}` });
      const before = await lastPage();
      expect(before.json()).toEqual([expect.objectContaining({ _id: product.id })]);
      await first.db
        .update(products)
        .set({ availableQuantity: 4 })
        .where(eq(products.id, product.id));
      const pagedStock = async () => (await lastPage()).json()[0].availablequantity;
      expect(await eventually(pagedStock, 4)).toBe(4);
      expect((await lastPage()).headers.etag).not.toBe(before.headers.etag);
      expect(
        (await second.inject({ method: 'GET', url: '/api/product' })).json().length,
      ).toBeGreaterThanOrEqual(seedProducts.length);
    } finally {
      await second.close();
      await database.close();
      await first.close();
    }
  });
});

/** The value `read` settles on: polled until it equals `expected` or 3 s have passed. */
async function eventually<T>(read: () => Promise<T>, expected: T): Promise<T> {
  const deadline = Date.now() + 3000;
  let value = await read();
  while (value !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await read();
  }
  return value;
}

async function currentDatabaseUrl(t: TestApp): Promise<string> {
  const rows = (await t.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: Array<{ name: string }>;
  };
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${rows.rows[0]!.name}`;
  return url.toString();
}
