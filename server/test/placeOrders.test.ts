import { sql } from 'drizzle-orm';
import { insertProducts } from '../src/catalog/productTable';
import { signInAccount } from '../src/users/userTable';
import { startTestApp, type TestApp } from './testApp';

/**
 * `place_orders` (db/functions/place_orders.sql) places orders of one product that queued together: each by
 * `place_order`'s rules, in the order given, each seeing the ones placed before it.
 */
describe('orders of one product placed in one call', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { seed: false });
  });
  afterAll(() => t.close());

  const account = (uid: string, emailVerified: boolean) =>
    signInAccount(
      t.db,
      { uid, email: `${uid}@example.com`, emailVerified, issuedAt: Date.now() },
      new Set(),
    );

  it('places each in turn against the stock the ones before it left, and refuses the rest', async () => {
    const [product] = await insertProducts(t.db, [
      {
        name: 'Batch tyre',
        description: 'Three in stock',
        priceCents: 100,
        orderQuantity: 0,
        availableQuantity: 3,
        img: '/images/products/summer-tyre.svg',
      },
    ]);
    const ann = await account('batch-ann', true);
    const bob = await account('batch-bob', false);
    const cat = await account('batch-cat', true);
    const order = (who: { id: string; email: string }, quantity: number) => ({
      userId: who.id,
      email: who.email,
      name: 'Maria K.',
      address: '12 Foundry Lane',
      number: '+1 555 010 2030',
      quantity,
    });
    const batch = [order(ann, 1), order(bob, 1), order(ann, 1), order(cat, 2), order(cat, 1)];
    const result = await t.db.execute(sql`
      select n, placed->>'user_id' as user_id, (placed->>'quantity')::int as quantity
      from place_orders(${product!.id}, ${JSON.stringify(batch)}::jsonb, 1800, 1000000,
        100000000, 100, 4) order by n`);
    // Bob's email is unverified; Cat's 2 come after Ann's 2 took two of the three.
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([
      { n: 1, user_id: ann.id, quantity: 1 },
      { n: 3, user_id: ann.id, quantity: 1 },
      { n: 5, user_id: cat.id, quantity: 1 },
    ]);
    const stock = await t.db.execute(sql`
      select available_quantity, held_quantity from products where id = ${product!.id}`);
    expect((stock as unknown as { rows: unknown[] }).rows).toEqual([
      { available_quantity: 0, held_quantity: 3 },
    ]);
  });
});
