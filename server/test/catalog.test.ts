import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CatalogCache, CatalogSnapshot, pageOf } from '../src/catalog/catalogCache';
import { PART_ATTRIBUTES } from '../../contract/catalogTerms';
import type { Product } from '../../contract/products';
import { products } from '../src/db/schema';
import { seedProducts } from '../src/db/seed-data';
import { matchesEtag } from '../src/routes/products';
import { makeProduct, orderBody } from './fixtures';
import { eventually } from './eventually';
import { appToken, bearer, uniqueEmail } from './identity';
import { startSecondApp, startTestApp, type TestApp } from './testApp';
import { NO_MARKS } from '../../contract/tyreMarks';

describe('the cached catalogue', () => {
  let t: TestApp;
  const admin = uniqueEmail('admin');
  beforeAll(async () => {
    t = await startTestApp({ adminEmails: [admin] });
  });
  afterAll(() => t.close());

  const list = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/product', headers });

  it('answers with an ETag, and 304 while nothing changed', async () => {
    const first = await list();
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
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

    const token = await appToken(t.app, uniqueEmail('buyer'), { verified: true });
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
  const details = (id: string) => t.app.inject({ method: 'GET', url: `/api/productDetails/${id}` });

  it('reads again only the product whose stock changed; list, pages, ETags and details follow', async () => {
    const all = (await list()).json();
    const wholeTag = String((await list()).headers.etag);
    const pageBefore = await page('limit=2&offset=3');
    const [changed, other] = [all[3], all[4]];
    // A change the API is not told of: a full read would show it, a re-read of `changed` not.
    await behindTheTrigger(
      t,
      sql`update products set name = 'Renamed in silence' where id = ${other._id}`,
    );
    try {
      await t.db.execute(
        sql`update products set available_quantity = available_quantity + 1 where id = ${changed._id}`,
      );
      const stock = changed.availablequantity + 1;
      const listed = async () => (await list()).json()[3].availablequantity;
      expect(await eventually(listed, stock)).toBe(stock);
      const after = (await list()).json();
      expect(after).toEqual(
        all.map((p: Product) => (p === changed ? { ...p, availablequantity: stock } : p)),
      );
      expect((await list({ 'if-none-match': wholeTag })).statusCode).toBe(200);
      const pageAfter = await page('limit=2&offset=3', {
        'if-none-match': String(pageBefore.headers.etag),
      });
      expect(pageAfter.statusCode).toBe(200);
      expect(pageAfter.json()).toEqual(after.slice(3, 5));
      expect((await details(changed._id)).json()).toEqual(after[3]);
      expect((await details(other._id)).json().name).toBe(other.name);
    } finally {
      await behindTheTrigger(
        t,
        sql`update products set name = ${other.name} where id = ${other._id}`,
      );
    }
  });

  it('shows a product added in its place in the order, and no more one deleted', async () => {
    const all = (await list()).json();
    const second = (await t.db.execute(
      sql`select created_at + interval '1 millisecond' as at from products where id = ${all[1]._id}`,
    )) as unknown as { rows: Array<{ at: Date | string }> };
    const at = second.rows[0]!.at;
    const [row] = await t.db
      .insert(products)
      .values({
        name: 'Added between the second and the third',
        description: 'A tyre made for a test',
        priceCents: 100,
        orderQuantity: 0,
        availableQuantity: 4,
        img: '/images/products/summer-tyre.svg',
        createdAt: new Date(at),
      })
      .returning();
    const added = row!;
    const third = async () => (await list()).json()[2]._id;
    expect(await eventually(third, added.id)).toBe(added.id);
    const listed = (await list()).json();
    expect(listed.map((p: Product) => p._id)).toEqual([
      ...all.slice(0, 2).map((p: Product) => p._id),
      added.id,
      ...all.slice(2).map((p: Product) => p._id),
    ]);
    expect((await page('limit=1&offset=2')).json()).toEqual([listed[2]]);
    expect((await details(added.id)).json()).toEqual(listed[2]);

    await t.db.delete(products).where(eq(products.id, added.id));
    const count = async () => (await list()).json().length;
    expect(await eventually(count, all.length)).toBe(all.length);
    expect((await list()).json().map((p: Product) => p._id)).toEqual(
      all.map((p: Product) => p._id),
    );
    expect((await details(added.id)).statusCode).toBe(404);
  });

  it('answers product details as fresh as the list: at once after an order here', async () => {
    const product = await makeProduct(t.db, { availableQuantity: 20 });
    // Not yet in the cached list (its NOTIFY may still be on its way): read from the database.
    expect((await details(product.id)).json().availablequantity).toBe(20);
    const inList = async () => (await list()).json().some((p: Product) => p._id === product.id);
    expect(await eventually(inList, true)).toBe(true);

    const token = await appToken(t.app, uniqueEmail('buyer'), { verified: true });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(token),
      payload: orderBody(product.id, 3),
    });
    expect(order.statusCode).toBe(201);
    // No waiting: this process patched its cache before answering the order.
    expect((await details(product.id)).json().availablequantity).toBe(17);
    const listed = (await list()).json().find((p: Product) => p._id === product.id);
    expect(listed.availablequantity).toBe(17);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${order.json()._id}`,
      headers: bearer(token),
    });
    expect(deleted.json()).toEqual({ deletedCount: 1 });
    expect((await details(product.id)).json().availablequantity).toBe(20);

    await t.db.execute(sql`update products set available_quantity = 6 where id = ${product.id}`);
    const stock = async () => (await details(product.id)).json().availablequantity;
    expect(await eventually(stock, 6)).toBe(6);
    expect((await list()).json().find((p: Product) => p._id === product.id).availablequantity).toBe(
      6,
    );
  });

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
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    const second = await page('limit=4&offset=4');
    expect(second.json()).toEqual(all.slice(4, 8));
    expect(second.headers.etag).not.toBe(etag);
    expect((await list()).headers.etag).not.toBe(etag);

    const again = await page('limit=4&offset=0', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['x-total-count']).toBe(String(all.length));
    // As browsers and proxies send it: in a list, or without its weak prefix.
    for (const header of [`"other", ${etag}`, etag.replace(/^W\//, '')]) {
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
    const t = await startTestApp();
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
  ...PART_ATTRIBUTES,
  euLabel: null,
  marks: NO_MARKS,
  sku: `P${n}`,
  status: 'active',
  version: 1,
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

  /** `products20` with these products' stock set to `stock`, as a re-read would find them. */
  const restocked = (stock: number, ...ns: number[]) =>
    ns.map((n) => ({ ...products20[n - 1]!, availablequantity: stock }));

  it('re-reads only a product changed in place, and puts it where it stands', async () => {
    const cache = new CatalogCache();
    cache.enable();
    const loadAll = jest.fn(async () => products20);
    const loadSome = jest.fn(async (ids: readonly string[]) =>
      ids.map((id) => ({ ...products20.find((p) => p._id === id)!, availablequantity: 0 })),
    );
    const before = await cache.get(loadAll, loadSome);
    const [wholeTag, pageTag] = [before.all().etag, before.page(5, 5).etag];
    cache.productChanged(product(7)._id);
    const after = await cache.get(loadAll, loadSome);
    expect(loadAll).toHaveBeenCalledTimes(1);
    expect(loadSome.mock.calls).toEqual([[[product(7)._id]]]);
    expect(after.products).toEqual([
      ...products20.slice(0, 6),
      ...restocked(0, 7),
      ...products20.slice(7),
    ]);
    expect(after.find(product(7)._id)?.availablequantity).toBe(0);
    expect(after.all().etag).not.toBe(wholeTag);
    expect(JSON.parse(after.all().body)).toEqual(after.products);
    expect(after.page(5, 5).etag).not.toBe(pageTag);
    expect(JSON.parse(after.page(5, 5).body)[1].availablequantity).toBe(0);
    // The old snapshot is untouched: whoever still holds it sees one consistent list.
    expect(before.find(product(7)._id)).toBe(products20[6]);
    // Kept: no read until the next change.
    expect(await cache.get(loadAll, loadSome)).toBe(after);
    expect(loadSome).toHaveBeenCalledTimes(1);
  });

  it('reads everything again when a changed product is gone, or for any other change', async () => {
    const cache = new CatalogCache();
    cache.enable();
    const loadAll = jest.fn(async () => products20);
    const loadSome = jest.fn(async () => [] as Product[]);
    await cache.get(loadAll, loadSome);
    cache.productChanged(product(3)._id);
    await cache.get(loadAll, loadSome);
    expect(loadSome).toHaveBeenCalledTimes(1);
    expect(loadAll).toHaveBeenCalledTimes(2);
    // A product that was never in the list (its INSERT not heard of yet) cannot be placed either.
    loadSome.mockResolvedValueOnce([product(21)]);
    cache.productChanged(product(21)._id);
    await cache.get(loadAll, loadSome);
    expect(loadAll).toHaveBeenCalledTimes(3);
    cache.invalidate();
    await cache.get(loadAll, loadSome);
    expect(loadAll).toHaveBeenCalledTimes(4);
    expect(loadSome).toHaveBeenCalledTimes(2);
  });

  it('reads nothing more when a product outside the list changes (a retired one)', async () => {
    const cache = new CatalogCache();
    cache.enable();
    const loadAll = jest.fn(async () => products20);
    const loadSome = jest.fn(async () => [] as Product[]);
    const before = await cache.get(loadAll, loadSome);
    cache.productChanged(product(30)._id);
    const after = await cache.get(loadAll, loadSome);
    expect(loadSome).toHaveBeenCalledTimes(1);
    expect(loadAll).toHaveBeenCalledTimes(1);
    expect(after.products).toEqual(before.products);
  });

  it('reads the notification payloads of the trigger', async () => {
    const cache = new CatalogCache();
    cache.enable();
    const loadAll = jest.fn(async () => products20);
    const loadSome = jest.fn(async (ids: readonly string[]) =>
      products20.filter((p) => ids.includes(p._id)),
    );
    await cache.get(loadAll, loadSome);
    cache.notified(`U:${product(2)._id.toUpperCase()}`);
    cache.notified(`U:${product(4)._id}`);
    await cache.get(loadAll, loadSome);
    expect(loadSome.mock.calls).toEqual([[[product(2)._id, product(4)._id]]]);
    expect(loadAll).toHaveBeenCalledTimes(1);
    for (const payload of ['*', '', 'U:', 'U:not-a-uuid', `X:${product(2)._id}`]) {
      cache.notified(payload);
      await cache.get(loadAll, loadSome);
    }
    expect(loadAll).toHaveBeenCalledTimes(6);
    expect(loadSome).toHaveBeenCalledTimes(1);
    // A market price and a market's settings are the pages' news, not the catalogue's.
    cache.notified(`M:${product(2)._id}`);
    cache.notified('markets');
    await cache.get(loadAll, loadSome);
    expect(loadAll).toHaveBeenCalledTimes(6);
    expect(loadSome).toHaveBeenCalledTimes(1);
  });

  it('reads everything once more products changed than a patch is worth', async () => {
    const cache = new CatalogCache();
    cache.enable();
    const loadAll = jest.fn(async () => products20);
    const loadSome = jest.fn(async () => [] as Product[]);
    await cache.get(loadAll, loadSome);
    for (let n = 1; n <= 501; n++) cache.productChanged(product(1000 + n)._id);
    await cache.get(loadAll, loadSome);
    expect(loadSome).not.toHaveBeenCalled();
    expect(loadAll).toHaveBeenCalledTimes(2);
  });

  it('keeps nothing while untrusted, product changes included', async () => {
    const cache = new CatalogCache();
    const loadAll = jest.fn(async () => products20);
    const loadSome = jest.fn(async () => [] as Product[]);
    await cache.get(loadAll, loadSome);
    cache.productChanged(product(1)._id);
    await cache.get(loadAll, loadSome);
    expect(loadAll).toHaveBeenCalledTimes(2);
    expect(loadSome).not.toHaveBeenCalled();
  });

  /** Loaders whose reads answer only when released, in the order they were started. */
  function slowLoaders() {
    const reads: Array<{ ids: readonly string[] | null; answer: () => void }> = [];
    const loadAll = () =>
      new Promise<Product[]>((resolve) =>
        reads.push({ ids: null, answer: () => resolve(products20) }),
      );
    const loadSome = (ids: readonly string[]) =>
      new Promise<Product[]>((resolve) =>
        reads.push({ ids, answer: () => resolve(restocked(0, ...ids.map(numberOf))) }),
      );
    const numberOf = (id: string) => Number(id.slice(-12));
    const release = () => reads.splice(0).forEach((read) => read.answer());
    return { loadAll, loadSome, reads, release };
  }

  it('patches a read that raced a product change instead of serving it or reading it all again', async () => {
    const cache = new CatalogCache();
    cache.enable();
    const { loadAll, loadSome, reads, release } = slowLoaders();
    const raced = cache.get(loadAll, loadSome);
    cache.productChanged(product(5)._id);
    const after = cache.get(loadAll, loadSome);
    // The request after the change waits for the full read under way, then patches it.
    expect(reads.map((read) => read.ids)).toEqual([null]);
    release();
    expect((await raced).products).toEqual(products20);
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads.map((read) => read.ids)).toEqual([[product(5)._id]]);
    release();
    const patched = await after;
    expect(patched.find(product(5)._id)?.availablequantity).toBe(0);
    expect(await cache.get(loadAll, loadSome)).toBe(patched);
    expect(reads).toHaveLength(0);
  });

  it('serves a patch that raced a newer change but reads that change again', async () => {
    const cache = new CatalogCache();
    cache.enable();
    const { loadAll, loadSome, reads, release } = slowLoaders();
    const first = cache.get(loadAll, loadSome);
    release();
    await first;
    cache.productChanged(product(1)._id);
    const raced = cache.get(loadAll, loadSome);
    cache.productChanged(product(2)._id);
    const after = cache.get(loadAll, loadSome);
    expect(reads.map((read) => read.ids)).toEqual([[product(1)._id]]);
    release();
    expect((await raced).find(product(2)._id)?.availablequantity).toBe(2);
    await new Promise((resolve) => setImmediate(resolve));
    // Only the product changed after the first patch started.
    expect(reads.map((read) => read.ids)).toEqual([[product(2)._id]]);
    release();
    const latest = await after;
    expect(latest.find(product(1)._id)?.availablequantity).toBe(0);
    expect(latest.find(product(2)._id)?.availablequantity).toBe(0);
    expect(await cache.get(loadAll, loadSome)).toBe(latest);
  });

  it('serves a patch that raced a full change but does not keep it', async () => {
    const cache = new CatalogCache();
    cache.enable();
    const { loadAll, loadSome, reads, release } = slowLoaders();
    const first = cache.get(loadAll, loadSome);
    release();
    await first;
    cache.productChanged(product(1)._id);
    const raced = cache.get(loadAll, loadSome);
    cache.invalidate();
    const after = cache.get(loadAll, loadSome);
    // The request after the full change does not wait for the patch from before it.
    expect(reads.map((read) => read.ids)).toEqual([[product(1)._id], null]);
    release();
    await Promise.all([raced, after]);
    expect(await cache.get(loadAll, loadSome)).toBe(await after);
    expect(reads).toHaveLength(0);
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

describe('two API processes on one PostgreSQL', () => {
  it('each follows the stock the other changes, reading only that product again', async () => {
    const first = await startTestApp();
    // The second process: its own pool and listener on the same database.
    const other = await startSecondApp(first);
    const second = other.app;
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

      // An order through the first process. A change neither hears of shows whether the second
      // reads everything again (it would show) or only the ordered product (it does not).
      const [neighbour] = (await second.inject({ method: 'GET', url: '/api/product' })).json();
      await behindTheTrigger(
        first,
        sql`update products set name = 'Renamed in silence' where id = ${neighbour._id}`,
      );
      const token = await appToken(first.app, uniqueEmail('buyer'), { verified: true });
      const order = await first.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: bearer(token),
        payload: orderBody(product.id, 3),
      });
      expect(order.statusCode).toBe(201);
      const detailsOn = async (app: FastifyInstance) =>
        (await app.inject({ method: 'GET', url: `/api/productDetails/${product.id}` })).json()
          .availablequantity;
      // The process that took the order answers with it at once; the other once NOTIFY arrives.
      expect(await detailsOn(first.app)).toBe(1);
      expect(await eventually(() => detailsOn(second), 1)).toBe(1);
      expect(await stock()).toBe(1);
      expect((await lastPage()).json()[0].availablequantity).toBe(1);
      const listed = (await second.inject({ method: 'GET', url: '/api/product' })).json();
      expect(listed[0]).toEqual(neighbour);
    } finally {
      await other.close();
      await first.close();
    }
  });
});

/** Runs `statement` with the catalogue trigger off: a change no API process hears of. */
async function behindTheTrigger(t: TestApp, statement: SQL) {
  await t.db.execute(sql`alter table products disable trigger products_catalog_changed`);
  try {
    await t.db.execute(statement);
  } finally {
    await t.db.execute(sql`alter table products enable trigger products_catalog_changed`);
  }
}
