import { eq, sql } from 'drizzle-orm';
import { orders } from '../src/db/schema';
import { checkoutCopy } from '../../contract/checkoutCopy';
import { copy } from '../../contract/copy';
import { markOrderPaid, releaseExpiredHolds } from '../src/orders/orderTable';
import { makeProduct, orderBody, stockOf } from './fixtures';
import { appToken, bearer, firebaseIdToken, uniqueEmail } from './identity';
import { startTestApp, type TestApp } from './testApp';

describe('stock holds', () => {
  let t: TestApp;
  const shopper = uniqueEmail('holder');
  let token: string;
  beforeAll(async () => {
    // The whole stock may be held here: the share of a product is tested below.
    t = await startTestApp({
      orders: { holdSeconds: 1800, maxHeldUnits: 10, heldSharePercent: 100 },
    });
    token = await appToken(t.app, shopper, { verified: true });
  });
  afterAll(() => t.close());

  const place = (productId: string, quantity: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(token),
      payload: orderBody(productId, quantity),
    });
  const expire = (id: string) =>
    t.db
      .update(orders)
      .set({ holdUntil: sql`now() - interval '1 second'` })
      .where(eq(orders.id, id));
  const clearHolds = () => t.db.delete(orders).where(eq(orders.email, shopper));

  afterEach(clearHolds);

  it('holds an order for the configured time and says until when', async () => {
    const product = await makeProduct(t.db);
    const before = Date.now();
    const res = await place(product.id, 2);
    expect(res.statusCode).toBe(201);
    const expiresAt = Date.parse(res.json().expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 1800_000 - 5_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 1800_000 + 5_000);
    expect(res.json().expired).toBe(false);
  });

  it('refuses units above the per-account limit with a message naming it', async () => {
    const product = await makeProduct(t.db);
    expect((await place(product.id, 7)).statusCode).toBe(201);
    const refused = await place(product.id, 4);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'One account can hold at most 10 units in unpaid orders, and you already hold 7. ' +
        'Pay for or delete an order first (unpaid orders expire after 30 minutes).',
    );
    expect((await place(product.id, 3)).statusCode).toBe(201);
    expect(await stockOf(t.db, product.id)).toBe(90);
  });

  it('lets orders of one account racing each other hold no more than the limit', async () => {
    const product = await makeProduct(t.db);
    const raced = await Promise.all(Array.from({ length: 30 }, () => place(product.id, 1)));
    const statuses = raced.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(10).fill(201), ...Array<number>(20).fill(409)]);
    expect(await stockOf(t.db, product.id)).toBe(90);
  });

  it('gives the stock of an expired order back once, and shows it expired', async () => {
    const product = await makeProduct(t.db, { availableQuantity: 10 });
    const order = (await place(product.id, 6)).json();
    await expire(order._id);
    expect(await releaseExpiredHolds(t.db)).toEqual([product.id]);
    expect(await releaseExpiredHolds(t.db)).toEqual([]);
    expect(await stockOf(t.db, product.id)).toBe(10);
    const listed = await t.app.inject({
      url: `/api/order?email=${encodeURIComponent(shopper)}`,
      headers: bearer(token),
    });
    expect(listed.json()).toEqual([expect.objectContaining({ _id: order._id, expired: true })]);
    // Deleting it gives nothing back twice.
    await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${order._id}`,
      headers: bearer(token),
    });
    expect(await stockOf(t.db, product.id)).toBe(10);
  });

  it('sweeps holds that ran out before refusing an order for stock', async () => {
    const product = await makeProduct(t.db, { availableQuantity: 5 });
    const first = (await place(product.id, 5)).json();
    await expire(first._id);
    const second = await place(product.id, 5);
    expect(second.statusCode).toBe(201);
    expect(await stockOf(t.db, product.id)).toBe(0);
  });

  it('refuses a payment for an expired order before any money moves', async () => {
    const product = await makeProduct(t.db);
    const order = (await place(product.id, 1)).json();
    await expire(order._id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-Payment-Intent',
      headers: bearer(token),
      payload: { orderId: order._id },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This order was not paid within 30 minutes, so it expired and its stock went back on sale. ' +
        'Delete it and order again.',
    );
  });

  it('completes a payment taken after the hold ran out by taking the stock again, if any', async () => {
    const product = await makeProduct(t.db, { availableQuantity: 3, priceCents: 1000 });
    const order = (await place(product.id, 3)).json();
    await expire(order._id);
    await releaseExpiredHolds(t.db);
    expect(await stockOf(t.db, product.id)).toBe(3);
    const paid = await markOrderPaid(t.db, {
      orderId: order._id,
      intentId: 'pi_late_0001',
      amountCents: 3000,
    });
    expect(paid).toMatchObject({ paid: true, holdReleased: false });
    expect(await stockOf(t.db, product.id)).toBe(0);
  });

  it('refuses a payment taken after the hold ran out when the stock is gone', async () => {
    const product = await makeProduct(t.db, { availableQuantity: 3, priceCents: 1000 });
    const order = (await place(product.id, 3)).json();
    await expire(order._id);
    await releaseExpiredHolds(t.db);
    const other = await appToken(t.app, uniqueEmail('quicker'), { verified: true });
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(other),
      payload: orderBody(product.id, 2),
    });
    expect(bought.statusCode).toBe(201);
    await expect(
      markOrderPaid(t.db, { orderId: order._id, intentId: 'pi_late_0002', amountCents: 3000 }),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect(await stockOf(t.db, product.id)).toBe(1);
  });

  it('refuses an order whose total one card payment cannot take', async () => {
    const product = await makeProduct(t.db, { priceCents: 500_001, availableQuantity: 5000 });
    const res = await place(product.id, 200);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'This order comes to $1,000,002.00, more than the $999,999.99 one card payment can take. ' +
        'Please order fewer units.',
    );
    expect(await stockOf(t.db, product.id)).toBe(5000);
  });
});

describe('who may hold stock, and how much of a product', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      orders: { holdSeconds: 1800, maxHeldUnits: 50, heldSharePercent: 50 },
    });
  });
  afterAll(() => t.close());

  const place = (token: string, productId: string, quantity: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(token),
      payload: orderBody(productId, quantity),
    });
  const shoppers = (n: number, name: string) =>
    Promise.all(
      Array.from({ length: n }, (_, i) =>
        appToken(t.app, uniqueEmail(`${name}${i}`), { verified: true }),
      ),
    );

  it('refuses an account whose email is not verified, telling it to verify, and holds nothing', async () => {
    const product = await makeProduct(t.db, { availableQuantity: 10 });
    const token = await appToken(t.app, uniqueEmail('unverified'));
    const res = await place(token, product.id, 1);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(checkoutCopy.order.verifyEmailFirst);
    expect(res.json().message).toBe(
      'Verify your email before ordering: open the link in the email we sent you when you ' +
        'registered, then place your order again. Unpaid orders hold stock, so only accounts ' +
        'with a verified email can place them.',
    );
    expect(await stockOf(t.db, product.id)).toBe(10);
  });

  it('takes the order of an account that verified its email after signing in', async () => {
    const product = await makeProduct(t.db, { availableQuantity: 10 });
    const email = uniqueEmail('latecomer');
    const token = await appToken(t.app, email);
    expect((await place(token, product.id, 1)).statusCode).toBe(403);
    await firebaseIdToken(email, true); // the link in the email is clicked
    const res = await place(token, product.id, 1);
    expect(res.statusCode).toBe(201);
    expect(await stockOf(t.db, product.id)).toBe(9);
  });

  it('caps what all unpaid orders of a product hold at its share, and says what is left', async () => {
    const product = await makeProduct(t.db, { availableQuantity: 20 });
    const [first, second] = await shoppers(2, 'sharer');
    expect((await place(first!, product.id, 6)).statusCode).toBe(201);
    const refused = await place(second!, product.id, 5);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      '6 units of this product are in unpaid orders right now, and unpaid orders may hold at ' +
        'most 10 of its 20 (50% of its stock) at once. You can order up to 4 now, or try again ' +
        'later: unpaid orders are paid or released within 30 minutes.',
    );
    expect((await place(second!, product.id, 4)).statusCode).toBe(201);
    const full = await place(second!, product.id, 1);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toMatch(/at once\. Try again later: unpaid orders/);
    expect(await stockOf(t.db, product.id)).toBe(10);
  });

  it('always lets a set of four be held, and still applies the spec stock rule', async () => {
    const product = await makeProduct(t.db, { availableQuantity: 5 });
    const [token] = await shoppers(1, 'setbuyer');
    const tooMany = await place(token!, product.id, 6);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(copy.order.unavailableQuantity);
    expect((await place(token!, product.id, 4)).statusCode).toBe(201);
    expect((await place(token!, product.id, 1)).statusCode).toBe(409);
    expect(await stockOf(t.db, product.id)).toBe(1);
  });

  it('never lets concurrent orders of many accounts hold more than the share', async () => {
    const product = await makeProduct(t.db, { availableQuantity: 40 });
    const tokens = await shoppers(12, 'racer');
    const raced = await Promise.all(tokens.map((token) => place(token, product.id, 3)));
    const statuses = raced.map((res) => res.statusCode).sort();
    // 20 units may be held: six orders of 3 fit, the seventh would make 21.
    expect(statuses).toEqual([...Array<number>(6).fill(201), ...Array<number>(6).fill(409)]);
    expect(await stockOf(t.db, product.id)).toBe(22);
  });

  it('counts paid orders out of the stock the share is of', async () => {
    const product = await makeProduct(t.db, { availableQuantity: 20, priceCents: 1000 });
    const [buyer, other] = await shoppers(2, 'payer');
    const order = (await place(buyer!, product.id, 10)).json();
    await markOrderPaid(t.db, {
      orderId: order._id,
      intentId: 'pi_share_0001',
      amountCents: 10000,
    });
    // 10 left, nothing held: 5 may be held.
    expect((await place(other!, product.id, 6)).statusCode).toBe(409);
    expect((await place(other!, product.id, 5)).statusCode).toBe(201);
  });
});
