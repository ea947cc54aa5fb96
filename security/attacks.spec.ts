import { expect, test, type APIRequestContext } from '@playwright/test';
import { SignJWT } from 'jose';
import { SECURITY_JWT_SECRET } from '../playwright.security.config';
import { appTokenFor, bearer, idTokenFor, uniqueEmail } from './identity';
import { expectRefused } from './refusal';

/** Every refusal is JSON `{ error, message }` with the expected status. */
interface Shopper {
  email: string;
  token: string;
}

async function shopper(request: APIRequestContext, name: string): Promise<Shopper> {
  const email = uniqueEmail(name);
  return { email, token: await appTokenFor(request, email) };
}

async function firstProduct(request: APIRequestContext) {
  const [product] = await (await request.get('/api/product')).json();
  return product as { _id: string; price: number; availablequantity: number };
}

async function stockOf(request: APIRequestContext, id: string): Promise<number> {
  return (await (await request.get(`/api/productDetails/${id}`)).json()).availablequantity;
}

async function placeOrder(request: APIRequestContext, who: Shopper, quantity = 1) {
  const product = await firstProduct(request);
  const res = await request.post('/api/order', {
    headers: bearer(who.token),
    data: { productId: product._id, name: 'Eve', address: '1 Road', number: '555 0100', quantity },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { _id: string; productId: string; quantity: number };
}

test.describe('someone else’s things', () => {
  let alice: Shopper;
  let mallory: Shopper;
  test.beforeAll(async ({ request }) => {
    alice = await shopper(request, 'alice');
    mallory = await shopper(request, 'mallory');
  });

  test('reading, paying or deleting another user’s order is refused, with no side effect', async ({
    request,
  }) => {
    const order = await placeOrder(request, alice, 2);
    const stock = await stockOf(request, order.productId);
    const as = bearer(mallory.token);
    await expectRefused(await request.get(`/api/order/${order._id}`, { headers: as }), 403);
    await expectRefused(
      await request.get(`/api/order?email=${encodeURIComponent(alice.email)}`, { headers: as }),
      403,
    );
    await expectRefused(await request.delete(`/api/order/${order._id}`, { headers: as }), 403);
    await expectRefused(
      await request.post('/api/create-Payment-Intent', {
        headers: as,
        data: { orderId: order._id },
      }),
      403,
    );
    await expectRefused(
      await request.patch(`/api/order/${order._id}`, {
        headers: as,
        data: { transactionId: 'pi_local_forged' },
      }),
      403,
    );
    const mine = await request.get(`/api/order/${order._id}`, { headers: bearer(alice.token) });
    expect(await mine.json()).toMatchObject({ paid: false, transactionId: null });
    expect(await stockOf(request, order.productId)).toBe(stock);
  });

  test('a shopper can list neither all orders nor users, nor promote anyone', async ({
    request,
  }) => {
    const as = bearer(mallory.token);
    await expectRefused(await request.get('/api/order', { headers: as }), 403);
    await expectRefused(await request.get('/api/users', { headers: as }), 403);
    await expectRefused(
      await request.put(`/api/users/admin/${mallory.email}`, { headers: as }),
      403,
    );
    await expectRefused(await request.put(`/api/users/admin/${alice.email}`, { headers: as }), 403);
    const check = await request.get(`/api/admin/${mallory.email}`, { headers: as });
    expect(await check.json()).toEqual({ admin: false });
  });

  test('a Firebase token of one account gets no app token for another', async ({ request }) => {
    const idToken = await idTokenFor(request, mallory.email);
    await expectRefused(
      await request.put(`/api/users/${alice.email}`, {
        headers: bearer(idToken),
        data: { email: alice.email },
      }),
      403,
    );
  });
});

test.describe('fields a client may not set', () => {
  test('role, paid, transactionId, price and another email are refused or ignored', async ({
    request,
  }) => {
    const eve = await shopper(request, 'eve');
    const idToken = await idTokenFor(request, eve.email);
    await expectRefused(
      await request.put(`/api/users/${eve.email}`, {
        headers: bearer(idToken),
        data: { email: eve.email, role: 'admin' },
      }),
      400,
    );
    const product = await firstProduct(request);
    const base = {
      productId: product._id,
      name: 'Eve',
      address: '1 Road',
      number: '555 0100',
      quantity: 1,
    };
    for (const extra of [{ paid: true }, { transactionId: 'pi_x' }, { role: 'admin' }]) {
      await expectRefused(
        await request.post('/api/order', {
          headers: bearer(eve.token),
          data: { ...base, ...extra },
        }),
        400,
      );
    }
    await expectRefused(
      await request.post('/api/order', {
        headers: bearer(eve.token),
        data: { ...base, email: 'someone.else@attack.test' },
      }),
      403,
    );
    const tampered = await request.post('/api/order', {
      headers: bearer(eve.token),
      data: { ...base, price: 0.01, ProductName: 'Free' },
    });
    expect(tampered.status()).toBe(201);
    expect(await tampered.json()).toMatchObject({ price: product.price, email: eve.email });
    await expectRefused(
      await request.post('/api/profile', {
        headers: bearer(eve.token),
        data: {
          name: 'Eve',
          email: 'someone.else@attack.test',
          Department: 'x',
          Address: 'x',
          instituteName: 'x',
          Linkedin: 'https://example.com',
          image: '/images/x.png',
        },
      }),
      403,
    );
  });
});

test.describe('forged app tokens', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const sign = (claims: Record<string, unknown>, secret = SECURITY_JWT_SECRET) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret));
  const unsigned = (claims: Record<string, unknown>) =>
    `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
      JSON.stringify(claims),
    ).toString('base64url')}.`;

  test('alg none, a wrong secret, expired, future iat and another audience all answer 401', async ({
    request,
  }) => {
    const victim = await shopper(request, 'victim');
    const { sub, ver, sid } = JSON.parse(
      Buffer.from(victim.token.split('.')[1]!, 'base64url').toString(),
    );
    const good = {
      sub,
      ver,
      sid,
      iss: 'tyre-store',
      aud: 'tyre-store-api',
      iat: now(),
      exp: now() + 600,
    };
    // The control: a token signed like the server's is accepted.
    expect(
      (
        await request.get(`/api/admin/${victim.email}`, { headers: bearer(await sign(good)) })
      ).status(),
    ).toBe(200);
    const forged = [
      unsigned(good),
      await sign(good, 'not-the-secret-not-the-secret-not-the-secret'),
      await sign({ ...good, iat: now() - 7200, exp: now() - 3600 }),
      await sign({ ...good, iat: now() + 3600, exp: now() + 7200 }),
      await sign({ ...good, aud: 'someone-else' }),
      await sign({ ...good, ver: ver + 1 }),
    ];
    for (const token of forged) {
      await expectRefused(
        await request.get(`/api/admin/${victim.email}`, { headers: bearer(token) }),
        401,
      );
    }
  });
});

test.describe('orders and payments', () => {
  test('bad quantities and unknown products are refused and reserve nothing', async ({
    request,
  }) => {
    const buyer = await shopper(request, 'buyer');
    const product = await firstProduct(request);
    const stock = await stockOf(request, product._id);
    const base = { productId: product._id, name: 'B', address: '1 Road', number: '555 0100' };
    for (const quantity of [-1, 0, 1.5, 1e9, 'two', '2', null]) {
      await expectRefused(
        await request.post('/api/order', {
          headers: bearer(buyer.token),
          data: { ...base, quantity },
        }),
        400,
      );
    }
    await expectRefused(
      await request.post('/api/order', {
        headers: bearer(buyer.token),
        data: { ...base, productId: '3f1c2a5e-1111-4222-8333-944455556666', quantity: 1 },
      }),
      404,
    );
    expect(await stockOf(request, product._id)).toBe(stock);
  });

  test('an order is never paid by a made-up transaction id or a bad webhook', async ({
    request,
  }) => {
    const buyer = await shopper(request, 'payer');
    const order = await placeOrder(request, buyer);
    await expectRefused(
      await request.patch(`/api/order/${order._id}`, {
        headers: bearer(buyer.token),
        data: { transactionId: 'pi_local_madeup' },
      }),
      402,
    );
    const webhook = await request.post('/api/payments/webhook', {
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad' },
      data: {
        type: 'payment_intent.succeeded',
        data: { object: { id: 'pi_x', metadata: { orderId: order._id }, amount: 1 } },
      },
    });
    expect([400, 404]).toContain(webhook.status());
    const after = await request.get(`/api/order/${order._id}`, { headers: bearer(buyer.token) });
    expect(await after.json()).toMatchObject({ paid: false });
  });
});

test.describe('injection and uploads', () => {
  test('SQL- and JSON-looking input is data, never code', async ({ request }) => {
    const probe = await shopper(request, 'probe');
    for (const path of [
      "/api/productDetails/1' OR '1'='1",
      '/api/productDetails/%7B%22%24gt%22%3A%22%22%7D',
      "/api/order?email=' OR 1=1 --",
    ]) {
      const res = await request.get(path, { headers: bearer(probe.token) });
      expect(res.status()).toBe(400);
    }
    const product = await firstProduct(request);
    const name = "Robert'); DROP TABLE orders; --";
    const res = await request.post('/api/order', {
      headers: bearer(probe.token),
      data: {
        productId: product._id,
        name,
        address: '{"$gt": ""}',
        number: '555 0100',
        quantity: 1,
      },
    });
    expect(res.status()).toBe(201);
    expect(await res.json()).toMatchObject({ name, address: '{"$gt": ""}' });
    expect((await request.get('/api/product')).status()).toBe(200);
  });

  test('uploads that are not pictures, or too big, are refused', async ({ request }) => {
    const uploader = await shopper(request, 'uploader');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const cases: Array<[string, Buffer, string, number]> = [
      ['script.png', Buffer.from('<script>alert(1)</script>'), 'image/png', 400],
      [
        'x.svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'image/svg+xml',
        400,
      ],
      ['poly.png', Buffer.concat([Buffer.from('<html><script>1</script>'), png]), 'image/png', 400],
      ['big.png', Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1)]), 'image/png', 413],
    ];
    for (const [name, buffer, mimeType, status] of cases) {
      const res = await request.post('/api/images', {
        headers: bearer(uploader.token),
        multipart: { image: { name, mimeType, buffer } },
      });
      await expectRefused(res, status);
    }
  });
});

test.describe('the edges of the server', () => {
  test('security headers: CSP without inline scripts, nosniff, frame-ancestors, referrer policy', async ({
    request,
  }) => {
    for (const path of ['/', '/api/product']) {
      const headers = (await request.get(path)).headers();
      const csp = headers['content-security-policy'] ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src [^;]*'self'/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  test('CORS stays closed to other sites', async ({ request }) => {
    const res = await request.get('/api/product', { headers: { origin: 'https://evil.example' } });
    expect(res.headers()['access-control-allow-origin']).toBeUndefined();
  });
});
