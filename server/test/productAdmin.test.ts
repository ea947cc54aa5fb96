import type { FastifyInstance } from 'fastify';
import { withAdminAndTwoShoppers } from './accounts';
import { eventually } from './eventually';
import { makeProduct, orderBody, stockOf } from './fixtures';
import { appToken, bearer, uniqueEmail } from './identity';
import { startSecondApp, startTestApp } from './testApp';

describe('running the catalogue', () => {
  const accounts = withAdminAndTwoShoppers();
  const { call } = accounts;
  const details = async (id: string) =>
    (await call(null, 'GET', `/api/productDetails/${id}`)).json();
  const shopIds = async () =>
    (await call(null, 'GET', '/api/product')).json().map((p: { _id: string }) => p._id);

  describe('PATCH /api/product/:id', () => {
    it('changes the fields sent, moves the version on and shows the change in the shop at once', async () => {
      const product = await makeProduct(accounts.t.db, { priceCents: 8999 });
      expect(await shopIds()).toContain(product.id);
      const res = await call(accounts.admin, 'PATCH', `/api/product/${product.id}`, {
        version: 1,
        price: 84.99,
        description: '  Quieter on wet roads  ',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(
        expect.objectContaining({
          _id: product.id,
          price: 84.99,
          description: 'Quieter on wet roads',
          version: 2,
          name: product.name,
        }),
      );
      const listed = (await call(null, 'GET', '/api/product')).json();
      expect(listed.find((p: { _id: string }) => p._id === product.id).price).toBe(84.99);
      const found = await call(null, 'GET', '/api/product?q=quieter');
      expect(found.json().map((p: { _id: string }) => p._id)).toEqual([product.id]);
    });

    it('refuses an edit from a version another admin saved over, with the product as it is now', async () => {
      const product = await makeProduct(accounts.t.db, { priceCents: 8999 });
      const first = await call(accounts.admin, 'PATCH', `/api/product/${product.id}`, {
        version: 1,
        price: 79,
      });
      expect(first.statusCode).toBe(200);
      const stale = await call(accounts.admin, 'PATCH', `/api/product/${product.id}`, {
        version: 1,
        price: 99,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual(
        expect.objectContaining({
          field: 'version',
          message:
            'This product changed while you were editing it: it is at version 2, your edit started from version 1. Check the changes, then save again.',
          current: expect.objectContaining({ price: 79, version: 2 }),
        }),
      );
      expect((await details(product.id)).price).toBe(79);
    });

    it('an edit that changes nothing keeps the version', async () => {
      const product = await makeProduct(accounts.t.db, { priceCents: 5000 });
      const res = await call(accounts.admin, 'PATCH', `/api/product/${product.id}`, {
        version: 1,
        price: 50,
      });
      expect(res.json().version).toBe(1);
    });

    it('checks the fields as Add Product does, naming them in words', async () => {
      const product = await makeProduct(accounts.t.db, { orderQuantity: 0, availableQuantity: 5 });
      const cases: Array<[object, string, string]> = [
        [{ price: -1 }, 'price', 'Price ($) must be 0 or more.'],
        [{ name: '   ' }, 'name', 'Product Name cannot be only spaces.'],
        [{ orderquantity: 5 }, 'orderquantity', 'Order Quantity must be less than'],
        [{ availablequantity: 9 }, 'availablequantity', 'availablequantity is not a field'],
        [{ category: 'part', width: 205 }, 'category', 'for tyres only'],
        [{ sku: 'has space' }, 'sku', 'SKU must be 1 to 40 letters'],
        [{ img: 'https://evil.example/x.png' }, 'img', 'Image must be a picture uploaded'],
      ];
      for (const [fields, field, message] of cases) {
        const res = await call(accounts.admin, 'PATCH', `/api/product/${product.id}`, {
          version: 1,
          ...fields,
        });
        expect([res.statusCode, res.json().field]).toEqual([400, field]);
        expect(res.json().message).toContain(message);
      }
      expect((await details(product.id)).version).toBe(1);
    });

    it('refuses an SKU another product has, and takes a free one', async () => {
      const a = await makeProduct(accounts.t.db);
      const b = await makeProduct(accounts.t.db);
      const taken = await call(accounts.admin, 'PATCH', `/api/product/${b.id}`, {
        version: 1,
        sku: a.sku,
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual(
        expect.objectContaining({
          field: 'sku',
          message: `SKU ${a.sku} is already used by "${a.name}".`,
        }),
      );
      const free = await call(accounts.admin, 'PATCH', `/api/product/${b.id}`, {
        version: 1,
        sku: `SUP-${b.id.slice(0, 8)}`,
      });
      // Kept in capitals.
      expect(free.json().sku).toBe(`SUP-${b.id.slice(0, 8)}`.toUpperCase());
    });

    it('moving a tyre to the parts clears its size and season', async () => {
      const [tyre] = (await call(null, 'GET', '/api/product?q=205/55R16')).json();
      const product = await makeProduct(accounts.t.db);
      await call(accounts.admin, 'PATCH', `/api/product/${product.id}`, {
        version: 1,
        category: 'tyre',
        width: 205,
        aspect: 55,
        rim: 16,
        season: 'winter',
      });
      const res = await call(accounts.admin, 'PATCH', `/api/product/${product.id}`, {
        version: 2,
        category: 'part',
      });
      expect(res.json()).toEqual(
        expect.objectContaining({ category: 'part', width: null, season: null, version: 3 }),
      );
      expect(tyre).toBeDefined();
    });

    it('is for admins only: 401 for strangers, 403 for shoppers', async () => {
      const product = await makeProduct(accounts.t.db);
      const body = { version: 1, price: 1 };
      expect((await call(null, 'PATCH', `/api/product/${product.id}`, body)).statusCode).toBe(401);
      expect(
        (await call(accounts.alice, 'PATCH', `/api/product/${product.id}`, body)).statusCode,
      ).toBe(403);
      expect(
        (
          await call(accounts.alice, 'POST', `/api/product/${product.id}/stock`, {
            delta: 1,
            reason: 'x',
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await call(accounts.alice, 'POST', `/api/product/${product.id}/retire`, {})).statusCode,
      ).toBe(403);
      expect(
        (await call(accounts.alice, 'GET', `/api/product/${product.id}/history`)).statusCode,
      ).toBe(403);
      expect((await details(product.id)).price).toBe(49.99);
    });
  });

  describe('POST /api/product/:id/stock', () => {
    it('adds and takes out units with a reason, never below zero', async () => {
      const product = await makeProduct(accounts.t.db, { availableQuantity: 12 });
      const path = `/api/product/${product.id}/stock`;
      const added = await call(accounts.admin, 'POST', path, { delta: 40, reason: 'delivery' });
      expect([added.statusCode, added.json().availablequantity]).toEqual([200, 52]);
      const taken = await call(accounts.admin, 'POST', path, { delta: -2, reason: 'damaged' });
      expect(taken.json().availablequantity).toBe(50);
      // Stock moves do not make another admin's edit stale.
      expect(taken.json().version).toBe(1);
      const tooMany = await call(accounts.admin, 'POST', path, {
        delta: -51,
        reason: 'count correction',
      });
      expect(tooMany.statusCode).toBe(409);
      expect(tooMany.json()).toEqual(
        expect.objectContaining({
          field: 'delta',
          message:
            'Stock cannot go below zero: 50 units are in stock, so at most 50 can be taken out.',
        }),
      );
      const zero = await call(accounts.admin, 'POST', path, { delta: 0, reason: 'delivery' });
      expect(zero.json()).toEqual(
        expect.objectContaining({
          field: 'delta',
          message: 'Units cannot be 0: add or take out at least one unit.',
        }),
      );
      const tooBig = await call(accounts.admin, 'POST', path, {
        delta: 1_000_000,
        reason: 'delivery',
      });
      expect(tooBig.json()).toEqual(
        expect.objectContaining({
          field: 'delta',
          message:
            'Stock can be at most 1,000,000 units: 50 are in stock, so at most 999,950 can be added.',
        }),
      );
      const noReason = await call(accounts.admin, 'POST', path, { delta: 1, reason: ' ' });
      expect(noReason.json().message).toBe('Reason cannot be only spaces.');
      expect(await stockOf(accounts.t.db, product.id)).toBe(50);
    });

    it('a restock racing orders loses no unit', async () => {
      const product = await makeProduct(accounts.t.db, { availableQuantity: 100 });
      const shoppers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          appToken(accounts.t.app, uniqueEmail(`racer${i}`), { verified: true }),
        ),
      );
      const orders = shoppers.flatMap((token) =>
        Array.from({ length: 5 }, () =>
          accounts.t.app.inject({
            method: 'POST',
            url: '/api/order',
            headers: bearer(token),
            payload: orderBody(product.id, 1),
          }),
        ),
      );
      const restocks = Array.from({ length: 10 }, () =>
        call(accounts.admin, 'POST', `/api/product/${product.id}/stock`, {
          delta: 3,
          reason: 'delivery',
        }),
      );
      const results = await Promise.all([...orders, ...restocks]);
      expect(results.every((res) => res.statusCode < 300)).toBe(true);
      expect(await stockOf(accounts.t.db, product.id)).toBe(100 - 50 + 30);
    });
  });

  describe('retire and restore', () => {
    it('takes a product out of the shop and search, refuses new orders, keeps the old payable', async () => {
      const product = await makeProduct(accounts.t.db, { availableQuantity: 20 });
      const buyer = accounts.alice;
      const before = await call(buyer, 'POST', '/api/order', orderBody(product.id, 2));
      expect(before.statusCode).toBe(201);
      const retired = await call(accounts.admin, 'POST', `/api/product/${product.id}/retire`, {});
      expect(retired.json()).toEqual(expect.objectContaining({ status: 'retired', version: 2 }));
      expect(await shopIds()).not.toContain(product.id);
      const searched = await call(
        null,
        'GET',
        `/api/product?q=${encodeURIComponent(product.name)}`,
      );
      expect(searched.json()).toEqual([]);
      expect(await details(product.id)).toEqual(expect.objectContaining({ status: 'retired' }));
      const refused = await call(buyer, 'POST', '/api/order', orderBody(product.id, 1));
      expect([refused.statusCode, refused.json().message]).toEqual([
        409,
        'This product is no longer sold.',
      ]);
      // The order placed before keeps its name and price and can still be paid.
      const intent = await call(buyer, 'POST', '/api/create-Payment-Intent', {
        orderId: before.json()._id,
      });
      expect(intent.statusCode).toBe(200);
      // The back office still finds it; nobody else may list retired products.
      expect((await call(null, 'GET', '/api/product?status=retired')).statusCode).toBe(401);
      expect((await call(buyer, 'GET', '/api/product?status=all')).statusCode).toBe(403);
      const backOffice = await call(
        accounts.admin,
        'GET',
        `/api/product?status=retired&q=${encodeURIComponent(product.name)}`,
      );
      expect(backOffice.json().map((p: { _id: string }) => p._id)).toEqual([product.id]);
      // Retiring twice changes nothing.
      const again = await call(accounts.admin, 'POST', `/api/product/${product.id}/retire`);
      expect([again.statusCode, again.json().version]).toEqual([200, 2]);

      const restored = await call(accounts.admin, 'POST', `/api/product/${product.id}/restore`, {});
      expect(restored.json()).toEqual(expect.objectContaining({ status: 'active', version: 3 }));
      expect(await shopIds()).toContain(product.id);
      expect((await call(buyer, 'POST', '/api/order', orderBody(product.id, 1))).statusCode).toBe(
        201,
      );
    });

    it('refuses a version no product can have, in words', async () => {
      const product = await makeProduct(accounts.t.db);
      const res = await call(accounts.admin, 'POST', `/api/product/${product.id}/retire`, {
        version: 1e11,
      });
      expect([res.statusCode, res.json().message]).toEqual([
        400,
        'version can be at most 2,147,483,647.',
      ]);
    });

    it('refuses a retire from a version another admin changed since', async () => {
      const product = await makeProduct(accounts.t.db);
      await call(accounts.admin, 'PATCH', `/api/product/${product.id}`, { version: 1, price: 3 });
      const res = await call(accounts.admin, 'POST', `/api/product/${product.id}/retire`, {
        version: 1,
      });
      expect([res.statusCode, res.json().field]).toEqual([409, 'version']);
      expect((await details(product.id)).status).toBe('active');
    });
  });

  it('keeps who changed what and when, newest first', async () => {
    const created = await call(accounts.admin, 'POST', '/api/product', {
      name: 'History Tyre 205/55 R16',
      description: 'A tyre with a past',
      price: 89.99,
      orderquantity: 1,
      availablequantity: 10,
      img: '/images/products/summer-tyre.svg',
      sku: 'HIST-1',
    });
    expect(created.json().sku).toBe('HIST-1');
    const id = created.json()._id;
    await call(accounts.admin, 'PATCH', `/api/product/${id}`, { version: 1, price: 84.99 });
    await call(accounts.admin, 'POST', `/api/product/${id}/stock`, {
      delta: 40,
      reason: 'delivery',
    });
    await call(accounts.admin, 'POST', `/api/product/${id}/retire`, {});
    const history = await call(accounts.admin, 'GET', `/api/product/${id}/history`);
    expect(history.statusCode).toBe(200);
    const entries = history.json();
    expect(entries.map((e: { action: string }) => e.action)).toEqual([
      'retire',
      'stock',
      'edit',
      'create',
    ]);
    expect(entries[0]).toEqual(
      expect.objectContaining({
        by: accounts.admin,
        changes: [{ field: 'status', from: 'active', to: 'retired' }],
      }),
    );
    expect(entries[1]).toEqual(
      expect.objectContaining({
        delta: 40,
        reason: 'delivery',
        changes: [{ field: 'availablequantity', from: 10, to: 50 }],
      }),
    );
    expect(entries[2].changes).toEqual([{ field: 'price', from: 89.99, to: 84.99 }]);
    expect(entries[3].changes).toEqual(
      expect.arrayContaining([{ field: 'name', from: null, to: 'History Tyre 205/55 R16' }]),
    );
    expect(Date.parse(entries[0].at)).toBeGreaterThan(Date.now() - 60_000);
    const unknown = await call(
      accounts.admin,
      'GET',
      `/api/product/${crypto.randomUUID()}/history`,
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('a restock racing 100 orders on two API processes', () => {
  it('loses no unit, and the other process shows an edit and a retirement', async () => {
    const admin = uniqueEmail('restocker');
    const first = await startTestApp({ adminEmails: [admin] });
    const second = await startSecondApp(first, { adminEmails: [admin] });
    try {
      const product = await makeProduct(first.db, { availableQuantity: 150 });
      const adminToken = await appToken(first.app, admin, { verified: true });
      const buyers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          appToken(first.app, uniqueEmail(`buyer${i}`), { verified: true }),
        ),
      );
      const apps: FastifyInstance[] = [first.app, second.app];
      const orders = Array.from({ length: 100 }, (_, i) =>
        apps[i % 2]!.inject({
          method: 'POST',
          url: '/api/order',
          headers: bearer(buyers[i % 20]!),
          payload: orderBody(product.id, 1),
        }),
      );
      const restocks = Array.from({ length: 20 }, (_, i) =>
        apps[i % 2]!.inject({
          method: 'POST',
          url: `/api/product/${product.id}/stock`,
          headers: bearer(adminToken),
          payload: { delta: 5, reason: 'delivery' },
        }),
      );
      const results = await Promise.all([...orders, ...restocks]);
      expect(results.filter((res) => res.statusCode >= 300).map((res) => res.body)).toEqual([]);
      expect(await stockOf(first.db, product.id)).toBe(150 - 100 + 100);
      const history = await first.app.inject({
        url: `/api/product/${product.id}/history`,
        headers: bearer(adminToken),
      });
      expect(history.json()).toHaveLength(20);

      // An edit through one process shows in the other's shop once the database says so.
      const priceOn = async (app: FastifyInstance) =>
        (await app.inject({ url: '/api/product' }))
          .json()
          .find((p: { _id: string }) => p._id === product.id)?.price;
      expect(await priceOn(second.app)).toBe(49.99);
      const edited = await first.app.inject({
        method: 'PATCH',
        url: `/api/product/${product.id}`,
        headers: bearer(adminToken),
        payload: { version: 1, price: 44.5 },
      });
      expect(edited.statusCode).toBe(200);
      expect(await eventually(() => priceOn(second.app), 44.5)).toBe(44.5);
      // And a retired product leaves it.
      await first.app.inject({
        method: 'POST',
        url: `/api/product/${product.id}/retire`,
        headers: bearer(adminToken),
      });
      expect(await eventually(() => priceOn(second.app), undefined)).toBeUndefined();
    } finally {
      await second.close();
      await first.close();
    }
  });
});
