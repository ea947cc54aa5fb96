import { eq } from 'drizzle-orm';
import { BAG_FULL, onlyLeft } from '../../contract/bagRules';
import { BAG_LINES_MAX } from '../../contract/quantities';
import { copy } from '../../contract/copy';
import { products } from '../src/db/schema';
import { withAdminAndTwoShoppers } from './accounts';
import { makeProduct } from './fixtures';
import { bearer } from './identity';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('the bag API', () => {
  const accounts = withAdminAndTwoShoppers();
  const { alice, bob } = accounts;
  const { call } = accounts;
  const bagOf = async (email: string) => {
    const res = await call(email, 'GET', '/api/bag');
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json();
  };
  const set = (email: string, productId: string, quantity: unknown) =>
    call(email, 'PUT', `/api/bag/items/${productId}`, { quantity });
  const merge = (email: string, items: Array<{ productId: string; quantity: number }>) =>
    call(email, 'POST', '/api/bag/merge', { items });
  const empty = async (email: string) => {
    for (const item of (await bagOf(email)).items) {
      await call(email, 'DELETE', `/api/bag/items/${item.productId}`);
    }
  };

  beforeEach(async () => {
    await empty(alice);
    await empty(bob);
  });

  it('is only for a signed-in shopper', async () => {
    expect((await call(null, 'GET', '/api/bag')).statusCode).toBe(401);
    const product = await makeProduct(accounts.t.db);
    expect(
      (await call(null, 'PUT', `/api/bag/items/${product.id}`, { quantity: 1 })).statusCode,
    ).toBe(401);
  });

  it('starts empty, keeps lines with their totals, and takes them out', async () => {
    expect(await bagOf(alice)).toEqual({ items: [], total: 0, notices: [] });
    const tyre = await makeProduct(accounts.t.db, { priceCents: 8950, availableQuantity: 20 });
    const valve = await makeProduct(accounts.t.db, { priceCents: 299, availableQuantity: 50 });
    expect((await set(alice, tyre.id, 4)).statusCode).toBe(200);
    const answer = await set(alice, valve.id, 4);
    expect(answer.json()).toEqual({
      items: [
        {
          productId: tyre.id,
          name: tyre.name,
          price: 89.5,
          priceWhenAdded: 89.5,
          quantity: 4,
          availablequantity: 20,
          img: tyre.img,
          status: 'active',
          problem: null,
        },
        expect.objectContaining({ productId: valve.id, quantity: 4, price: 2.99 }),
      ],
      total: 369.96,
      notices: [],
    });
    expect(await bagOf(alice)).toEqual(answer.json());
    // Setting again replaces the quantity; 0 and DELETE take the line out.
    expect((await set(alice, tyre.id, 2)).json().items[0].quantity).toBe(2);
    expect(
      (await set(alice, tyre.id, 0)).json().items.map((i: { productId: string }) => i.productId),
    ).toEqual([valve.id]);
    const removed = await call(alice, 'DELETE', `/api/bag/items/${valve.id}`);
    expect(removed.json()).toEqual({ items: [], total: 0, notices: [] });
    // Taking out what is not there answers the bag as it is.
    expect((await call(alice, 'DELETE', `/api/bag/items/${valve.id}`)).statusCode).toBe(200);
  });

  it("is one account's: another shopper never sees it", async () => {
    const product = await makeProduct(accounts.t.db);
    await set(alice, product.id, 3);
    expect((await bagOf(bob)).items).toEqual([]);
    await set(bob, product.id, 1);
    expect((await bagOf(alice)).items[0].quantity).toBe(3);
  });

  it('refuses what checkout would refuse, in words', async () => {
    // The spec's stock rule: an order may take only the units above the minimum.
    const scarce = await makeProduct(accounts.t.db, { orderQuantity: 2, availableQuantity: 5 });
    const res = await set(alice, scarce.id, 4);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(onlyLeft(3));
    const gone = await makeProduct(accounts.t.db, { orderQuantity: 2, availableQuantity: 2 });
    expect((await set(alice, gone.id, 1)).json().message).toBe(copy.bag.soldOut);
    const retired = await makeProduct(accounts.t.db);
    await accounts.t.db
      .update(products)
      .set({ status: 'retired' })
      .where(eq(products.id, retired.id));
    expect((await set(alice, retired.id, 1)).json().message).toBe(copy.bag.retired);
    expect((await set(alice, MISSING, 1)).statusCode).toBe(404);
    expect((await bagOf(alice)).items).toEqual([]);
  });

  it.each([
    [-1, 'Quantity must be 0 or more.'],
    [1.5, 'Quantity must be a whole number.'],
    [10_001, 'Quantity can be at most 10,000.'],
    ['2', 'Quantity must be a whole number.'],
  ])('refuses a quantity of %p with 400 and a sentence', async (quantity, message) => {
    const product = await makeProduct(accounts.t.db);
    const res = await set(alice, product.id, quantity);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Bad Request', message, field: 'quantity' });
  });

  it(`holds at most ${BAG_LINES_MAX} lines, even when lines are added at once`, async () => {
    const many = [];
    for (let i = 0; i < BAG_LINES_MAX + 4; i += 1) many.push(await makeProduct(accounts.t.db));
    for (const product of many.slice(0, BAG_LINES_MAX - 2)) await set(alice, product.id, 1);
    const racing = await Promise.all(many.slice(BAG_LINES_MAX - 2).map((p) => set(alice, p.id, 1)));
    expect(racing.filter((r) => r.statusCode === 200)).toHaveLength(2);
    for (const refused of racing.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(BAG_FULL);
    }
    expect((await bagOf(alice)).items).toHaveLength(BAG_LINES_MAX);
    // A line already in the full bag can still change.
    expect((await set(alice, many[0]!.id, 2)).statusCode).toBe(200);
  });

  it('says what changed since a line was added: stock, retirement, price', async () => {
    const { db } = accounts.t;
    const scarce = await makeProduct(db, { availableQuantity: 10 });
    const retired = await makeProduct(db);
    const dearer = await makeProduct(db, { priceCents: 5000 });
    for (const product of [scarce, retired, dearer]) await set(alice, product.id, 4);
    await db.update(products).set({ availableQuantity: 3 }).where(eq(products.id, scarce.id));
    await db.update(products).set({ status: 'retired' }).where(eq(products.id, retired.id));
    await db.update(products).set({ priceCents: 5500 }).where(eq(products.id, dearer.id));
    const bag = await bagOf(alice);
    expect(bag.items.map((item: { problem: string | null }) => item.problem)).toEqual([
      onlyLeft(3),
      copy.bag.retired,
      'The price changed from $50.00 to $55.00 since you added it.',
    ]);
    expect(bag.items[2]).toMatchObject({ price: 55, priceWhenAdded: 50 });
    // Today's prices, summed in cents: 4 × 49.99 twice and 4 × 55.
    expect(bag.total).toBe(619.92);
    // Setting the line again takes today's price: the shopper has seen it.
    expect((await set(alice, dearer.id, 4)).json().items[2].problem).toBeNull();
  });

  it("merges a guest's bag: adds, caps at the stock, and says what it could not add", async () => {
    const { db } = accounts.t;
    const plenty = await makeProduct(db, { availableQuantity: 100 });
    const scarce = await makeProduct(db, { availableQuantity: 6 });
    const retired = await makeProduct(db);
    await db.update(products).set({ status: 'retired' }).where(eq(products.id, retired.id));
    await set(alice, plenty.id, 2);
    const res = await merge(alice, [
      { productId: plenty.id, quantity: 4 },
      { productId: scarce.id, quantity: 4 },
      { productId: scarce.id, quantity: 4 },
      { productId: retired.id, quantity: 1 },
      { productId: MISSING, quantity: 1 },
    ]);
    expect(res.statusCode).toBe(200);
    const bag = res.json();
    expect(
      bag.items.map((i: { productId: string; quantity: number }) => [i.productId, i.quantity]),
    ).toEqual([
      [plenty.id, 6],
      [scarce.id, 6],
    ]);
    expect(bag.notices).toEqual([
      `Only 6 of ${scarce.name} are in stock, so your bag has 6 (you asked for 8).`,
      `${retired.name} is no longer sold, so it was not added.`,
      copy.bag.goneFromStore,
    ]);
    // The notices belong to the merge's answer, not to the bag.
    expect((await bagOf(alice)).notices).toEqual([]);
    // Merging again adds nothing beyond the stock, and never lowers a line.
    const again = (await merge(alice, [{ productId: scarce.id, quantity: 1 }])).json();
    expect(again.items[1].quantity).toBe(6);
    expect(again.notices).toEqual([
      `${scarce.name} was already in your bag, and no more are in stock to add.`,
    ]);
  });

  it('merges a guest bag once for its Idempotency-Key (tabs noticing one sign-in)', async () => {
    const { db } = accounts.t;
    const tyre = await makeProduct(db, { availableQuantity: 100 });
    await set(alice, tyre.id, 2);
    const mergeKeyed = (key: string) =>
      accounts.t.app.inject({
        method: 'POST',
        url: '/api/bag/merge',
        headers: { ...bearer(accounts.tokens[alice]!), 'idempotency-key': key },
        payload: { items: [{ productId: tyre.id, quantity: 4 }] },
      });
    const key = `bag-${crypto.randomUUID()}`;
    const [first, second] = await Promise.all([mergeKeyed(key), mergeKeyed(key)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json()).toEqual(second.json());
    expect(first.json().items[0].quantity).toBe(6);
    const later = await mergeKeyed(key);
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect((await bagOf(alice)).items[0].quantity).toBe(6);
    // Another bag (another key) is merged.
    expect((await mergeKeyed(`bag-${crypto.randomUUID()}`)).json().items[0].quantity).toBe(10);
  });

  it('refuses a merge too large to be a bag, in words', async () => {
    const product = await makeProduct(accounts.t.db);
    const items = Array.from({ length: BAG_LINES_MAX + 1 }, () => ({
      productId: product.id,
      quantity: 1,
    }));
    const res = await merge(alice, items);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `Your bag can hold at most ${BAG_LINES_MAX} different products.`,
    );
  });
});
