import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { products } from '../src/db/schema';
import { seedProducts } from '../src/db/seed-data';
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
