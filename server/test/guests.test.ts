import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { GUEST_HOLD_SECONDS } from '../../contract/guests';
import { emails, guestLinks, orders } from '../src/db/schema';
import { guestWords } from '../src/guests/guestWords';
import { GUEST_BROWSERS_PER_HOUR } from '../src/routes/guests';
import { callAs } from './calls';
import { issuedGuestBrowser } from './guestBrowser';
import { eventually } from './eventually';
import { makeProduct, stockOf } from './fixtures';
import { appToken, firebaseIdToken, uniqueEmail } from './identity';
import { startTestApp, testConfig, type TestApp } from './testApp';

const contact = { name: 'Maria K.', address: '12 Foundry Lane, Springfield', number: '555 0102' };
const card = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getFullYear() + 3,
  cvc: '123',
};
const aBrowser = issuedGuestBrowser;

describe('guest checkout (issue 47)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const guestCheckOut = (
    body: { email: string; items: { productId: string; quantity: number }[]; fitting?: string },
    browser = aBrowser(),
  ) =>
    callAs(
      t,
      null,
      'POST',
      '/api/guest/checkout',
      { ...contact, ...body },
      {
        'guest-browser': browser,
      },
    );
  const withKey = (key: string) => ({ 'guest-key': key });
  const open = (id: string, key: string) =>
    callAs(t, null, 'GET', `/api/guest/checkout/${id}`, undefined, withKey(key));

  async function payByCard(id: string, key: string) {
    const intent = await callAs(
      t,
      null,
      'POST',
      `/api/guest/checkout/${id}/payment-intent`,
      undefined,
      withKey(key),
    );
    expect(intent.statusCode).toBe(200);
    const confirm = await callAs(t, null, 'POST', '/api/payments/local/confirm', {
      clientSecret: intent.json().clientSecret,
      card,
    });
    expect(confirm.statusCode).toBe(200);
    return confirm.json().paymentIntent.id as string;
  }

  /** Four tyres of a product of their own, placed as a guest; the answer's checkout and key. */
  async function placeFour(email = uniqueEmail('guest'), browser = aBrowser()) {
    const tyre = await makeProduct(t.db, { priceCents: 8950, availableQuantity: 20 });
    const res = await guestCheckOut(
      { email, items: [{ productId: tyre.id, quantity: 4 }] },
      browser,
    );
    expect(res.statusCode).toBe(201);
    const { checkout, key } = res.json();
    return { tyre, email, browser, checkout, key: key as string };
  }

  /** Find my order from a client address of the test's own (the limit is per address). */
  const findOrder = (payload: object, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/guest/find-order', payload, remoteAddress });

  const outbox = (checkoutId: string) =>
    t.db.select().from(emails).where(eq(emails.checkoutId, checkoutId));

  it('sells a bag to a guest at the catalogue price, paid by card, and emails a link to it', async () => {
    const { tyre, email, checkout, key } = await placeFour(uniqueEmail('Guest.Case'));
    expect(checkout).toMatchObject({ total: 358, paid: false, fitting: null });
    expect(checkout.orders[0]).toMatchObject({ ...contact, quantity: 4, price: 89.5 });
    expect(await stockOf(t.db, tyre.id)).toBe(16);
    // A price from the browser is refused, as for an account.
    const priced = await guestCheckOut({
      email,
      items: [{ productId: tyre.id, quantity: 1, price: 0.01 } as never],
    });
    expect(priced.statusCode).toBe(400);

    const transactionId = await payByCard(checkout._id, key);
    const paid = await open(checkout._id, key);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      email: email.toLowerCase(),
      checkout: { _id: checkout._id, paid: true, transactionId },
    });
    const sent = await eventually(
      async () => (await outbox(checkout._id)).map((row) => row.kind).sort(),
      ['admin_to_ship', 'order_confirmation'],
    );
    expect(sent).toHaveLength(2);
    const [confirmation] = (await outbox(checkout._id)).filter(
      (row) => row.kind === 'order_confirmation',
    );
    expect(confirmation!.recipient).toBe(email.toLowerCase());
    const link = (confirmation!.data as { guest: { link: string; orderNumber: string } }).guest;
    expect(link.orderNumber).toBe(checkout._id);
    expect(link.link).toMatch(new RegExp(`^/guest/order/${checkout._id}#key=[A-Za-z0-9_-]{43}$`));
    // The emailed link opens the order too, and only the key's hash is stored.
    const emailedKey = link.link.split('#key=')[1]!;
    expect((await open(checkout._id, emailedKey)).statusCode).toBe(200);
    const stored = await t.db
      .select()
      .from(guestLinks)
      .where(eq(guestLinks.checkoutId, checkout._id));
    expect(stored.map((row) => row.keyHash)).not.toContain(emailedKey);
  });

  it('holds a guest checkout minutes, not the account’s 30, and gives the stock back when unpaid', async () => {
    const { tyre, checkout } = await placeFour();
    const held = Date.parse(checkout.expiresAt) - Date.parse(checkout.createdAt);
    expect(held).toBeLessThanOrEqual(GUEST_HOLD_SECONDS * 1000 + 1000);
    expect(held).toBeLessThan(30 * 60 * 1000);

    const quick = await startTestApp({ orders: { ...testConfig().orders, holdSeconds: 1 } }).catch(
      () => null,
    );
    // The hold's end itself, on an app whose holds last one second.
    if (quick) {
      try {
        const product = await makeProduct(quick.db, { availableQuantity: 4 });
        const res = await callAs(
          quick,
          null,
          'POST',
          '/api/guest/checkout',
          {
            ...contact,
            email: uniqueEmail('quick'),
            items: [{ productId: product.id, quantity: 4 }],
          },
          { 'guest-browser': aBrowser() },
        );
        expect(res.statusCode).toBe(201);
        const { checkout: placed, key } = res.json();
        await eventually(
          async () =>
            (
              await callAs(quick, null, 'GET', `/api/guest/checkout/${placed._id}`, undefined, {
                'guest-key': key,
              })
            ).json().checkout.expired,
          true,
        );
        const intent = await callAs(
          quick,
          null,
          'POST',
          `/api/guest/checkout/${placed._id}/payment-intent`,
          undefined,
          { 'guest-key': key },
        );
        expect(intent.statusCode).toBe(409);
        // The hold's end gives the four tyres back, and another buyer can take them.
        await eventually(() => stockOf(quick.db, product.id), 4);
        const next = await callAs(
          quick,
          null,
          'POST',
          '/api/guest/checkout',
          {
            ...contact,
            email: uniqueEmail('next'),
            items: [{ productId: product.id, quantity: 4 }],
          },
          { 'guest-browser': aBrowser() },
        );
        expect(next.statusCode).toBe(201);
      } finally {
        await quick.close();
      }
    }
    expect(quick).not.toBeNull();
    expect(await stockOf(t.db, tyre.id)).toBe(16);
  });

  it('keeps one open guest checkout per email and per browser', async () => {
    const first = await placeFour();
    const product = await makeProduct(t.db, { availableQuantity: 20 });
    const items = [{ productId: product.id, quantity: 1 }];
    const sameEmail = await guestCheckOut({ email: first.email, items });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe(guestWords.openCheckout(GUEST_HOLD_SECONDS));
    const sameEmailOtherCase = await guestCheckOut({ email: first.email.toUpperCase(), items });
    expect(sameEmailOtherCase.statusCode).toBe(409);
    const sameBrowser = await guestCheckOut({ email: uniqueEmail('other'), items }, first.browser);
    expect(sameBrowser.statusCode).toBe(409);
    expect(await stockOf(t.db, product.id)).toBe(20);
    // Paid, it is no longer open: the same email and browser may buy again.
    await payByCard(first.checkout._id, first.key);
    const again = await guestCheckOut({ email: first.email, items }, first.browser);
    expect(again.statusCode).toBe(201);
  });

  it('takes only a browser id the store issued, a few an hour per address', async () => {
    const product = await makeProduct(t.db, { availableQuantity: 20 });
    const items = [{ productId: product.id, quantity: 1 }];
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/guest/browser',
      remoteAddress: '198.51.100.7',
    });
    expect(issued.statusCode).toBe(201);
    const { browser } = issued.json() as { browser: string };
    // Made up by the browser, or the store's with its MAC changed: refused, nothing reserved.
    const [id, mac] = browser.split('.') as [string, string];
    const madeUp = `${randomUUID().replace(/-/g, '').slice(0, 22)}.${mac}`;
    const forged = `${id}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of [madeUp, forged]) {
      const refused = await guestCheckOut({ email: uniqueEmail('made-up'), items }, wrong);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(guestWords.browserNotIssued);
    }
    expect(await stockOf(t.db, product.id)).toBe(20);
    const placed = await guestCheckOut({ email: uniqueEmail('issued'), items }, browser);
    expect(placed.statusCode).toBe(201);

    // Each call a new id; past the limit, the address gets no more for the hour.
    const more = [];
    for (let i = 1; i <= GUEST_BROWSERS_PER_HOUR; i += 1) {
      more.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/guest/browser',
          remoteAddress: '198.51.100.7',
        }),
      );
    }
    const statuses = more.map((res) => res.statusCode);
    expect(statuses.slice(0, -1).every((status) => status === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const ids = new Set([browser, ...more.slice(0, -1).map((res) => res.json().browser)]);
    expect(ids.size).toBe(GUEST_BROWSERS_PER_HOUR);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/guest/browser',
      remoteAddress: '198.51.100.8',
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('opens with a link only its own checkout, and nothing once revoked', async () => {
    const a = await placeFour();
    const b = await placeFour();
    expect((await open(a.checkout._id, a.key)).statusCode).toBe(200);
    expect((await open(b.checkout._id, a.key)).statusCode).toBe(401);
    // Its last character changed (to another one: a key may end in A already).
    const tampered = `${a.key.slice(0, -1)}${a.key.endsWith('A') ? 'B' : 'A'}`;
    expect((await open(a.checkout._id, tampered)).statusCode).toBe(401);
    expect((await callAs(t, null, 'GET', `/api/guest/checkout/${a.checkout._id}`)).statusCode).toBe(
      400,
    );
    // An order of another checkout cannot be acted on through this link.
    const foreign = await callAs(
      t,
      null,
      'POST',
      `/api/guest/checkout/${a.checkout._id}/orders/${b.checkout.orders[0]._id}/cancel`,
      {},
      withKey(a.key),
    );
    expect(foreign.statusCode).toBe(403);
    const [untouched] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.id, b.checkout.orders[0]._id));
    expect(untouched!.status).toBe('unpaid');
    // Its own order: cancelled as a shopper cancels, the stock back.
    const cancel = await callAs(
      t,
      null,
      'POST',
      `/api/guest/checkout/${a.checkout._id}/orders/${a.checkout.orders[0]._id}/cancel`,
      { reason: 'Ordered the wrong size' },
      withKey(a.key),
    );
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().status).toBe('cancelled');
    expect(await stockOf(t.db, a.tyre.id)).toBe(20);

    const stop = await callAs(
      t,
      null,
      'DELETE',
      `/api/guest/checkout/${a.checkout._id}/links`,
      undefined,
      withKey(a.key),
    );
    expect(stop.statusCode).toBe(204);
    const refused = await open(a.checkout._id, a.key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(guestWords.linkRefused);
  });

  it('answers Find my order the same whether or not the order exists, and emails only a real one', async () => {
    const { email, checkout, key: placedKey } = await placeFour();
    // Only a paid checkout's link is emailed (findOrderAbuse.test.ts: an unpaid one's is not).
    await payByCard(checkout._id, placedKey);
    const find = (body: object) => findOrder(body, '198.51.100.7');
    const known = await find({ email, orderNumber: checkout._id });
    const byOrder = await find({ email, orderNumber: checkout.orders[0]._id });
    const unknownNumber = await find({ email, orderNumber: randomUUID() });
    const otherEmail = await find({ email: uniqueEmail('nosy'), orderNumber: checkout._id });
    const notANumber = await find({ email, orderNumber: 'ABC-123' });
    for (const res of [byOrder, unknownNumber, otherEmail, notANumber]) {
      expect(res.statusCode).toBe(known.statusCode);
      expect(res.body).toBe(known.body);
    }
    expect(known.statusCode).toBe(202);
    const links = await t.db
      .select()
      .from(emails)
      .where(and(eq(emails.checkoutId, checkout._id), eq(emails.kind, 'guest_order_link')));
    // One link email however often it is asked for within minutes (no mail bombing).
    expect(links).toHaveLength(1);
    expect(links[0]!.recipient).toBe(email.toLowerCase());
    const key = (links[0]!.data as { guest: { link: string } }).guest.link.split('#key=')[1]!;
    expect((await open(checkout._id, key)).statusCode).toBe(200);
  });

  it('limits Find my order per client address', async () => {
    const answers = [];
    for (let i = 0; i < 7; i += 1) {
      const body = { email: uniqueEmail('flood'), orderNumber: randomUUID() };
      answers.push((await findOrder(body, '203.0.113.9')).statusCode);
    }
    expect(answers).toContain(429);
  });

  it('puts a guest’s orders in My Orders once a new account verifies that email', async () => {
    const { email, checkout, key } = await placeFour();
    await payByCard(checkout._id, key);
    const unverified = await appToken(t.app, email);
    const myOrders = `/api/order?email=${encodeURIComponent(email)}`;
    const before = await callAs(t, unverified, 'GET', myOrders);
    expect(before.json().map((order: { _id: string }) => order._id)).not.toContain(
      checkout.orders[0]._id,
    );
    const token = await appToken(t.app, email, { verified: true });
    const mine = await callAs(t, token, 'GET', myOrders);
    expect(mine.json().map((order: { _id: string }) => order._id)).toContain(
      checkout.orders[0]._id,
    );
    // The link still opens it, and its own order page answers the account.
    expect((await open(checkout._id, key)).statusCode).toBe(200);
    const page = await callAs(t, token, 'GET', `/api/order/${checkout.orders[0]._id}`);
    expect(page.statusCode).toBe(200);
  });

  it('claims them when the email is verified while signed in, and a guest order placed meanwhile, without signing in again', async () => {
    const { email, checkout, key } = await placeFour();
    await payByCard(checkout._id, key);
    const token = await appToken(t.app, email);
    const myOrders = `/api/order?email=${encodeURIComponent(email)}`;
    const ids = async () =>
      ((await callAs(t, token, 'GET', myOrders)).json() as Array<{ _id: string }>).map(
        (order) => order._id,
      );
    expect(await ids()).not.toContain(checkout.orders[0]._id);
    // The link in the verification email is clicked; this session goes on.
    await firebaseIdToken(email, true);
    expect(await ids()).toContain(checkout.orders[0]._id);
    // Signed in and verified, the same email buys again as a guest in another browser.
    const later = await placeFour(email);
    await payByCard(later.checkout._id, later.key);
    expect(await ids()).toContain(later.checkout.orders[0]._id);
  });

  it('lets an email with an account check out as a guest, and joins the order at its next sign-in', async () => {
    const email = uniqueEmail('member');
    await appToken(t.app, email, { verified: true });
    const { checkout, key } = await placeFour(email);
    await payByCard(checkout._id, key);
    const token = await appToken(t.app, email, { verified: true });
    const mine = await callAs(t, token, 'GET', `/api/order?email=${encodeURIComponent(email)}`);
    expect(mine.json().map((order: { _id: string }) => order._id)).toContain(
      checkout.orders[0]._id,
    );
    // Someone else's account sees none of it.
    const stranger = await appToken(t.app, uniqueEmail('stranger'), { verified: true });
    const theirs = await callAs(t, stranger, 'GET', `/api/order/${checkout.orders[0]._id}`);
    expect(theirs.statusCode).toBe(403);
  });

  it('leaves an unpaid guest checkout of an account’s email out of that account until it is paid', async () => {
    const email = uniqueEmail('victim');
    // A stranger types the account's email at guest checkout and never pays.
    const { checkout, key } = await placeFour(email);
    const token = await appToken(t.app, email, { verified: true });
    const myOrders = `/api/order?email=${encodeURIComponent(email)}`;
    const ids = async () =>
      ((await callAs(t, token, 'GET', myOrders)).json() as Array<{ _id: string }>).map(
        (order) => order._id,
      );
    expect(await ids()).not.toContain(checkout.orders[0]._id);
    await payByCard(checkout._id, key);
    expect(await ids()).toContain(checkout.orders[0]._id);
  });

  it('keeps a guest email from booking a second unpaid fitting, from any browser', async () => {
    const days = (await callAs(t, null, 'GET', '/api/fitting-days')).json() as Array<{
      date: string;
      places: number;
    }>;
    const day = days.find((d) => d.places >= 2)!.date;
    const email = uniqueEmail('fitter');
    const product = await makeProduct(t.db, { availableQuantity: 40 });
    const items = [{ productId: product.id, quantity: 4 }];
    const first = await guestCheckOut({ email, items, fitting: day });
    expect(first.statusCode).toBe(201);
    expect(Date.parse(first.json().checkout.expiresAt)).toBeLessThanOrEqual(
      Date.now() + GUEST_HOLD_SECONDS * 1000 + 1000,
    );
    const attempts = await Promise.all(
      Array.from({ length: 5 }, () => guestCheckOut({ email, items, fitting: day })),
    );
    expect(attempts.map((res) => res.statusCode)).toEqual([409, 409, 409, 409, 409]);
    // Many emails from one browser: one unpaid fitting, not one per email.
    const browser = aBrowser();
    const fromOneBrowser = [];
    for (let i = 0; i < 5; i += 1) {
      fromOneBrowser.push(
        (await guestCheckOut({ email: uniqueEmail('alias'), items, fitting: day }, browser))
          .statusCode,
      );
    }
    expect(fromOneBrowser).toEqual([201, 409, 409, 409, 409]);
    expect(await stockOf(t.db, product.id)).toBe(32);
  });
});

describe('guests and the write limit', () => {
  it('counts a guest’s checkouts in the per-address write limit', async () => {
    const limited = await startTestApp({
      rateLimits: { ...testConfig().rateLimits, writesPerMinute: 3 },
    });
    try {
      const product = await makeProduct(limited.db, { availableQuantity: 100 });
      const codes = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await callAs(
          limited,
          null,
          'POST',
          '/api/guest/checkout',
          {
            ...contact,
            email: uniqueEmail('flood'),
            items: [{ productId: product.id, quantity: 1 }],
          },
          { 'guest-browser': aBrowser() },
        );
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 1)).toEqual([201]);
      expect(codes).toContain(429);
    } finally {
      await limited.close();
    }
  });
});
