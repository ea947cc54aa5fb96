import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { createStockNotices } from '../src/catalog/stockNotices';
import { products, users } from '../src/db/schema';
import { eventually } from './eventually';
import { makeProduct, orderBody } from './fixtures';
import { appToken, bearer, uniqueEmail } from './identity';
import { startTestApp } from './testApp';

/** A promise and the function that settles it. */
function deferred() {
  let settle!: () => void;
  const promise = new Promise<void>((resolve) => (settle = resolve));
  return { promise, settle };
}

describe('stock notices sent after the commit', () => {
  it('gathers what moves while one is being sent into the next, one send at a time', async () => {
    const sent: string[][] = [];
    const gates = [deferred(), deferred()];
    const notices = createStockNotices(
      async (ids) => {
        sent.push(ids);
        await gates[sent.length - 1]!.promise;
      },
      () => {},
    );
    notices.announce(['a']);
    notices.announce(['b', 'a']);
    notices.announce(['c']);
    gates[0]!.settle();
    gates[1]!.settle();
    await notices.flush();
    // `a` again: it moved after its first notice was on its way, which may be heard before that.
    expect(sent).toEqual([['a'], ['b', 'a', 'c']]);
    // Nothing pending: nothing sent.
    notices.announce([]);
    await notices.flush();
    expect(sent).toHaveLength(2);
  });

  it('a failed send is reported and the next announcement is still sent', async () => {
    const failures: unknown[] = [];
    const sent: string[][] = [];
    const notices = createStockNotices(
      async (ids) => {
        if (ids.includes('down')) throw new Error('database gone');
        sent.push(ids);
      },
      (err) => failures.push(err),
    );
    notices.announce(['down']);
    await notices.flush();
    notices.announce(['up']);
    await notices.flush();
    expect(failures).toEqual([new Error('database gone')]);
    expect(sent).toEqual([['up']]);
  });

  it("an order's transaction sends no notice itself; the API sends it after, for checkouts too", async () => {
    const t = await startTestApp();
    const listener = new pg.Client({ connectionString: t.databaseUrl });
    const heard: string[] = [];
    let heardMarker: () => void = () => {};
    const marker = new Promise<void>((resolve) => (heardMarker = resolve));
    try {
      const ordered = await makeProduct(t.db, { availableQuantity: 30 });
      const other = await makeProduct(t.db, { availableQuantity: 5 });
      await listener.connect();
      listener.on('notification', ({ payload }) => {
        heard.push(payload ?? '');
        if (payload === `S:${other.id}`) heardMarker();
      });
      await listener.query('listen catalog_changed');

      // The order, straight through the database function the API calls: no notice of it.
      const email = uniqueEmail('buyer');
      const buyer = await appToken(t.app, email, { verified: true });
      const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const placed = await t.db.execute(sql`
        select n from place_orders(${ordered.id}, ${JSON.stringify([
          { userId: user!.id, email, name: 'Ann', address: '1 Road', number: '555', quantity: 2 },
        ])}::jsonb, 900, 100, 100000000, 100, 4)`);
      expect((placed as unknown as { rows: unknown[] }).rows).toHaveLength(1);
      // A stock change the trigger announces, committed after: heard after anything before it.
      await t.db.update(products).set({ availableQuantity: 4 }).where(eq(products.id, other.id));
      await marker;
      expect(heard).toEqual([`S:${other.id}`]);

      // Through the API: its order is announced after its commit.
      const order = await t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: bearer(buyer),
        payload: orderBody(ordered.id, 2),
      });
      expect(order.statusCode).toBe(201);
      expect(await eventually(async () => heard.includes(`S:${ordered.id}`), true)).toBe(true);

      // A checkout of the bag too (`place_checkout`).
      const bagged = await makeProduct(t.db, { availableQuantity: 9 });
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/bag/items/${bagged.id}`,
        headers: bearer(buyer),
        payload: { quantity: 2 },
      });
      expect(put.statusCode).toBe(200);
      const checkout = await t.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: bearer(buyer),
        payload: { name: 'Ann', address: '1 Road', number: '555 0102' },
      });
      expect(checkout.statusCode).toBe(201);
      expect(await eventually(async () => heard.includes(`S:${bagged.id}`), true)).toBe(true);
    } finally {
      await listener.end();
      await t.close();
    }
  });
});
