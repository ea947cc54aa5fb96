import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import autocannon from 'autocannon';
import { waitFor } from '../scripts/processes';
import {
  ADMIN_EMAIL,
  addProduct,
  call,
  cleanUp,
  emulatorHost,
  freshDatabase,
  memoryAfterGc,
  orderBody,
  shopperEmail,
  signIn,
  startApi,
} from './stack';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const WARMUP_SECONDS = Number(process.env.SOAK_WARMUP_SECONDS ?? 10);
const CONNECTIONS = 50;
/** Heap used after a full GC may grow this much over the soak, at most. */
const HEAP_GROWTH_LIMIT = 0.1;

test.afterEach(cleanUp);

/** What one cycle of one connection remembers (autocannon's per-connection context). */
interface Cycle {
  email: string;
  token: string;
  product: string;
  orderId: string;
}
const cycle = (context: object) => context as Partial<Cycle>;

interface Tally {
  requests: number;
  unexpected: Map<string, number>;
}

/**
 * What a shop's traffic looks like, as one cycle each connection repeats: catalogue, details,
 * reviews, a signed-in shopper ordering, looking at the order and at their orders, then
 * cancelling it (so lists stay short and stock comes back), a page of the catalogue, and the
 * refusals a shop also serves all day (an unknown product, a missing sign-in).
 */
function shopCycle(
  shoppers: Array<{ email: string; token: string }>,
  productIds: string[],
  soakProduct: string,
  tally: Tally,
): autocannon.Request[] {
  let next = 0;
  const expecting = (name: string, status: number) => (actual: number) => {
    tally.requests += 1;
    if (actual !== status) {
      const key = `${name}: ${actual}`;
      tally.unexpected.set(key, (tally.unexpected.get(key) ?? 0) + 1);
    }
  };
  const signedIn = (context: object) => ({ authorization: `Bearer ${cycle(context).token}` });
  return [
    {
      method: 'GET',
      path: '/api/product',
      // Each cycle is one shopper (the context is fresh at every cycle's start).
      setupRequest: (request, context) => {
        const shopper = shoppers[next++ % shoppers.length]!;
        Object.assign(context, shopper, { product: productIds[next % productIds.length] });
        return request;
      },
      onResponse: expecting('catalogue', 200),
    },
    {
      method: 'GET',
      setupRequest: (request, context) => ({
        ...request,
        path: `/api/productDetails/${cycle(context).product}`,
      }),
      onResponse: expecting('product details', 200),
    },
    { method: 'GET', path: '/api/review', onResponse: expecting('reviews', 200) },
    {
      method: 'POST',
      path: '/api/order',
      setupRequest: (request, context) => ({
        ...request,
        headers: { ...signedIn(context), 'content-type': 'application/json' },
        body: JSON.stringify(orderBody(soakProduct, 1)),
      }),
      onResponse: (status, body, context) => {
        expecting('order', 201)(status);
        if (status === 201) cycle(context).orderId = JSON.parse(body)._id;
      },
    },
    {
      method: 'GET',
      setupRequest: (request, context) => ({
        ...request,
        path: `/api/order/${cycle(context).orderId}`,
        headers: signedIn(context),
      }),
      onResponse: expecting('the order', 200),
    },
    {
      method: 'GET',
      setupRequest: (request, context) => ({
        ...request,
        path: `/api/order?email=${encodeURIComponent(cycle(context).email!)}`,
        headers: signedIn(context),
      }),
      onResponse: expecting('my orders', 200),
    },
    {
      method: 'DELETE',
      setupRequest: (request, context) => ({
        ...request,
        path: `/api/order/${cycle(context).orderId}`,
        headers: signedIn(context),
      }),
      onResponse: expecting('cancel order', 200),
    },
    {
      method: 'GET',
      path: '/api/product?limit=5&offset=3',
      onResponse: expecting('catalogue page', 200),
    },
    {
      method: 'GET',
      setupRequest: (request) => ({ ...request, path: `/api/productDetails/${randomUUID()}` }),
      onResponse: expecting('unknown product', 404),
    },
    {
      method: 'GET',
      path: '/api/order?email=nobody%40attack.test',
      onResponse: expecting('orders without sign-in', 401),
    },
    { method: 'GET', path: '/api/config', onResponse: expecting('config', 200) },
  ];
}

test('soak: 60 s of mixed traffic at 50 connections, no errors, heap after GC within 10%', async ({
  request,
}) => {
  test.setTimeout((SECONDS + WARMUP_SECONDS) * 1000 + 120_000);
  const database = await freshDatabase();
  const emulator = await emulatorHost(request);
  const api = await startApi({
    database,
    emulatorHost: emulator,
    nodeArgs: ['--expose-gc'],
    preload: ['./security/memoryProbe.ts'],
  });
  const admin = await signIn(api.url, emulator, ADMIN_EMAIL);
  const soakProduct = (await addProduct(api.url, admin, 1_000_000))._id;
  const catalogue = await call(api.url, 'GET', '/api/product');
  const productIds = (catalogue.body as Array<{ _id: string }>).map((p) => p._id);
  const shoppers = await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, i) => {
      const email = shopperEmail('soak', i);
      return { email, token: await signIn(api.url, emulator, email) };
    }),
  );

  const load = async (seconds: number) => {
    const tally: Tally = { requests: 0, unexpected: new Map() };
    const result = await autocannon({
      url: api.url,
      connections: CONNECTIONS,
      duration: seconds,
      requests: shopCycle(shoppers, productIds, soakProduct, tally),
    });
    return { result, tally };
  };

  /**
   * autocannon drops its connections mid-request when time is up; the API still finishes what it
   * received. Every cycle cancels the order it placed, so once the orders left and the stock add
   * up again, the API has caught up (and if they never do, stock was lost).
   */
  const settled = () =>
    waitFor(
      'stock + orders left = 1,000,000',
      async () => {
        const left = await call(api.url, 'GET', '/api/order', { token: admin });
        const stock = await call(api.url, 'GET', `/api/productDetails/${soakProduct}`);
        return stock.body.availablequantity + left.body.length === 1_000_000;
      },
      { timeoutMs: 15_000, intervalMs: 100 },
    );

  // Warm-up: code paths compiled, caches and pools filled; then the baseline after a GC.
  const warm = await load(WARMUP_SECONDS);
  expect(Object.fromEntries(warm.tally.unexpected)).toEqual({});
  await settled();
  const before = await memoryAfterGc(api);

  const { result, tally } = await load(SECONDS);
  await settled();
  const after = await memoryAfterGc(api);
  const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
  console.log(
    `soak on ${database.kind}: ${tally.requests} requests in ${SECONDS} s ` +
      `(${Math.round(result.requests.average)}/s, p99 ${result.latency.p99} ms); heap used after GC ` +
      `${mb(before.heapUsed)} -> ${mb(after.heapUsed)} MB, rss ${mb(before.rss)} -> ${mb(after.rss)} MB`,
  );

  expect(Object.fromEntries(tally.unexpected), 'unexpected statuses').toEqual({});
  expect({ errors: result.errors, timeouts: result.timeouts, resets: result.resets }).toEqual({
    errors: 0,
    timeouts: 0,
    resets: 0,
  });
  // Every request answered, and enough of them that this was load, not a trickle.
  expect(tally.requests).toBe(result.requests.total);
  expect(tally.requests).toBeGreaterThan(SECONDS * 100);
  expect(after.heapUsed).toBeLessThanOrEqual(before.heapUsed * (1 + HEAP_GROWTH_LIMIT));
  expect((await call(api.url, 'GET', '/api/health')).status).toBe(200);
});
