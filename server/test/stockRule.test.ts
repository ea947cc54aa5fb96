import { sql } from 'drizzle-orm';
import { filterOf } from '../src/catalog/productFilter';
import { searchProducts } from '../src/catalog/productSearchSql';
import { insertProducts, type NewProduct } from '../src/catalog/productTable';
import type { ProductStatus } from '../../contract/catalogTerms';
import { canBeOrdered, stockRefuses, type Stock } from '../../contract/stockRule';
import { signInAccount } from '../src/users/userTable';
import { startTestApp, type TestApp } from './testApp';

/**
 * The stock rule is written once in TypeScript (contract/stockRule.ts) and twice in SQL, which
 * cannot call it: the search's in-stock condition and the reserving UPDATE of `place_order`.
 * Over one table of cases, the three answer alike.
 */

interface Case {
  stock: Stock;
  status: ProductStatus;
  quantity: number;
}

const CASES: Case[] = [0, 1, 2, 3, 4, 7].flatMap((availablequantity) =>
  [0, 1, 2, 3, 5].flatMap((orderquantity) =>
    (['active', 'retired'] as const).flatMap((status) =>
      [1, 2, 3, 4, 6].map((quantity) => ({
        stock: { availablequantity, orderquantity },
        status,
        quantity,
      })),
    ),
  ),
);

/** One product per case: an order it takes changes no other case's stock. */
const productOf = (c: Case, at: number): NewProduct => ({
  name: `Stock rule case ${at}`,
  description: 'A product of the stock rule test',
  priceCents: 100,
  orderQuantity: c.stock.orderquantity,
  availableQuantity: c.stock.availablequantity,
  img: '/images/products/summer-tyre.svg',
  status: c.status,
});

describe('the stock rule and its SQL twins', () => {
  let t: TestApp;
  let ids: string[];
  beforeAll(async () => {
    t = await startTestApp({}, { seed: false });
    ids = (await insertProducts(t.db, CASES.map(productOf))).map((row) => row.id);
  });
  afterAll(() => t.close());

  it('keeps in stock in SQL what canBeOrdered keeps', async () => {
    const found = await searchProducts(t.db, filterOf({ inStock: true }), 'newest', {
      limit: CASES.length,
      offset: 0,
      status: 'all',
    });
    const inStock = new Set(found.products.map((product) => product._id));
    const answers = CASES.map((c, at) => ({ ...c.stock, inStock: inStock.has(ids[at]!) }));
    expect(answers).toEqual(CASES.map((c) => ({ ...c.stock, inStock: canBeOrdered(c.stock) })));
  });

  it('lets place_order take what the rule lets an active product take, and no more', async () => {
    const buyer = await signInAccount(
      t.db,
      {
        uid: 'stock-rule-buyer',
        email: 'stock-rule@example.com',
        emailVerified: true,
        issuedAt: Date.now(),
      },
      new Set(),
    );
    const placed: boolean[] = [];
    for (const [at, c] of CASES.entries()) {
      // Limits far above every case: only the stock and the status decide.
      const result = await t.db.execute(sql`
        select id from place_order(${ids[at]!}, ${buyer.id}, ${buyer.email}, 'Maria K.',
          '12 Foundry Lane', '+1 555 010 2030', ${c.quantity}, 1800, 1000000, 100000000, 100, 4)`);
      placed.push((result as unknown as { rows: unknown[] }).rows.length === 1);
    }
    const answers = CASES.map((c, at) => ({ ...c, placed: placed[at] }));
    expect(answers).toEqual(
      CASES.map((c) => ({
        ...c,
        placed: c.status === 'active' && !stockRefuses(c.stock, c.quantity),
      })),
    );
  });
});
