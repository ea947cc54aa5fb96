import fs from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { openStoreDatabase } from '../src/storeDatabase';
import { seedIfEmpty } from '../src/db/seed';
import { seedProducts, seedReviews } from '../src/db/seed-data';
import { products, reviews } from '../src/db/schema';
import { createTestDatabase } from './testApp';

async function emptyDatabase() {
  const server = await createTestDatabase({ seed: false });
  const database = await openStoreDatabase(server.url);
  return {
    ...database,
    close: async () => {
      await database.close();
      await server.drop();
    },
  };
}

describe('seed', () => {
  it('fills an empty database once and never again', async () => {
    const database = await emptyDatabase();
    try {
      expect(await seedIfEmpty(database.db)).toBe(true);
      expect(await seedIfEmpty(database.db)).toBe(false);
      const [p] = await database.db.select({ n: count() }).from(products);
      const [r] = await database.db.select({ n: count() }).from(reviews);
      expect(p?.n).toBe(seedProducts.length);
      expect(r?.n).toBe(seedReviews.length);
    } finally {
      await database.close();
    }
  });

  it('leaves a database that already has products alone', async () => {
    const database = await emptyDatabase();
    try {
      await database.db.insert(products).values({
        name: 'Own product',
        description: 'Added by the shop',
        priceCents: 1000,
        orderQuantity: 1,
        availableQuantity: 5,
        img: '/images/products/summer-tyre.svg',
      });
      expect(await seedIfEmpty(database.db)).toBe(false);
      const [p] = await database.db.select({ n: count() }).from(products);
      expect(p?.n).toBe(1);
    } finally {
      await database.close();
    }
  });

  it('has at least 12 products and 6 reviews whose images exist', () => {
    expect(seedProducts.length).toBeGreaterThanOrEqual(12);
    expect(seedReviews.length).toBeGreaterThanOrEqual(6);
    for (const item of [...seedProducts, ...seedReviews]) {
      expect(fs.existsSync(path.join(__dirname, '../../public', item.img))).toBe(true);
    }
  });
});
