import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { refusals } from '../src/refusals';
import { checkouts, fittingWeekdays, orders, payments, products } from '../src/db/schema';
import { dayAfter, todayIn } from '../src/fitting/fittingTable';
import { withAdminAndTwoShoppers } from './accounts';
import { signedInCalls } from './calls';
import { makeProduct, stockOf } from './fixtures';
import { appToken, bearer, uniqueEmail } from './identity';
import type { startStripeStub } from './stripeStub';
import { withStripeStore } from './stripeStore';
import { startSecondApp, startTestApp, testConfig, type TestApp } from './testApp';

const contact = { name: 'Maria K.', address: '12 Foundry Lane, Springfield', number: '555 0102' };
const card = (number: string) => ({
  number,
  expMonth: 12,
  expYear: new Date().getFullYear() + 3,
  cvc: '123',
});

/** The calls of a signed-in shopper's bag and checkout, against one API. */
function shopperCalls(t: () => TestApp, tokenOf: (email: string) => string) {
  const call = signedInCalls(t, tokenOf);
  return {
    call,
    put: (email: string, productId: string, quantity: number) =>
      call(email, 'PUT', `/api/bag/items/${productId}`, { quantity }),
    checkOut: (email: string, body: object = contact, headers: Record<string, string> = {}) =>
      call(email, 'POST', '/api/checkout', body, headers),
    intent: (email: string, body: object) =>
      call(email, 'POST', '/api/create-Payment-Intent', body),
  };
}

describe('checkout of the bag', () => {
  const accounts = withAdminAndTwoShoppers();
  const { admin } = accounts;
  // Fresh shoppers for each test: each starts with an empty bag and holds nothing yet.
  let alice: string;
  let bob: string;
  const newShopper = async (name: string) => {
    const email = uniqueEmail(name);
    accounts.tokens[email] = await appToken(accounts.t.app, email, { verified: true });
    return email;
  };
  beforeEach(async () => {
    alice = await newShopper('alice');
    bob = await newShopper('bob');
  });
  const { call, put, checkOut, intent } = shopperCalls(
    () => accounts.t,
    (email) => accounts.tokens[email]!,
  );
  const confirm = (clientSecret: string, number: string) =>
    accounts.t.app.inject({
      method: 'POST',
      url: '/api/payments/local/confirm',
      payload: { clientSecret, card: card(number) },
    });
  const bagOf = async (email: string) => (await call(email, 'GET', '/api/bag')).json();
  /** The fitting places of a weekday (tests put back the default 8 after them). */
  const setPlaces = (weekday: number, places: number) =>
    accounts.t.db
      .update(fittingWeekdays)
      .set({ places })
      .where(eq(fittingWeekdays.weekday, weekday));

  /** Three products in alice's bag: 4 tyres, 4 valves, 1 voucher. */
  async function fillBag(email: string = alice) {
    const tyre = await makeProduct(accounts.t.db, { priceCents: 8950, availableQuantity: 20 });
    const valve = await makeProduct(accounts.t.db, { priceCents: 299, availableQuantity: 50 });
    const voucher = await makeProduct(accounts.t.db, { priceCents: 4900, availableQuantity: 10 });
    for (const [product, quantity] of [
      [tyre, 4],
      [valve, 4],
      [voucher, 1],
    ] as const) {
      expect((await put(email, product.id, quantity)).statusCode).toBe(200);
    }
    return { tyre, valve, voucher };
  }

  it('refuses an empty bag, and a visitor', async () => {
    const empty = await checkOut(alice);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe(refusals.checkout.emptyBag);
    const visitor = await accounts.t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: contact,
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('says what is wrong with the form in words', async () => {
    const res = await checkOut(alice, { ...contact, number: 'call me', fitting: 'tomorrow' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).not.toMatch(/body\./);
  });

  it('refuses a fitting day the calendar does not have, at the edge and in words', async () => {
    for (const day of ['2026-12-00', '2027-02-30', '2026-13-01']) {
      const res = await checkOut(alice, { ...contact, fitting: day });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/must be a day of the calendar/);
    }
  });

  it('orders every line at once at the catalogue price, empties the bag, and shows it to its owner and admins only', async () => {
    const { tyre, valve, voucher } = await fillBag();
    const res = await checkOut(alice, { ...contact, price: 0.01 });
    expect(res.statusCode).toBe(400); // no price from the client, not even ignored ones

    const placed = await checkOut(alice);
    expect(placed.statusCode).toBe(201);
    const checkout = placed.json();
    expect(checkout).toMatchObject({
      total: 358 + 11.96 + 49,
      fitting: null,
      paid: false,
      transactionId: null,
      expired: false,
    });
    expect(checkout.orders).toHaveLength(3);
    for (const order of checkout.orders) {
      expect(order).toMatchObject({
        ...contact,
        checkoutId: checkout._id,
        paid: false,
        fitting: null,
      });
    }
    expect(await stockOf(accounts.t.db, tyre.id)).toBe(16);
    expect(await stockOf(accounts.t.db, valve.id)).toBe(46);
    expect(await stockOf(accounts.t.db, voucher.id)).toBe(9);
    expect((await bagOf(alice)).items).toEqual([]);

    const mine = await call(alice, 'GET', `/api/checkout/${checkout._id}`);
    expect(mine.json()).toEqual(checkout);
    expect((await call(admin, 'GET', `/api/checkout/${checkout._id}`)).statusCode).toBe(200);
    expect((await call(bob, 'GET', `/api/checkout/${checkout._id}`)).statusCode).toBe(403);
    expect((await intent(bob, { checkoutId: checkout._id })).statusCode).toBe(403);
    // Each order is an ordinary order in My Orders.
    const listed = (await call(alice, 'GET', `/api/order?email=${alice}`)).json();
    expect(
      listed.filter((o: { checkoutId: string }) => o.checkoutId === checkout._id),
    ).toHaveLength(3);
  });

  it('reserves all or nothing: one line short of stock names it, reserves nothing and keeps the bag', async () => {
    const { tyre, valve } = await fillBag();
    // Someone else bought most of the valves since they were put in the bag.
    await accounts.t.db
      .update(products)
      .set({ availableQuantity: 2 })
      .where(eq(products.id, valve.id));
    const before = await bagOf(alice);
    const ordersBefore = (await call(alice, 'GET', `/api/order?email=${alice}`)).json().length;
    const res = await checkOut(alice);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(valve.name);
    expect(res.json().message).toContain('Only 2 left');
    expect(await stockOf(accounts.t.db, tyre.id)).toBe(20);
    expect(await bagOf(alice)).toEqual(before);
    const ordersAfter = (await call(alice, 'GET', `/api/order?email=${alice}`)).json().length;
    expect(ordersAfter).toBe(ordersBefore);
  });

  it('places one checkout per Idempotency-Key, however often the form is sent', async () => {
    await fillBag();
    const key = { 'idempotency-key': `checkout-${Date.now()}-abc` };
    const answers = await Promise.all([
      checkOut(alice, contact, key),
      checkOut(alice, contact, key),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers[1]!.json()._id).toBe(answers[0]!.json()._id);
    const again = await checkOut(alice, contact, key);
    expect(again.json()._id).toBe(answers[0]!.json()._id);
  });

  it('is paid with one card payment for the total, computed on the server', async () => {
    await fillBag();
    const checkout = (await checkOut(alice)).json();
    expect(
      (await intent(alice, { checkoutId: checkout._id, orderId: checkout.orders[0]._id }))
        .statusCode,
    ).toBe(400);
    expect((await intent(alice, {})).statusCode).toBe(400);

    const { clientSecret } = (await intent(alice, { checkoutId: checkout._id, price: 1 })).json();
    // A declined card leaves every order unpaid and payable.
    const declined = await confirm(clientSecret, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect((await call(alice, 'GET', `/api/checkout/${checkout._id}`)).json().paid).toBe(false);

    const paid = await confirm(clientSecret, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(200);
    expect(paid.json().paymentIntent.amount).toBe(41896);
    const transactionId = paid.json().paymentIntent.id;
    const after = (await call(alice, 'GET', `/api/checkout/${checkout._id}`)).json();
    expect(after).toMatchObject({ paid: true, transactionId, expiresAt: null });
    expect(
      after.orders.every((o: { transactionId: string }) => o.transactionId === transactionId),
    ).toBe(true);

    // Recording it again is harmless; another intent, or paying again, is refused.
    const patched = await call(alice, 'PATCH', `/api/checkout/${checkout._id}`, { transactionId });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().paid).toBe(true);
    expect(
      (await call(alice, 'PATCH', `/api/checkout/${checkout._id}`, { transactionId: 'pi_other' }))
        .statusCode,
    ).toBe(409);
    expect((await intent(alice, { checkoutId: checkout._id })).statusCode).toBe(409);
    // A single order of it cannot be paid, or deleted, on its own once paid.
    expect((await intent(alice, { orderId: checkout.orders[0]._id })).statusCode).toBe(409);
  });

  it('PATCH records only a payment made for this checkout', async () => {
    await fillBag();
    const first = (await checkOut(alice)).json();
    await fillBag();
    const second = (await checkOut(alice)).json();
    const { clientSecret } = (await intent(alice, { checkoutId: first._id })).json();
    const intentId = clientSecret.split('_secret_')[0];
    const early = await call(alice, 'PATCH', `/api/checkout/${first._id}`, {
      transactionId: intentId,
    });
    expect(early.statusCode).toBe(402);
    await confirm(clientSecret, '4242 4242 4242 4242');
    const wrong = await call(alice, 'PATCH', `/api/checkout/${second._id}`, {
      transactionId: intentId,
    });
    expect(wrong.statusCode).toBe(402);
    expect((await call(alice, 'GET', `/api/checkout/${second._id}`)).json().paid).toBe(false);
  });

  it('keeps a checkout whole until paid: no order of it is deleted or paid alone while it can be paid', async () => {
    const { voucher } = await fillBag();
    const checkout = (await checkOut(alice)).json();
    const voucherOrder = checkout.orders.find(
      (o: { productId: string }) => o.productId === voucher.id,
    );
    const remove = () =>
      accounts.t.app.inject({
        method: 'DELETE',
        url: `/api/order/${voucherOrder._id}`,
        headers: bearer(accounts.tokens[alice]!),
      });
    const refused = await remove();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/placed with others in one checkout/);
    expect(await stockOf(accounts.t.db, voucher.id)).toBe(9);
    const alone = await intent(alice, { orderId: voucherOrder._id });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().message).toBe(refusals.checkout.payTogether);
    const patched = await call(alice, 'PATCH', `/api/order/${voucherOrder._id}`, {
      transactionId: 'pi_local_anything',
    });
    expect(patched.json().message).toBe(refusals.checkout.payTogether);

    // A card form opened in time is not charged once the hold ran out.
    const { clientSecret } = (await intent(alice, { checkoutId: checkout._id })).json();
    await accounts.t.db
      .update(orders)
      .set({ holdUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.checkoutId, checkout._id));
    const late = await confirm(clientSecret, '4242 4242 4242 4242');
    expect(late.statusCode).toBe(409);
    const [payment] = await accounts.t.db
      .select()
      .from(payments)
      .where(eq(payments.clientSecret, clientSecret));
    expect(payment?.status).not.toBe('succeeded');
    // Once it can no longer be paid, its orders can be deleted.
    expect((await remove()).statusCode).toBe(200);
  });

  it('keeps to the hold rules: an account holds at most its units in unpaid orders, all lines counted', async () => {
    const big = await makeProduct(accounts.t.db, { priceCents: 100, availableQuantity: 500 });
    const other = await makeProduct(accounts.t.db, { priceCents: 100, availableQuantity: 500 });
    const { maxHeldUnits } = testConfig().orders;
    await put(bob, big.id, Math.min(maxHeldUnits, 99));
    await put(bob, other.id, 2);
    const res = await checkOut(bob);
    if (maxHeldUnits < 101) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/at most/);
      expect(await stockOf(accounts.t.db, big.id)).toBe(500);
    }
  });

  it('books fitting at the shop on a day with places, and refuses a full, closed or far day', async () => {
    const today = todayIn(testConfig().storeTimeZone);
    const day = dayAfter(today, 3);
    const closed = dayAfter(today, 4);
    await setPlaces(day.weekday, 1);
    await setPlaces(closed.weekday, 0);
    try {
      await fillBag(alice);
      const booked = await checkOut(alice, { ...contact, fitting: day.date });
      expect(booked.statusCode).toBe(201);
      expect(booked.json().fitting).toBe(day.date);
      expect(booked.json().orders[0].fitting).toBe(day.date);

      await fillBag(bob);
      const full = await checkOut(bob, { ...contact, fitting: day.date });
      expect(full.statusCode).toBe(409);
      expect(full.json().message).toBe(refusals.checkout.fittingDayFull);
      const shut = await checkOut(bob, { ...contact, fitting: closed.date });
      expect(shut.json().message).toBe(refusals.checkout.fittingDayClosed);
      const far = await checkOut(bob, { ...contact, fitting: dayAfter(today, 45).date });
      expect(far.statusCode).toBe(409);
      expect(far.json().message).toMatch(/^Fittings can be booked from/);
      // Nothing was reserved for bob, and his bag is as it was.
      expect((await bagOf(bob)).items).toHaveLength(3);
      const days = (
        await accounts.t.app.inject({ method: 'GET', url: '/api/fitting-days' })
      ).json();
      expect(days.find((d: { date: string }) => d.date === day.date).places).toBe(0);
    } finally {
      await setPlaces(day.weekday, 8);
      await setPlaces(closed.weekday, 8);
    }
  });

  it('gives the last fitting place of a day to one of two racing shoppers', async () => {
    const today = todayIn(testConfig().storeTimeZone);
    const day = dayAfter(today, 10);
    await setPlaces(day.weekday, 1);
    try {
      await fillBag(alice);
      await fillBag(bob);
      const answers = await Promise.all([
        checkOut(alice, { ...contact, fitting: day.date }),
        checkOut(bob, { ...contact, fitting: day.date }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      const booked = await accounts.t.db
        .select()
        .from(checkouts)
        .where(eq(checkouts.fittingDate, day.date));
      expect(booked).toHaveLength(1);
    } finally {
      await setPlaces(day.weekday, 8);
    }
  });
});

describe('checkouts racing for the same stock', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await startTestApp();
    // A second API on the same database, as a second process would be.
    second = await startSecondApp(first);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('never oversells: stock never goes below 0, and what left the shelves is what was checked out', async () => {
    const stock = [7, 5, 9];
    const made = [];
    for (const units of stock)
      made.push(await makeProduct(first.db, { availableQuantity: units, orderQuantity: 0 }));
    const shoppers = Array.from({ length: 200 }, (_, i) => uniqueEmail(`racer${i}`));
    const tokens: Record<string, string> = {};
    // Signed in and their bags filled ten at a time: only the checkouts race.
    for (let i = 0; i < shoppers.length; i += 10) {
      await Promise.all(
        shoppers.slice(i, i + 10).map(async (email) => {
          tokens[email] = await appToken(first.app, email, { verified: true });
        }),
      );
    }
    const viaFirst = shopperCalls(
      () => first,
      (email) => tokens[email]!,
    );
    const viaSecond = shopperCalls(
      () => second,
      (email) => tokens[email]!,
    );
    for (const [j, product] of made.entries()) {
      for (let i = 0; i < shoppers.length; i += 10) {
        await Promise.all(
          shoppers
            .slice(i, i + 10)
            .map((email, k) => viaFirst.put(email, product.id, 1 + ((i + k + j) % 2))),
        );
      }
    }
    const answers = await Promise.all(
      shoppers.map((email, i) => (i % 2 ? viaSecond : viaFirst).checkOut(email)),
    );
    const unexpected = answers.filter((a) => a.statusCode !== 201 && a.statusCode !== 409);
    expect(unexpected.map((a) => `${a.statusCode} ${a.body}`)).toEqual([]);
    const won = answers.filter((a) => a.statusCode === 201).map((a) => a.json());
    expect(won.length).toBeGreaterThan(0);
    for (const [j, product] of made.entries()) {
      const sold = won
        .flatMap((c) => c.orders)
        .filter((o: { productId: string }) => o.productId === product.id)
        .reduce((sum: number, o: { quantity: number }) => sum + o.quantity, 0);
      const left = await stockOf(first.db, product.id);
      expect(left).toBeGreaterThanOrEqual(0);
      expect(stock[j]! - left).toBe(sold);
    }
    const placed = await first.db.select().from(orders);
    const tied = placed.filter((o) => o.checkoutId !== null);
    expect(tied.length).toBe(won.reduce((sum, c) => sum + c.orders.length, 0));
  }, 180_000);

  it('never deadlocks a checkout with bags being filled with the same tyres in the other order', async () => {
    const made = [];
    for (let i = 0; i < 5; i += 1) {
      made.push(await makeProduct(first.db, { availableQuantity: 100_000, orderQuantity: 0 }));
    }
    // The checkout locks its products in id order; these bags name them the other way round.
    const reversed = [...made]
      .sort((a, b) => b.id.localeCompare(a.id))
      .map((product) => ({ productId: product.id, quantity: 1 }));
    const emails = Array.from({ length: 60 }, (_, i) => uniqueEmail(`filler${i}`));
    const tokens: Record<string, string> = {};
    for (let i = 0; i < emails.length; i += 10) {
      await Promise.all(
        emails.slice(i, i + 10).map(async (email) => {
          tokens[email] = await appToken(first.app, email, { verified: true });
        }),
      );
    }
    const calls = [first, second].map((app) =>
      shopperCalls(
        () => app,
        (email) => tokens[email]!,
      ),
    );
    const fill = (email: string, i: number) =>
      calls[i % 2]!.call(email, 'POST', '/api/bag/merge', { items: reversed });
    const [checkingOut, filling] = [emails.slice(0, 30), emails.slice(30)];
    for (let round = 0; round < 4; round += 1) {
      await Promise.all(checkingOut.map(fill));
      const answers = await Promise.all([
        ...checkingOut.map((email, i) => calls[i % 2]!.checkOut(email)),
        ...filling.map(fill),
      ]);
      const failed = answers.filter((a) => a.statusCode >= 300);
      expect(failed.map((a) => `${a.statusCode} ${a.body}`)).toEqual([]);
    }
  }, 180_000);
});

describe('checkout paid through Stripe (local HTTP stub)', () => {
  const webhookSecret = 'whsec_test_secret';
  const store = withStripeStore(webhookSecret);
  const { alice } = store;
  let stub: Awaited<ReturnType<typeof startStripeStub>>;
  let t: TestApp;
  let token: string;
  beforeAll(() => {
    ({ stub, t, token } = store);
  });

  it('charges the checkout total with its id in the metadata, and a signed webhook pays every order once', async () => {
    const { put, checkOut, intent } = shopperCalls(
      () => t,
      () => token,
    );
    const a = await makeProduct(t.db, { priceCents: 8999, availableQuantity: 10 });
    const b = await makeProduct(t.db, { priceCents: 1001, availableQuantity: 10 });
    await put(alice, a.id, 2);
    await put(alice, b.id, 1);
    const checkout = (await checkOut(alice)).json();
    const res = await intent(alice, { checkoutId: checkout._id });
    expect(res.statusCode).toBe(200);
    const created = stub.requests.find(
      (r) => r.method === 'POST' && r.form.get('metadata[checkoutId]') === checkout._id,
    );
    expect(created!.form.get('amount')).toBe('18999');
    expect(created!.headers['idempotency-key']).toBe(`checkout-${checkout._id}-18999`);

    const intentId = res.json().clientSecret.split('_secret_')[0];
    stub.succeed(intentId);
    const payload = JSON.stringify({
      id: 'evt_checkout',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: intentId,
          object: 'payment_intent',
          amount: 18999,
          amount_received: 18999,
          metadata: { checkoutId: checkout._id },
        },
      },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const deliveries = await Promise.all(
      Array.from({ length: 3 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          payload,
        }),
      ),
    );
    expect(deliveries.map((d) => d.statusCode)).toEqual([200, 200, 200]);
    const rows = await t.db.select().from(orders).where(eq(orders.checkoutId, checkout._id));
    expect(rows.map((r) => [r.paid, r.transactionId])).toEqual([
      [true, intentId],
      [true, intentId],
    ]);
  });

  it('does not overbook a fitting day: a payment after the hold ran out takes the place again, or is refused', async () => {
    const other = uniqueEmail('other');
    const tokens: Record<string, string> = {
      [alice]: token,
      [other]: await appToken(t.app, other, { verified: true }),
    };
    const { put, checkOut, intent } = shopperCalls(
      () => t,
      (email) => tokens[email]!,
    );
    const day = dayAfter(todayIn(testConfig().storeTimeZone), 5);
    await t.db
      .update(fittingWeekdays)
      .set({ places: 1 })
      .where(eq(fittingWeekdays.weekday, day.weekday));
    const tyre = await makeProduct(t.db, { priceCents: 5000, availableQuantity: 10 });
    await put(alice, tyre.id, 2);
    const late = (await checkOut(alice, { ...contact, fitting: day.date })).json();
    const res = await intent(alice, { checkoutId: late._id });
    const intentId = res.json().clientSecret.split('_secret_')[0];
    // Alice's hold runs out and gives the day's one place back; another shopper takes it.
    await t.db
      .update(orders)
      .set({ holdUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.checkoutId, late._id));
    await put(other, tyre.id, 1);
    expect((await checkOut(other, { ...contact, fitting: day.date })).statusCode).toBe(201);

    // Alice's card was confirmed on the page opened in time: Stripe says it succeeded.
    stub.succeed(intentId);
    const recorded = await t.app.inject({
      method: 'PATCH',
      url: `/api/checkout/${late._id}`,
      headers: bearer(token),
      payload: { transactionId: intentId },
    });
    expect(recorded.statusCode).toBe(409);
    expect(recorded.json().message).toBe(refusals.checkout.fittingDayFull);
    const rows = await t.db.select().from(orders).where(eq(orders.checkoutId, late._id));
    expect(rows.every((row) => !row.paid)).toBe(true);
    const booked = await t.db.select().from(checkouts).where(eq(checkouts.fittingDate, day.date));
    expect(booked).toHaveLength(2); // two checkouts for the day, one of them holding its place
  });
});
