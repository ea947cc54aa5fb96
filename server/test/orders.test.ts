import { refusals } from '../src/refusals';
import { eq } from 'drizzle-orm';
import { orders } from '../src/db/schema';
import { makeProduct, orderBody, stockOf } from './fixtures';
import { bearer } from './identity';
import { withAdminAndTwoShoppers } from './accounts';
import { type TestApp } from './testApp';

describe('orders', () => {
  const accounts = withAdminAndTwoShoppers();
  const { admin, alice, bob, tokens } = accounts;
  let t: TestApp;
  beforeAll(() => {
    t = accounts.t;
  });

  const place = (email: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/order', headers: bearer(tokens[email]!), payload });

  describe('POST /api/order', () => {
    it('takes name and price from the product, never from the body, and reserves stock', async () => {
      const product = await makeProduct(t.db, { priceCents: 12999, availableQuantity: 20 });
      const res = await place(alice, {
        ...orderBody(product.id, 4),
        ProductName: 'Free tyres',
        price: 0.01,
        email: alice,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        _id: expect.any(String),
        productId: product.id,
        ProductName: product.name,
        price: 129.99,
        name: 'Maria K.',
        email: alice,
        address: '12 Foundry Lane, Springfield',
        number: '+1 555 010 2030',
        quantity: 4,
        paid: false,
        transactionId: null,
        expiresAt: expect.any(String),
        expired: false,
        checkoutId: null,
        fitting: null,
        status: 'unpaid',
        refunded: 0,
        refundPending: 0,
        shipment: null,
        createdAt: expect.any(String),
      });
      expect(await stockOf(t.db, product.id)).toBe(16);
    });

    it('needs a signed-in user', async () => {
      const product = await makeProduct(t.db);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: orderBody(product.id),
      });
      expect(res.statusCode).toBe(401);
      expect(await stockOf(t.db, product.id)).toBe(100);
    });

    it("refuses an order in another user's name (403)", async () => {
      const product = await makeProduct(t.db);
      const res = await place(alice, { ...orderBody(product.id), email: bob });
      expect(res.statusCode).toBe(403);
      expect(await stockOf(t.db, product.id)).toBe(100);
    });

    it.each([
      ['zero', 0, 'Quantity must be at least 1: an order is for one unit or more.'],
      ['negative', -3, 'Quantity must be at least 1: an order is for one unit or more.'],
      ['fractional', 1.5, 'Quantity must be a whole number.'],
      ['huge', 1e12, 'Quantity can be at most 10,000.'],
      ['text', 'two', 'Quantity must be a whole number.'],
      ['numeric text', '2', 'Quantity must be a whole number.'],
      ['boolean', true, 'Quantity must be a whole number.'],
    ])('refuses a %s quantity with 400', async (_what, quantity, message) => {
      const product = await makeProduct(t.db);
      const res = await place(alice, { ...orderBody(product.id), quantity });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Bad Request', message, field: 'quantity' });
      expect(await stockOf(t.db, product.id)).toBe(100);
    });

    it.each([
      ['a missing address', { address: undefined }, 'Address is required.'],
      ['a blank name', { name: '   ' }, 'Name cannot be only spaces.'],
      ['a long address', { address: 'a'.repeat(5000) }, 'Address can be at most 300 characters.'],
      [
        'a phone number with letters',
        { number: 'call me' },
        'Phone Number must be 6 to 24 characters: digits, with spaces, dashes, dots or brackets between them and an optional + or ( in front.',
      ],
      [
        'a phone number too short',
        { number: '12' },
        'Phone Number must be 6 to 24 characters: digits, with spaces, dashes, dots or brackets between them and an optional + or ( in front.',
      ],
      ['an unknown field', { paid: true }, 'paid is not a field the store takes here.'],
      [
        'a transaction id',
        { transactionId: 'pi_123' },
        'transactionId is not a field the store takes here.',
      ],
      ['a malformed product id', { productId: '1 OR 1=1' }, 'Product is not one the store uses.'],
    ])('refuses %s with 400', async (_what, change, message) => {
      const product = await makeProduct(t.db);
      const res = await place(alice, { ...orderBody(product.id), ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });

    it('stores SQL-looking text as plain text', async () => {
      const product = await makeProduct(t.db);
      const name = "Robert'); DROP TABLE orders; --";
      const res = await place(alice, { ...orderBody(product.id), name });
      expect(res.statusCode).toBe(201);
      expect(res.json().name).toBe(name);
      const [row] = await t.db.select().from(orders).where(eq(orders.id, res.json()._id));
      expect(row?.name).toBe(name);
    });

    it('answers 404 for a product that does not exist', async () => {
      const res = await place(alice, orderBody('3f1c2a5e-1111-4222-8333-944455556666'));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('No product with this id.');
    });

    it("refuses more than the spec's rule allows with 409 and the spec's message", async () => {
      // available 10, orderquantity 3: at most 7 can be ordered.
      const product = await makeProduct(t.db, { availableQuantity: 10, orderQuantity: 3 });
      const tooMany = await place(alice, orderBody(product.id, 8));
      expect(tooMany.statusCode).toBe(409);
      expect(tooMany.json()).toEqual({
        error: 'Conflict',
        message: 'please input a Available quantity',
      });
      const fits = await place(alice, orderBody(product.id, 7));
      expect(fits.statusCode).toBe(201);
      expect(await stockOf(t.db, product.id)).toBe(3);
    });

    it('never sells more than the stock under 50 concurrent orders', async () => {
      const product = await makeProduct(t.db, { availableQuantity: 10, orderQuantity: 0 });
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => place(i % 2 ? alice : bob, orderBody(product.id, 1))),
      );
      const statuses = results.map((res) => res.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 409)).toHaveLength(40);
      expect(await stockOf(t.db, product.id)).toBe(0);
      const rows = await t.db.select().from(orders).where(eq(orders.productId, product.id));
      expect(rows).toHaveLength(10);
    });
  });

  describe('reading orders', () => {
    let aliceOrder: string;
    beforeAll(async () => {
      const product = await makeProduct(t.db);
      aliceOrder = (await place(alice, orderBody(product.id, 2))).json()._id;
      await place(bob, orderBody(product.id, 1));
    });

    const get = (email: string, url: string) =>
      t.app.inject({ method: 'GET', url, headers: bearer(tokens[email]!) });

    it("lists a user's own orders", async () => {
      const res = await get(alice, `/api/order?email=${encodeURIComponent(alice)}`);
      expect(res.statusCode).toBe(200);
      const list = res.json();
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((o: { email: string }) => o.email === alice)).toBe(true);
      expect(list.map((o: { _id: string }) => o._id)).toContain(aliceOrder);
    });

    it("refuses listing someone else's orders or all orders to a shopper (403)", async () => {
      expect((await get(bob, `/api/order?email=${encodeURIComponent(alice)}`)).statusCode).toBe(
        403,
      );
      const all = await get(bob, '/api/order');
      expect(all.statusCode).toBe(403);
      expect(all.json().message).toBe(refusals.order.adminListsAll);
    });

    it('lists every order to an admin', async () => {
      const res = await get(admin, '/api/order');
      expect(res.statusCode).toBe(200);
      const emails = new Set(res.json().map((o: { email: string }) => o.email));
      expect(emails).toEqual(new Set([alice, bob]));
      const one = await get(admin, `/api/order?email=${encodeURIComponent(alice)}`);
      expect(one.statusCode).toBe(200);
    });

    it('shows one order to its owner and admins only', async () => {
      expect((await get(alice, `/api/order/${aliceOrder}`)).json()._id).toBe(aliceOrder);
      expect((await get(admin, `/api/order/${aliceOrder}`)).statusCode).toBe(200);
      const other = await get(bob, `/api/order/${aliceOrder}`);
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({
        error: 'Forbidden',
        message: 'This order belongs to someone else.',
      });
      expect((await get(alice, '/api/order/3f1c2a5e-1111-4222-8333-944455556666')).statusCode).toBe(
        404,
      );
      expect((await get(alice, '/api/order/42')).statusCode).toBe(400);
    });
  });

  describe('DELETE /api/order/:id', () => {
    const remove = (email: string, id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: bearer(tokens[email]!) });

    it('deletes the clicked unpaid order of its owner and gives the stock back', async () => {
      const product = await makeProduct(t.db, { availableQuantity: 30 });
      const keep = (await place(alice, orderBody(product.id, 2))).json()._id;
      const drop = (await place(alice, orderBody(product.id, 5))).json()._id;
      expect(await stockOf(t.db, product.id)).toBe(23);
      const res = await remove(alice, drop);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deletedCount: 1 });
      expect(await stockOf(t.db, product.id)).toBe(28);
      const left = await t.db.select().from(orders).where(eq(orders.productId, product.id));
      expect(left.map((o) => o.id)).toEqual([keep]);
    });

    it("refuses deleting someone else's order (403), even as admin", async () => {
      const product = await makeProduct(t.db);
      const id = (await place(alice, orderBody(product.id, 1))).json()._id;
      expect((await remove(bob, id)).statusCode).toBe(403);
      expect((await remove(admin, id)).statusCode).toBe(403);
      expect(await stockOf(t.db, product.id)).toBe(99);
    });

    it('refuses deleting a paid order with 409', async () => {
      const product = await makeProduct(t.db);
      const id = (await place(alice, orderBody(product.id, 1))).json()._id;
      await t.db
        .update(orders)
        .set({ paid: true, transactionId: 'pi_test_paid' })
        .where(eq(orders.id, id));
      const res = await remove(alice, id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This order is paid and can no longer be deleted.');
      expect(await stockOf(t.db, product.id)).toBe(99);
    });

    it('answers 404 for an order that is gone', async () => {
      expect((await remove(alice, '3f1c2a5e-1111-4222-8333-944455556666')).statusCode).toBe(404);
    });
  });
});
