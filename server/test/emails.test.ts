import { eq } from 'drizzle-orm';
import type { EmailConfig } from '../src/config';
import { emails, products } from '../src/db/schema';
import { makeProduct, orderBody } from './fixtures';
import { header, plainText, startSmtp, until } from './smtp';
import { callAs, type Method } from './calls';
import { appToken, bearer, uniqueEmail } from './identity';
import { startSecondApp, startTestApp, type TestApp } from './testApp';

const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };

describe('the store’s emails', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  const admin = uniqueEmail('admin');
  const alice = uniqueEmail('alice');
  const tokens: Record<string, string> = {};
  let email: EmailConfig;

  beforeAll(async () => {
    smtp = await startSmtp();
    email = {
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'Tyre Store <store@store.test>',
      adminRecipients: [admin],
      retrySeconds: 1,
      maxAttempts: 5,
      workerTimeoutSeconds: 120,
    };
    t = await startTestApp({ adminEmails: [admin], email });
    for (const who of [admin, alice]) {
      tokens[who] = await appToken(t.app, who, { verified: true });
    }
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
    smtp.state.refuse = null;
  });

  const call = (app: TestApp, who: string | null, method: Method, url: string, payload?: object) =>
    callAs(app, who && tokens[who], method, url, payload);

  /** An order of alice's for `quantity` tyres at $49.99, paid with the local test card. */
  async function paidOrder(quantity = 4, app = t) {
    const product = await makeProduct(t.db, { availableQuantity: 50 });
    await t.db.update(products).set({ category: 'tyre' }).where(eq(products.id, product.id));
    const placed = await call(app, alice, 'POST', '/api/order', orderBody(product.id, quantity));
    expect(placed.statusCode).toBe(201);
    const id = placed.json()._id as string;
    const intent = await call(app, alice, 'POST', '/api/create-Payment-Intent', { orderId: id });
    const confirm = await app.app.inject({
      method: 'POST',
      url: '/api/payments/local/confirm',
      payload: { clientSecret: intent.json().clientSecret, card },
    });
    expect(confirm.statusCode).toBe(200);
    return { id, productName: product.name };
  }

  const emailsOf = (orderId: string) =>
    t.db.select().from(emails).where(eq(emails.orderId, orderId));

  it('confirms a payment to the buyer (lines, total, address, link) and tells the admins to ship', async () => {
    const { id, productName } = await paidOrder(4);
    const got = await until(
      () => smtp.received,
      (list) => list.length >= 2,
    );
    expect(got).toHaveLength(2);
    const toAlice = got.find((m) => m.to.includes(alice))!;
    const toAdmin = got.find((m) => m.to.includes(admin))!;
    expect(toAlice.to).toEqual([alice]);
    expect(header(toAlice.raw, 'Subject')).toBe('Your order of 4 tyres is confirmed');
    const text = plainText(toAlice.raw);
    expect(text).toContain(`4 × ${productName}`);
    expect(text).toContain('$199.96');
    expect(text).toContain('12 Foundry Lane, Springfield');
    expect(text).toContain(`/dashboard/myorder/${id}`);
    expect(toAlice.raw).toMatch(/Content-Type: text\/html/i);
    expect(toAlice.raw).toContain('#f59e0b'); // the store's amber

    expect(toAdmin.to).toEqual([admin]);
    expect(header(toAdmin.raw, 'Subject')).toBe('Paid order to ship: 4 tyres, $199.96');

    const rows = await until(
      () => emailsOf(id),
      (list) => list.every((row) => row.status === 'sent'),
    );
    expect(rows.map((row) => row.kind).sort()).toEqual(['admin_to_ship', 'order_confirmation']);
    const confirmation = rows.find((row) => row.kind === 'order_confirmation')!;
    expect(header(toAlice.raw, 'Message-ID')).toBe(confirmation.messageId);
    expect(confirmation.messageId).toBe(`<${confirmation.id}@localhost>`);
    expect(confirmation).toMatchObject({ attempts: 1, recipient: alice, lastError: null });
  });

  it('tells the buyer the order shipped, with the carrier, tracking number and link', async () => {
    const { id } = await paidOrder(2);
    await until(
      () => smtp.received,
      (list) => list.length >= 2,
    );
    smtp.received.length = 0;
    const shipped = await call(t, admin, 'POST', `/api/order/${id}/ship`, {
      carrier: 'DHL',
      trackingNumber: 'JD0146 0000 6281',
      trackingUrl: 'https://www.dhl.com/track?id=JD01460000',
    });
    expect(shipped.statusCode).toBe(200);
    const [message] = await until(
      () => smtp.received,
      (list) => list.length >= 1,
    );
    expect(message!.to).toEqual([alice]);
    expect(header(message!.raw, 'Subject')).toBe('Your order of 2 tyres has shipped');
    const text = plainText(message!.raw);
    expect(text).toContain('DHL, tracking number JD0146 0000 6281');
    expect(text).toContain('https://www.dhl.com/track?id=JD01460000');
  });

  it('confirms a checkout once, listing every line and its total', async () => {
    const tyre = await makeProduct(t.db, { priceCents: 8950, availableQuantity: 20 });
    const valve = await makeProduct(t.db, { priceCents: 299, availableQuantity: 50 });
    await t.db.update(products).set({ category: 'part' }).where(eq(products.id, valve.id));
    for (const [product, quantity] of [
      [tyre, 4],
      [valve, 4],
    ] as const) {
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/bag/items/${product.id}`,
        headers: bearer(tokens[alice]!),
        payload: { quantity },
      });
      expect(put.statusCode).toBe(200);
    }
    const contact = {
      name: 'Maria K.',
      address: '12 Foundry Lane, Springfield',
      number: '555 0102',
    };
    const placed = await call(t, alice, 'POST', '/api/checkout', contact);
    expect(placed.statusCode).toBe(201);
    const checkoutId = placed.json()._id as string;
    const intent = await call(t, alice, 'POST', '/api/create-Payment-Intent', { checkoutId });
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/payments/local/confirm',
      payload: { clientSecret: intent.json().clientSecret, card },
    });
    expect(confirm.statusCode).toBe(200);
    const got = await until(
      () => smtp.received,
      (list) => list.length >= 2,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received).toHaveLength(2); // one to the buyer, one to the admins
    const toAlice = got.find((m) => m.to.includes(alice))!;
    expect(header(toAlice.raw, 'Subject')).toBe('Your order of 8 items is confirmed');
    const text = plainText(toAlice.raw);
    expect(text).toContain(`4 × ${tyre.name}`);
    expect(text).toContain('$358.00');
    expect(text).toContain(`4 × ${valve.name}`);
    expect(text).toContain('$11.96');
    expect(text).toContain('$369.96');
  });

  it('tells the buyer of a delivery, a refund, a received return and a cancel, not of their own unpaid cancel', async () => {
    const subjects = async (count: number) => {
      const got = await until(
        () => smtp.received,
        (list) => list.length >= count,
      );
      const list = got.map((m) => header(m.raw, 'Subject'));
      smtp.received.length = 0;
      return list;
    };
    const { id } = await paidOrder(4);
    await subjects(2);
    await call(t, admin, 'POST', `/api/order/${id}/ship`, {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(await subjects(1)).toEqual(['Your order of 4 tyres has shipped']);
    await call(t, admin, 'POST', `/api/order/${id}/deliver`);
    expect(await subjects(1)).toEqual(['Your order of 4 tyres was delivered']);
    expect(
      (await call(t, alice, 'POST', `/api/order/${id}/return`, { reason: 'A cut sidewall' }))
        .statusCode,
    ).toBe(200);
    await call(t, admin, 'POST', `/api/order/${id}/refund`, { amount: 20, reason: 'Goodwill' });
    expect(await subjects(1)).toEqual(['We refunded $20.00']);
    await call(t, admin, 'POST', `/api/order/${id}/return`, { received: true, restock: true });
    const [received] = await until(
      () => smtp.received,
      (list) => list.length >= 1,
    );
    expect(header(received!.raw, 'Subject')).toBe('We received your return of 4 tyres');
    expect(plainText(received!.raw)).toContain('$179.96 is being refunded');
    smtp.received.length = 0;

    const second = await paidOrder(2);
    await subjects(2);
    await call(t, alice, 'POST', `/api/order/${second.id}/cancel`, { reason: 'Wrong size' });
    const [cancelled] = await until(
      () => smtp.received,
      (list) => list.length >= 1,
    );
    expect(header(cancelled!.raw, 'Subject')).toBe('Your order of 2 tyres was cancelled');
    expect(plainText(cancelled!.raw)).toContain('$99.98 is being refunded');
    smtp.received.length = 0;

    const product = await makeProduct(t.db, { availableQuantity: 10 });
    const unpaid = await call(t, alice, 'POST', '/api/order', orderBody(product.id, 1));
    await call(t, alice, 'POST', `/api/order/${unpaid.json()._id}/cancel`, {});
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.received).toHaveLength(0);
    expect(await emailsOf(unpaid.json()._id)).toEqual([]);
  });

  it('retries while the server answers 421, then delivers once', async () => {
    let refusals = 0;
    smtp.state.refuse = () => {
      if (refusals >= 2) return null;
      refusals += 1;
      return { code: 421, text: '421 Try again later' };
    };
    const { id } = await paidOrder(1);
    const rows = await until(
      () => emailsOf(id),
      (list) => list.length === 2 && list.every((row) => row.status === 'sent'),
      20_000,
    );
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
    // Give a stray duplicate the time to show.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const ids = smtp.received.map((m) => header(m.raw, 'Message-ID'));
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    expect(rows.reduce((sum, row) => sum + row.attempts, 0)).toBe(4);
  });

  it('records a 550 as a permanent failure and does not try again', async () => {
    smtp.state.refuse = () => ({ code: 550, text: '550 No such mailbox' });
    const before = smtp.attempts();
    const { id } = await paidOrder(1);
    const rows = await until(
      () => emailsOf(id),
      (list) => list.length === 2 && list.every((row) => row.status === 'failed'),
    );
    expect(rows.map((row) => row.status)).toEqual(['failed', 'failed']);
    for (const row of rows) {
      expect(row.attempts).toBe(1);
      expect(row.lastError).toMatch(/550/);
    }
    // Longer than the retry delay: nothing more was tried.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(smtp.attempts() - before).toBe(2);
    expect(smtp.received).toHaveLength(0);
  });

  it('shows admins the failed emails, without their body, and sends one again once asked', async () => {
    smtp.state.refuse = () => ({ code: 550, text: '550 No such mailbox' });
    const { id } = await paidOrder(3);
    await until(
      () => emailsOf(id),
      (list) => list.length === 2 && list.every((row) => row.status === 'failed'),
    );
    smtp.state.refuse = null;
    expect((await call(t, null, 'GET', '/api/admin/emails')).statusCode).toBe(401);
    expect((await call(t, alice, 'GET', '/api/admin/emails')).statusCode).toBe(403);

    const listed = await call(t, admin, 'GET', '/api/admin/emails?status=failed&perPage=1');
    expect(listed.statusCode).toBe(200);
    const total = Number(listed.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(2);
    const [newest] = listed.json();
    expect(Object.keys(newest).sort()).toEqual(
      [
        'attempts',
        'createdAt',
        'id',
        'kind',
        'lastError',
        'orderId',
        'recipient',
        'sentAt',
        'status',
        'subject',
      ].sort(),
    );
    expect(newest).toMatchObject({ orderId: id, status: 'failed', attempts: 1, sentAt: null });
    expect(newest.lastError).toMatch(/550/);
    const all = (await call(t, admin, 'GET', `/api/admin/emails?perPage=100`)).json();
    expect(all).toHaveLength(Math.min(total, 100));
    const confirmation = all.find(
      (e: { orderId: string; kind: string }) => e.orderId === id && e.kind === 'order_confirmation',
    );
    expect(confirmation).toMatchObject({
      recipient: alice,
      subject: 'Your order of 3 tyres is confirmed',
    });
    const secondPage = await call(
      t,
      admin,
      'GET',
      '/api/admin/emails?status=failed&page=2&perPage=1',
    );
    expect(secondPage.json()[0].id).not.toBe(newest.id);
    expect((await call(t, admin, 'GET', '/api/admin/emails?status=lost')).statusCode).toBe(400);

    // Two retries at once (a double click, two admins): one job, one message.
    const retry = () => call(t, admin, 'POST', `/api/admin/emails/${confirmation.id}/retry`);
    expect(
      (await call(t, alice, 'POST', `/api/admin/emails/${confirmation.id}/retry`)).statusCode,
    ).toBe(403);
    const [first, second] = await Promise.all([retry(), retry()]);
    expect([first!.statusCode, second!.statusCode]).toEqual([200, 200]);
    expect(first!.json()).toMatchObject({ id: confirmation.id });
    const sent = await until(
      () => emailsOf(id),
      (list) => list.some((row) => row.kind === 'order_confirmation' && row.status === 'sent'),
    );
    const row = sent.find((r) => r.kind === 'order_confirmation')!;
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const copies = smtp.received.filter((m) => header(m.raw, 'Message-ID') === row.messageId);
    expect(copies).toHaveLength(1);
    expect(copies[0]!.to).toEqual([alice]);
    expect((await retry()).statusCode).toBe(409);
    const missing = await call(t, admin, 'POST', `/api/admin/emails/${crypto.randomUUID()}/retry`);
    expect(missing.statusCode).toBe(404);
    // The admins' one is still failed, untouched.
    expect(sent.find((r) => r.kind === 'admin_to_ship')!.status).toBe('failed');
  });

  it('sends each email once with two API processes on the database', async () => {
    const second = await startSecondApp(t, { adminEmails: [admin], email });
    try {
      const orders = [];
      for (let i = 0; i < 4; i += 1) orders.push(await paidOrder(1, i % 2 ? second : t));
      const expected = orders.length * 2;
      await until(
        () => smtp.received,
        (list) => list.length >= expected,
        20_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const ids = smtp.received.map((m) => header(m.raw, 'Message-ID'));
      expect(ids).toHaveLength(expected);
      expect(new Set(ids).size).toBe(expected);
    } finally {
      await second.close();
    }
  });
});
