import { eq } from 'drizzle-orm';
import { insertProducts } from '../src/catalog/productTable';
import type { Db } from '../src/db/client';
import { products } from '../src/db/schema';

/** A product of its own for a test, so tests never fight over the seeded stock. */
export async function makeProduct(
  db: Db,
  values: { priceCents?: number; orderQuantity?: number; availableQuantity?: number } = {},
) {
  const [row] = await insertProducts(db, [
    {
      name: `Test tyre ${Math.random().toString(36).slice(2, 8)}`,
      description: 'A tyre made for a test',
      priceCents: values.priceCents ?? 4999,
      orderQuantity: values.orderQuantity ?? 0,
      availableQuantity: values.availableQuantity ?? 100,
      img: '/images/products/summer-tyre.svg',
    },
  ]);
  if (!row) throw new Error('product insert failed');
  return row;
}

export async function stockOf(db: Db, productId: string): Promise<number> {
  const [row] = await db
    .select({ n: products.availableQuantity })
    .from(products)
    .where(eq(products.id, productId));
  return row?.n ?? Number.NaN;
}

export const orderBody = (productId: string, quantity = 1) => ({
  productId,
  name: 'Maria K.',
  address: '12 Foundry Lane, Springfield',
  number: '+1 555 010 2030',
  quantity,
});

/** A 225/45 R17 tyre at $89.50 and a $29.99 part, of this test alone. */
export async function tyreAndPart(db: Db) {
  const tag = Math.random().toString(36).slice(2, 8);
  const [tyre, part] = await insertProducts(db, [
    {
      name: `A tyre ${tag} 225/45 R17`,
      description: 'A tyre made for a test',
      priceCents: 8950,
      orderQuantity: 0,
      availableQuantity: 40,
      img: '/images/products/summer-tyre.svg',
      // category tyre, 225/45 R17, read from the name
    },
    {
      name: `B part ${tag}`,
      description: 'A part made for a test',
      priceCents: 2999,
      orderQuantity: 0,
      availableQuantity: 40,
      img: '/images/products/summer-tyre.svg',
    },
  ]);
  return { tyre: tyre!, part: part! };
}

/** A checkout's price lines as `[kind, amount, tax]` in minor units: what a test compares. */
export const linesOf = (pricing: {
  lines: Array<{ kind: string; amountMinor: number; taxMinor: number }>;
}) => pricing.lines.map((line) => [line.kind, line.amountMinor, line.taxMinor] as const);
