import { expect, test } from '@playwright/test';
import {
  ADMIN_EMAIL,
  addProduct,
  call,
  cleanUp,
  emulatorHost,
  freshDatabase,
  orderBody,
  shopperEmail,
  signIn,
  startApi,
  STOCK_MESSAGE,
  stockOf,
  type ThrowAwayDatabase,
} from './stack';

const ORDERS = 200;
const STOCK = 50;
const SHOPPERS = 20;

test.afterEach(cleanUp);

/**
 * 200 orders of one unit, all sent at once and spread over the given API processes, for a new
 * product with 50 in stock: exactly 50 may succeed, whatever process or connection they took.
 */
async function raceForTheLastUnits(apis: string[], emulator: string) {
  const admin = await signIn(apis[0]!, emulator, ADMIN_EMAIL);
  const product = await addProduct(apis[0]!, admin, STOCK);
  // Tokens from either process work on both (one secret, roles in the shared database).
  const shoppers = await Promise.all(
    Array.from({ length: SHOPPERS }, (_, i) =>
      signIn(apis[i % apis.length]!, emulator, shopperEmail('racer', i)),
    ),
  );

  // While the burst runs, each process's stock is read again and again: it may only ever go
  // down to 0. (Each process serves it from its cached catalogue, which hears of the other
  // process's orders by NOTIFY a moment later: so the order is checked per process.)
  const seen: number[][] = apis.map(() => []);
  let racing = true;
  const watcher = (async () => {
    for (let i = 0; racing; i += 1) {
      const k = i % apis.length;
      seen[k]!.push(await stockOf(apis[k]!, product._id));
    }
  })();

  const answers = await Promise.all(
    Array.from({ length: ORDERS }, (_, i) =>
      call(apis[i % apis.length]!, 'POST', '/api/order', {
        token: shoppers[i % SHOPPERS],
        body: orderBody(product._id, 1),
      }),
    ),
  );
  racing = false;
  await watcher;

  const placed = answers.filter((a) => a.status === 201);
  const refused = answers.filter((a) => a.status !== 201);
  expect(placed, 'orders accepted').toHaveLength(STOCK);
  // Every other one is a clear refusal: 409 with the spec's message, never a 5xx.
  for (const answer of refused) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(409);
    expect(answer.body).toEqual({ error: 'Conflict', message: STOCK_MESSAGE });
  }
  for (const { body } of placed) expect(body).toMatchObject({ quantity: 1, price: product.price });

  // Every process catches up (the other process learns by NOTIFY).
  for (const api of apis) {
    await expect.poll(() => stockOf(api, product._id)).toBe(0);
    await expect
      .poll(async () => {
        const list = (await call(api, 'GET', '/api/product')).body as (typeof product)[];
        return list.find((p) => p._id === product._id)?.availablequantity;
      })
      .toBe(0);
  }
  for (const reads of seen) {
    expect(reads.length).toBeGreaterThan(0);
    expect(Math.min(...reads)).toBeGreaterThanOrEqual(0);
    expect(reads.every((stock, i) => i === 0 || stock <= reads[i - 1]!)).toBe(true);
  }

  // Exactly the 50 accepted orders exist, as the admin sees them.
  const all = await call(apis[apis.length - 1]!, 'GET', '/api/order', { token: admin });
  expect(all.status).toBe(200);
  const stored = (all.body as Array<{ _id: string; productId: string }>)
    .filter((order) => order.productId === product._id)
    .map((order) => order._id)
    .sort();
  expect(stored).toEqual(placed.map((a) => a.body._id as string).sort());
}

/**
 * Two API processes started together on one empty database (one migrates and seeds while the
 * other waits), each with its own catalogue cache, racing for the last units.
 */
async function raceOnTwoProcesses(database: ThrowAwayDatabase, emulator: string) {
  const apis = await Promise.all([
    startApi({ database, emulatorHost: emulator }),
    startApi({ database, emulatorHost: emulator }),
  ]);
  await raceForTheLastUnits(
    apis.map((api) => api.url),
    emulator,
  );
}

test('two API processes: 200 concurrent orders for 50 in stock sell exactly 50', async ({
  request,
}) => {
  await raceOnTwoProcesses(await freshDatabase({ shared: true }), await emulatorHost(request));
});
