import { eq } from 'drizzle-orm';
import { idempotencyKeys, orders, reviews, users } from '../src/db/schema';
import { KEPT_PER_ACCOUNT } from '../src/http/idempotency';
import { makeProduct, orderBody, stockOf } from './fixtures';
import { appToken, bearer, uniqueEmail } from './identity';
import { startTestApp, type TestApp } from './testApp';

/** One form submission, sent twice at once (a double-click) or again later (a retry). */
describe('Idempotency-Key on create calls', () => {
  let t: TestApp;
  const alice = uniqueEmail('alice');
  const bob = uniqueEmail('bob');
  const admin = uniqueEmail('admin');
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp({ adminEmails: [admin] });
    for (const email of [alice, bob, admin]) {
      // Admin rights need a verified email, and so does holding stock.
      tokens[email] = await appToken(t.app, email, { verified: true });
    }
  });
  afterAll(() => t.close());

  const post = (email: string, url: string, payload: object, key?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(tokens[email]!), ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });

  const review = {
    name: 'Ana',
    description: 'Good grip.',
    Ratings: 5,
    address: 'Lodz',
    img: '/a.png',
  };

  it('creates one review for a double-submit, both answers the same', async () => {
    const key = `review-${crypto.randomUUID()}`;
    const [first, second] = await Promise.all([
      post(alice, '/api/review', review, key),
      post(alice, '/api/review', review, key),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(first.json()).toEqual(second.json());
    const stored = await t.db.select().from(reviews).where(eq(reviews.id, first.json()._id));
    expect(stored).toHaveLength(1);
    const all = await t.db.select().from(reviews).where(eq(reviews.authorEmail, alice));
    expect(all).toHaveLength(1);
    // Later repeats are replayed, and say so.
    const again = await post(alice, '/api/review', review, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('places one order and reserves stock once for a repeated submission', async () => {
    const product = await makeProduct(t.db, { availableQuantity: 20 });
    const key = `order-${crypto.randomUUID()}`;
    const answers = await Promise.all(
      [1, 2, 3].map(() => post(alice, '/api/order', orderBody(product.id, 4), key)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.json()._id)).size).toBe(1);
    expect(await stockOf(t.db, product.id)).toBe(16);
    const placed = await t.db.select().from(orders).where(eq(orders.productId, product.id));
    expect(placed).toHaveLength(1);
  });

  it('creates one product for a repeated Add Product', async () => {
    const key = `product-${crypto.randomUUID()}`;
    const product = {
      name: `Idempotent tyre ${key}`,
      description: 'Once.',
      price: 10,
      orderquantity: 1,
      availableauantity: 5,
      img: '/p.png',
    };
    const [a, b] = await Promise.all([
      post(admin, '/api/product', product, key),
      post(admin, '/api/product', product, key),
    ]);
    expect(a.json()._id).toBe(b.json()._id);
    const list = (await t.app.inject({ method: 'GET', url: '/api/product' })).json() as {
      name: string;
    }[];
    expect(list.filter((p) => p.name === product.name)).toHaveLength(1);
  });

  it('keeps keys per user, frees a key after a refusal, and refuses a key reused elsewhere', async () => {
    const key = `shared-${crypto.randomUUID()}`;
    const mine = await post(alice, '/api/review', review, key);
    const theirs = await post(bob, '/api/review', review, key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json()._id).not.toBe(mine.json()._id);

    const product = await makeProduct(t.db, { availableQuantity: 10, orderQuantity: 2 });
    const retry = `retry-${crypto.randomUUID()}`;
    const refused = await post(alice, '/api/order', orderBody(product.id, 9), retry);
    expect(refused.statusCode).toBe(409);
    const corrected = await post(alice, '/api/order', orderBody(product.id, 3), retry);
    expect(corrected.statusCode).toBe(201);

    const elsewhere = await post(alice, '/api/review', review, retry);
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().message).toBe(
      'This Idempotency-Key was already used for another call.',
    );
  });

  it('refuses one key sent again with another body, on every create call (never the first answer)', async () => {
    const product = await makeProduct(t.db, { availableQuantity: 20, orderQuantity: 1 });
    const key = `body-${crypto.randomUUID()}`;
    const first = await post(alice, '/api/order', orderBody(product.id, 1), key);
    expect(first.statusCode).toBe(201);
    const other = await post(alice, '/api/order', orderBody(product.id, 2), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('This Idempotency-Key was already used for another call.');
    const same = await post(alice, '/api/order', orderBody(product.id, 1), key);
    expect(same.statusCode).toBe(201);
    expect(same.headers['idempotent-replayed']).toBe('true');
  });

  it('keeps at most the newest answers of each account', async () => {
    const email = uniqueEmail('many.keys');
    tokens[email] = await appToken(t.app, email, { verified: true });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    // An account that sent a key a call for a while (older answers first)...
    const old = Array.from({ length: KEPT_PER_ACCOUNT + 5 }, (_, i) => ({
      owner: user!.id,
      key: `old-${i}-${crypto.randomUUID()}`,
      scope: 'POST /review',
      status: 201,
      body: {},
      createdAt: new Date(Date.now() - (KEPT_PER_ACCOUNT + 5 - i) * 1000),
    }));
    await t.db.insert(idempotencyKeys).values(old);
    // ...keeps the newest, this call's among them.
    const key = `new-${crypto.randomUUID()}`;
    expect((await post(email, '/api/review', review, key)).statusCode).toBe(201);
    const kept = await t.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.owner, user!.id));
    expect(kept).toHaveLength(KEPT_PER_ACCOUNT);
    expect(kept.map((row) => row.key)).toContain(key);
    expect(kept.map((row) => row.key)).not.toContain(old[0]!.key);
  });

  it('refuses a malformed key in words', async () => {
    const res = await post(alice, '/api/review', review, 'a b');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Idempotency-Key must be 8 to 128 letters, digits, dashes or underscores.',
    );
  });
});
