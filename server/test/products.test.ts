import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { openStoreDatabase } from '../src/storeDatabase';
import { products } from '../src/db/schema';
import { seedProducts } from '../src/db/seed-data';
import {
  createTestDatabase,
  startTestApp,
  testConfig,
  testDatabaseKind,
  type TestApp,
} from './testApp';

describe('catalogue API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers health once the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: testDatabaseKind });
  });

  it('lists the seeded products with the spec field names and their attributes, in seed order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product' });
    expect(res.statusCode).toBe(200);
    const products = res.json();
    expect(products).toHaveLength(seedProducts.length);
    expect(products.map((p: { name: string }) => p.name)).toEqual(seedProducts.map((p) => p.name));
    const first = seedProducts[0]!;
    expect(products[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: first.name,
      img: first.img,
      description: first.description,
      price: first.priceCents / 100,
      orderquantity: first.orderquantity,
      availablequantity: first.availablequantity,
      // Read from the name by the data migration's parser.
      category: 'tyre',
      width: 205,
      aspect: 55,
      rim: 16,
      season: 'summer',
      loadIndex: 91,
      speedRating: 'V',
      // The seed's EU tyre label (migration 0021).
      euLabel: first.euLabel,
      // The sidewall's marks, read from the name (migration 0034): a plain summer tyre has none.
      marks: { oeMark: null, runFlat: false, reinforced: false, threePeak: false, mudSnow: false },
      // Numbered in the order the products were added (migration 0009).
      sku: 'P000001',
      status: 'active',
      version: 1,
    });
    const byName = (part: string) => products.find((p: { name: string }) => p.name.includes(part));
    expect(byName('Alloy Wheel')).toMatchObject({ category: 'wheel', width: null, season: null });
    expect(byName('Brake Pad')).toMatchObject({ category: 'part', rim: null });
    expect(byName('TrailMaster')).toMatchObject({ season: 'all-season', rim: 18 });
    // Every seeded tyre has a label; wheels and parts none.
    for (const p of products as Array<{ category: string; euLabel: unknown }>) {
      expect(p.euLabel === null).toBe(p.category !== 'tyre');
    }
    expect(byName('Nordica')).toMatchObject({ euLabel: { snow: true, ice: true } });
  });

  it('documents the paging and search of the list: limit, offset, filters, X-Total-Count, ETag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const call = doc.paths['/api/product'].get;
    expect(call.parameters.map((p: { name: string }) => p.name)).toEqual([
      'limit',
      'offset',
      'q',
      'category',
      'width',
      'aspect',
      'rim',
      'season',
      'minPrice',
      'maxPrice',
      'inStock',
      'fuel',
      'wetGrip',
      'maxNoise',
      'snow',
      'oeMark',
      'runFlat',
      'reinforced',
      'mudSnow',
      'vehicle',
      'alternatives',
      'by',
      'market',
      'sort',
      'status',
    ]);
    expect(Object.keys(call.responses['200'].headers)).toEqual(['X-Total-Count', 'ETag']);
    // Paged or not, the body is the spec's array of products; with by=model, an array of models.
    const body = call.responses['200'].content['application/json'].schema;
    expect(body.anyOf.map((schema: { type: string }) => schema.type)).toEqual(['array', 'array']);
  });

  it('returns one product by id', async () => {
    const [product] = (await t.app.inject({ method: 'GET', url: '/api/product' })).json();
    const res = await t.app.inject({ method: 'GET', url: `/api/productDetails/${product._id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(product);
    const upper = `/api/productDetails/${product._id.toUpperCase()}`;
    expect((await t.app.inject({ method: 'GET', url: upper })).json()).toEqual(product);
  });

  it.each([
    ['a malformed id', 'not-an-id', 400],
    ['SQL in the id', "1' or '1'='1", 400],
    ['an unknown id', '3f1c2a5e-1111-4222-8333-944455556666', 404],
  ])('answers %s with a JSON error', async (_what, id, status) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/productDetails/${encodeURIComponent(id)}`,
    });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = res.json();
    expect(body).toEqual({ error: expect.any(String), message: expect.any(String) });
    expect(body.message).toMatch(
      status === 400 ? /^This link.s id is not one the store uses\.$/ : /No product/,
    );
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'Not Found',
      message: 'No such route: GET /api/no-such-call',
    });
  });

  it('gives the SPA its runtime settings, no secrets', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.firebase).toEqual({
      apiKey: 'demo-api-key',
      authDomain: 'demo-store.firebaseapp.com',
      projectId: 'demo-store',
      authEmulatorUrl: `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`,
    });
    expect(body.payments).toEqual({ provider: 'local', stripePublishableKey: null });
    expect(body.imageUploadUrl).toBe('/api/images');
    // What product pages state as the delivery estimate (DELIVERY_DAYS_MIN/MAX's defaults).
    expect(body.delivery).toEqual({ minDays: 2, maxDays: 4 });
    // The seller every receipt names (STORE_LEGAL_NAME and STORE_ADDRESS's defaults).
    expect(body.seller).toEqual({
      legalName: 'Tyre & Auto Parts Store',
      address: '12 Foundry Lane, Springfield',
    });
    expect(res.body).not.toMatch(/secret/i);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'[^;]*;/);
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('refuses a control character in a query parameter, naming it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product?q=tyre%00' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: expect.stringMatching(/must not contain control characters/),
      field: 'q',
    });
  });

  it('sends the same security headers on a 304, a refusal and an unknown route', async () => {
    const helmetHeaders = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    const security = (headers: Record<string, unknown>) =>
      Object.fromEntries(helmetHeaders.map((name) => [name, headers[name]]));
    const ok = await t.app.inject({ method: 'GET', url: '/api/product' });
    expect(Object.values(security(ok.headers))).not.toContain(undefined);
    for (const [url, headers, status] of [
      ['/api/product', { 'if-none-match': String(ok.headers.etag) }, 304],
      ['/api/product?limit=nine', {}, 400],
      ['/api/no-such-thing', {}, 404],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(status);
      expect(security(res.headers)).toEqual(security(ok.headers));
    }
  });
});

describe('a failing database', () => {
  it('answers 500 with a generic message: no SQL, no stack', async () => {
    const t = await startTestApp();
    try {
      await t.db.execute(sql`alter table products rename to products_gone`);
      const res = await t.app.inject({ method: 'GET', url: '/api/product' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        error: 'Internal Server Error',
        message: 'Something went wrong on our side. Please try again.',
      });
      expect(res.body).not.toMatch(/products|select|relation|at /i);
    } finally {
      await t.close();
    }
  });
});

describe('product details', () => {
  it('come from the cached catalogue: no query while it is unchanged', async () => {
    const t = await startTestApp();
    try {
      const [first, second] = (await t.app.inject({ method: 'GET', url: '/api/product' })).json();
      // The table goes away behind the API's back (no NOTIFY): only memory can answer now.
      await t.db.execute(sql`alter table products rename to products_away`);
      try {
        for (const product of [first, second]) {
          const res = await t.app.inject({
            method: 'GET',
            url: `/api/productDetails/${product._id}`,
          });
          expect(res.statusCode).toBe(200);
          expect(res.json()).toEqual(product);
        }
      } finally {
        await t.db.execute(sql`alter table products_away rename to products`);
      }
    } finally {
      await t.close();
    }
  });

  it('come from the database while no notifications keep the cache fresh', async () => {
    const server = await createTestDatabase();
    const config = testConfig({ databaseUrl: server.url });
    const database = await openStoreDatabase(server.url);
    const app = await buildApp(config, {
      database: { ...database, listen: () => Promise.reject(new Error('no LISTEN here')) },
    });
    try {
      const [product] = (await app.inject({ method: 'GET', url: '/api/product' })).json();
      const details = async () =>
        (await app.inject({ method: 'GET', url: `/api/productDetails/${product._id}` })).json();
      expect(await details()).toEqual(product);
      await database.db
        .update(products)
        .set({ availableQuantity: product.availablequantity + 5 })
        .where(eq(products.id, product._id));
      // Nobody tells this API: only a read of the database can show it, at once.
      expect((await details()).availablequantity).toBe(product.availablequantity + 5);
    } finally {
      await app.close();
      await database.close();
      await server.drop();
    }
  });
});

describe('malformed requests, as curl would send them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['broken JSON', 'application/json', '{"quantity": ', 400],
    ['an empty JSON body', 'application/json', '', 400],
    ['form data', 'application/x-www-form-urlencoded', 'a=b', 415],
  ])('answers %s with a JSON error', async (_what, type, payload, status) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/someone@store.test',
      headers: { 'content-type': type },
      payload,
    });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
  });
});
