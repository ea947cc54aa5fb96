import { expect, test } from '@playwright/test';
import {
  addProduct,
  call,
  cleanUp,
  orderBody,
  shopperEmail,
  signIn,
  startStore,
  stockOf,
} from './stack';

test.afterEach(cleanUp);

const card = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };

/**
 * A store on two API processes, a product with 100 in stock and a shopper with a paid order of
 * 2 x $89.99: what the attacks below start from.
 */
async function paidOrderStack(request: Parameters<typeof startStore>[0]) {
  const { emulator, apis, admin } = await startStore(request, { processes: 2 });
  const at = (i: number) => apis[i % apis.length]!.url;
  const product = await addProduct(at(0), admin, 100, 89.99);
  const shopper = await signIn(at(0), emulator, shopperEmail('owner', 0));
  const placed = await call(at(0), 'POST', '/api/order', {
    token: shopper,
    body: orderBody(product._id, 2),
  });
  expect(placed.status).toBe(201);
  const orderId = placed.body._id as string;
  const intent = await call(at(1), 'POST', '/api/create-Payment-Intent', {
    token: shopper,
    body: { orderId },
  });
  const paid = await call(at(0), 'POST', '/api/payments/local/confirm', {
    body: { clientSecret: intent.body.clientSecret, card },
  });
  expect(paid.status).toBe(200);
  const act = (i: number, token: string | undefined, action: string, body: object = {}) =>
    call(at(i), 'POST', `/api/order/${orderId}/${action}`, { token, body });
  const order = async () =>
    (await call(at(0), 'GET', `/api/order/${orderId}`, { token: admin })).body;
  return { at, admin, emulator, shopper, product, orderId, act, order };
}

test('a shopper cannot ship, refund or receive their own order, nor touch anyone else’s', async ({
  request,
}) => {
  const { at, emulator, shopper, act, order, orderId } = await paidOrderStack(request);
  const ship = { carrier: 'DHL', trackingNumber: 'JD01460000' };
  expect((await act(0, shopper, 'ship', ship)).status).toBe(403);
  expect((await act(1, shopper, 'refund', { amount: 179.98, reason: 'Free money' })).status).toBe(
    403,
  );
  expect((await act(0, shopper, 'return', { received: true, restock: true })).status).toBe(403);
  expect((await act(1, shopper, 'deliver')).status).toBe(403);
  expect((await act(0, undefined, 'cancel')).status).toBe(401);

  const stranger = await signIn(at(0), emulator, shopperEmail('stranger', 0));
  const theirs = await act(1, stranger, 'cancel', { reason: 'Not mine' });
  expect(theirs.status).toBe(403);
  expect(
    (await call(at(0), 'GET', `/api/order/${orderId}/history`, { token: stranger })).status,
  ).toBe(403);
  expect(await order()).toMatchObject({ status: 'paid', refunded: 0 });
});

test('refunds racing through two API processes never give back more than was paid', async ({
  request,
}) => {
  const { admin, act, order } = await paidOrderStack(request);
  // Ten admins' refunds of $50 on a $179.98 order, at once, over both processes.
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) => act(i, admin, 'refund', { amount: 50, reason: 'Race' })),
  );
  expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
  expect(answers.filter((a) => a.status !== 200).map((a) => a.status)).toEqual(Array(7).fill(409));
  expect((await order()).refunded).toBe(150);
  // What is left is refunded by a cancel, once, however many are sent.
  const cancels = await Promise.all(
    Array.from({ length: 4 }, (_, i) => act(i, admin, 'cancel', { reason: 'Race' })),
  );
  expect(cancels.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
  expect(await order()).toMatchObject({ status: 'cancelled', refunded: 179.98 });
});

test('a cancel racing a shipment: one wins, and the stock comes back at most once', async ({
  request,
}) => {
  const { at, admin, shopper, product, act, order } = await paidOrderStack(request);
  expect(await stockOf(at(0), product._id)).toBe(98);
  const [cancelled, shipped, again] = await Promise.all([
    act(0, shopper, 'cancel', { reason: 'Changed my mind' }),
    act(1, admin, 'ship', { carrier: 'DHL', trackingNumber: 'JD01460000' }),
    act(1, shopper, 'cancel', { reason: 'Changed my mind' }),
  ]);
  const wins = [cancelled, shipped, again].filter((a) => a.status === 200);
  expect(wins).toHaveLength(1);
  const now = await order();
  if (now.status === 'cancelled') {
    expect(now.refunded).toBe(179.98);
    expect(await stockOf(at(0), product._id)).toBe(100);
  } else {
    expect(now).toMatchObject({ status: 'shipped', refunded: 0 });
    expect(await stockOf(at(0), product._id)).toBe(98);
  }
});

test('a cancelled checkout cannot be paid, nor one of its orders alone', async ({ request }) => {
  const { emulator, apis, admin } = await startStore(request);
  const api = apis[0]!.url;
  const [tyre, valve] = await Promise.all([addProduct(api, admin, 10), addProduct(api, admin, 10)]);
  const shopper = await signIn(api, emulator, shopperEmail('checkout', 0));
  for (const product of [tyre, valve]) {
    await call(api, 'PUT', `/api/bag/items/${product._id}`, {
      token: shopper,
      body: { quantity: 4 },
    });
  }
  const checkout = await call(api, 'POST', '/api/checkout', {
    token: shopper,
    body: { name: 'Maria K.', address: '12 Foundry Lane', number: '555 0102' },
  });
  expect(checkout.status).toBe(201);
  const [first, second] = checkout.body.orders as Array<{ _id: string }>;
  const intent = await call(api, 'POST', '/api/create-Payment-Intent', {
    token: shopper,
    body: { checkoutId: checkout.body._id },
  });
  // One order alone is never paid: the checkout is paid together.
  const alone = await call(api, 'POST', '/api/create-Payment-Intent', {
    token: shopper,
    body: { orderId: second!._id },
  });
  expect(alone.status).toBe(409);

  const cancelled = await call(api, 'POST', `/api/order/${first!._id}/cancel`, {
    token: shopper,
    body: {},
  });
  expect(cancelled.status).toBe(200);
  // The card form opened before the cancel is refused: no money moves.
  const late = await call(api, 'POST', '/api/payments/local/confirm', {
    body: { clientSecret: intent.body.clientSecret, card },
  });
  expect(late.status).toBe(409);
  for (const product of [tyre, valve]) expect(await stockOf(api, product._id)).toBe(10);
  const mine = await call(api, 'GET', `/api/checkout/${checkout.body._id}`, { token: shopper });
  expect(mine.body.paid).toBe(false);
});

/**
 * Issue 45, finding 4: a shopper's cancel racing their own card confirmation (local provider)
 * left the card charged and the order unpaid, refunded $0, in 7 to 9 of 30 rounds. Whatever
 * wins, a charged card means a paid order (refunded in full if the cancel came second), and an
 * order left unpaid means a card never charged.
 */
test('a cancel racing a card confirmation never leaves the card charged and the order unpaid', async ({
  request,
}) => {
  test.setTimeout(180_000);
  const { database, emulator, apis, admin } = await startStore(request, { processes: 2 });
  const at = (i: number) => apis[i % apis.length]!.url;
  const product = await addProduct(at(0), admin, 1000, 19.99);
  const shopper = await signIn(at(0), emulator, shopperEmail('racer', 0));
  const outcomes: string[] = [];
  for (let round = 0; round < 30; round += 1) {
    const placed = await call(at(round), 'POST', '/api/order', {
      token: shopper,
      body: orderBody(product._id, 1),
    });
    expect(placed.status).toBe(201);
    const orderId = placed.body._id as string;
    const intent = await call(at(round + 1), 'POST', '/api/create-Payment-Intent', {
      token: shopper,
      body: { orderId },
    });
    const [confirmed, cancelled] = await Promise.all([
      call(at(round), 'POST', '/api/payments/local/confirm', {
        body: { clientSecret: intent.body.clientSecret, card },
      }),
      call(at(round + 1), 'POST', `/api/order/${orderId}/cancel`, {
        token: shopper,
        body: { reason: 'Race' },
      }),
    ]);
    const order = (await call(at(0), 'GET', `/api/order/${orderId}`, { token: admin })).body;
    const [payment] = (await database.query('select status from payments where order_id = $1', [
      orderId,
    ])) as Array<{ status: string }>;
    const charged = payment?.status === 'succeeded';
    const round_ = `round ${round}: confirm ${confirmed.status}, cancel ${cancelled.status}, ${JSON.stringify(order)}`;
    outcomes.push(`${confirmed.status}/${cancelled.status}/${order.status}`);
    // A card charged is an order paid, and a cancelled one gives all of it back.
    expect(charged, round_).toBe(confirmed.status === 200);
    if (charged) {
      expect(order.transactionId, round_).toBe(
        payment && intent.body.clientSecret.split('_secret_')[0],
      );
      if (order.status === 'cancelled') expect(order.refunded, round_).toBe(19.99);
      else expect(order.status, round_).toBe('paid');
    } else {
      expect(order, round_).toMatchObject({ status: 'cancelled', paid: false, refunded: 0 });
    }
  }
  console.log(`cancel vs confirm: ${outcomes.join(' ')}`);
});
