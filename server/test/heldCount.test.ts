import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { orders, payments } from '../src/db/schema';
import { DomainError } from '../src/domainErrors';
import { markCheckoutPaid, markOrderPaid, releaseExpiredHolds } from '../src/orders/orderTable';
import { makeProduct } from './fixtures';
import { callAs, type Method } from './calls';
import { appToken, uniqueEmail } from './identity';
import { startSecondApp, startTestApp, type TestApp } from './testApp';

/**
 * A product's held count (`products.held_quantity`) is kept with every hold that starts or ends,
 * instead of summing the open orders: under checkouts, single orders, cancels, deletions,
 * payments and expiry sweeps all racing on the same products, from two API processes, it stays
 * the sum of the open holds, and no unit is sold twice.
 */

const SHOPPERS = 40;
const STOCK = [90, 60];
const card = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getFullYear() + 3,
  cvc: '123',
};

let first: TestApp;
let second: TestApp;
/** Each product's held count, and the truth: the units of its orders neither paid nor released. */
async function heldAndTruth(ids: string[]) {
  const result = await first.db.execute(sql`
    select p.id, p.held_quantity as held, p.available_quantity as available,
      (select coalesce(sum(o.quantity), 0)::int from orders o
        where o.product_id = p.id and not o.paid and not o.hold_released) as truth,
      (select coalesce(sum(o.quantity), 0)::int from orders o
        where o.product_id = p.id and o.paid and o.status <> 'cancelled') as sold
    from products p where p.id in (${sql.join(ids, sql`, `)})`);
  const rows = (
    result as unknown as {
      rows: { id: string; held: number; available: number; truth: number; sold: number }[];
    }
  ).rows;
  return ids.map((id) => rows.find((row) => row.id === id)!);
}

describe('held counts under races', () => {
  beforeAll(async () => {
    first = await startTestApp();
    second = await startSecondApp(first);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('keeps each product’s held count equal to its open holds, and never oversells', async () => {
    const made = [];
    for (const units of STOCK) {
      made.push(await makeProduct(first.db, { availableQuantity: units, orderQuantity: 0 }));
    }
    const ids = made.map((product) => product.id);
    const emails = Array.from({ length: SHOPPERS }, (_, i) => uniqueEmail(`holder${i}`));
    const tokens = new Map<string, string>();
    for (let i = 0; i < emails.length; i += 10) {
      await Promise.all(
        emails.slice(i, i + 10).map(async (email) => {
          tokens.set(email, await appToken(first.app, email, { verified: true }));
        }),
      );
    }
    const call = (i: number, method: Method, url: string, body?: object) =>
      callAs(i % 2 ? second : first, tokens.get(emails[i]!), method, url, body);
    const fillBag = async (i: number) => {
      for (const [j, id] of ids.entries()) {
        await call(i, 'PUT', `/api/bag/items/${id}`, { quantity: 1 + ((i + j) % 3) });
      }
    };
    const checkOut = (i: number) =>
      call(i, 'POST', '/api/checkout', { name: 'Maria K.', address: '1 Road', number: '555 0102' });
    const orderOne = (i: number) =>
      call(i, 'POST', '/api/order', {
        productId: ids[i % ids.length],
        name: 'Maria K.',
        address: '1 Road',
        number: '555 0102',
        quantity: 1 + (i % 2),
      });
    const intentFor = async (i: number, what: { orderId: string } | { checkoutId: string }) => {
      const intent = await call(i, 'POST', '/api/create-Payment-Intent', what);
      return intent.statusCode === 200 ? (intent.json().clientSecret as string) : null;
    };
    const confirm = (clientSecret: string | null) =>
      clientSecret === null
        ? Promise.resolve()
        : first.app.inject({
            method: 'POST',
            url: '/api/payments/local/confirm',
            payload: { clientSecret, card },
          });
    const pay = async (i: number, what: { orderId: string } | { checkoutId: string }) =>
      confirm(await intentFor(i, what));
    /** Holds run out: their end moved into the past (the clock cannot be). */
    const expire = (orderIds: string[]) =>
      orderIds.length === 0
        ? Promise.resolve()
        : first.db
            .update(orders)
            .set({ holdUntil: sql`now() - interval '1 second'` })
            .where(and(inArray(orders.id, orderIds), eq(orders.paid, false)));

    for (let i = 0; i < SHOPPERS; i += 10) {
      await Promise.all(emails.slice(i, i + 10).map((_, k) => fillBag(i + k)));
    }
    // Round 1: every shopper checks out and orders one more, sweeps running among them.
    const round1 = await Promise.all(
      emails.map(async (_, i) => {
        const [checkout, single] = await Promise.all([
          checkOut(i),
          orderOne(i),
          releaseExpiredHolds(first.db),
        ]);
        return { checkout, single };
      }),
    );
    const checkouts = round1.filter((r) => r.checkout.statusCode === 201);
    expect(round1.every((r) => [201, 409].includes(r.checkout.statusCode))).toBe(true);
    expect(checkouts.length).toBeGreaterThan(0);
    // Stock for fewer than everyone: some were refused.
    expect(round1.some((r) => r.checkout.statusCode === 409 || r.single.statusCode === 409)).toBe(
      true,
    );
    const before = await heldAndTruth(ids);
    for (const row of before) expect(row.held).toBe(row.truth);

    // Round 2: each placed checkout or order is paid, cancelled, deleted or left to run out,
    // while sweeps run and everyone refills their bag and checks out again.
    const round2: Promise<unknown>[] = [];
    round1.forEach((r, i) => {
      if (r.checkout.statusCode === 201) {
        const checkout = r.checkout.json() as { _id: string; orders: { _id: string }[] };
        const fate = i % 3;
        if (fate === 0) round2.push(pay(i, { checkoutId: checkout._id }));
        if (fate === 1)
          round2.push(call(i, 'POST', `/api/order/${checkout.orders[0]!._id}/cancel`, {}));
        if (fate === 2) round2.push(expire(checkout.orders.map((o) => o._id)));
      }
      if (r.single.statusCode === 201) {
        const id = (r.single.json() as { _id: string })._id;
        const fate = i % 4;
        if (fate === 0) round2.push(pay(i, { orderId: id }));
        if (fate === 1) round2.push(call(i, 'DELETE', `/api/order/${id}`));
        if (fate === 2) round2.push(call(i, 'POST', `/api/order/${id}/cancel`, {}));
        if (fate === 3) round2.push(expire([id]));
      }
      round2.push(fillBag(i).then(() => checkOut(i)));
      round2.push(releaseExpiredHolds(first.db));
    });
    await Promise.all(round2);
    // The holds still open run out while payments for some of them, begun in time, are reported
    // (a provider's webhook): each such order takes its units again, or is refused, racing the
    // sweeps that give them back.
    const open = await first.db
      .select({ id: orders.id, email: orders.email, checkoutId: orders.checkoutId })
      .from(orders)
      .where(
        and(inArray(orders.productId, ids), eq(orders.paid, false), eq(orders.holdReleased, false)),
      );
    const begun = new Map<string, Promise<unknown>>();
    for (const [k, o] of open.entries()) {
      const key = o.checkoutId ?? o.id;
      if (k % 2 || begun.has(key)) continue;
      const i = emails.indexOf(o.email);
      begun.set(key, intentFor(i, o.checkoutId ? { checkoutId: o.checkoutId } : { orderId: o.id }));
    }
    await Promise.all(begun.values());
    const intents = await first.db
      .select()
      .from(payments)
      .where(
        or(
          inArray(payments.checkoutId, [...begun.keys()]),
          inArray(payments.orderId, [...begun.keys()]),
        ),
      );
    await expire(open.map((o) => o.id));
    const reported = await Promise.all([
      ...intents.map((p) =>
        (p.checkoutId
          ? markCheckoutPaid(
              first.db,
              { checkoutId: p.checkoutId, intentId: p.intentId, amountCents: p.amountCents },
              async () => {},
            )
          : markOrderPaid(first.db, {
              orderId: p.orderId!,
              intentId: p.intentId,
              amountCents: p.amountCents,
            })
        ).then(
          () => 'paid',
          (err: unknown) => (err instanceof DomainError ? 'refused' : Promise.reject(err)),
        ),
      ),
      releaseExpiredHolds(first.db),
      releaseExpiredHolds(second.db),
    ]);
    expect(reported).toContain('paid');
    await releaseExpiredHolds(first.db);

    const after = await heldAndTruth(ids);
    for (const [j, row] of after.entries()) {
      expect(row.held).toBe(row.truth);
      expect(row.available).toBeGreaterThanOrEqual(0);
      // Every unit is on the shelf, held, or sold: none twice.
      expect(row.available + row.held + row.sold).toBe(STOCK[j]);
    }
    // Paid, cancelled and swept holds all ended: something of each happened.
    const ended = await first.db
      .select({ paid: orders.paid, status: orders.status, released: orders.holdReleased })
      .from(orders)
      .where(inArray(orders.productId, ids));
    expect(ended.some((o) => o.paid)).toBe(true);
    expect(ended.some((o) => o.status === 'cancelled')).toBe(true);
    expect(ended.some((o) => o.status === 'unpaid' && o.released)).toBe(true);
  }, 180_000);
});
