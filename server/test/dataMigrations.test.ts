import { eq, sql } from 'drizzle-orm';
import { runStoreDataMigrations } from '../src/storeDatabase';
import { dataMigrations, products } from '../src/db/schema';
import { startTestApp } from './testApp';

describe('data migrations', () => {
  it('gives the products stored before attributes existed those their names tell, once', async () => {
    const t = await startTestApp({}, { seed: false });
    try {
      // Rows as the columns' defaults left them when migration 0008 added the columns.
      await t.db.execute(sql`
        insert into products (name, description, price_cents, order_quantity, available_quantity, img)
        values ('Alpine Winter 195/65 R15 91T', 'Snow tyre, Été-proof', 7000, 1, 10, '/a.svg'),
               ('Forge5 Alloy Wheel 17x7.5', 'A wheel', 9000, 1, 10, '/b.svg'),
               ('Oil Filter', 'A filter', 900, 1, 10, '/c.svg')`);
      await t.db
        .delete(dataMigrations)
        .where(eq(dataMigrations.name, 'product-attributes-from-names'));
      await runStoreDataMigrations(t.db);
      const rows = await t.db
        .select({
          name: products.name,
          category: products.category,
          width: products.width,
          rim: products.rim,
          season: products.season,
          loadIndex: products.loadIndex,
          speedRating: products.speedRating,
          searchWords: products.searchWords,
        })
        .from(products)
        .orderBy(products.name);
      expect(rows).toEqual([
        expect.objectContaining({
          name: 'Alpine Winter 195/65 R15 91T',
          category: 'tyre',
          width: 195,
          rim: 15,
          season: 'winter',
          loadIndex: 91,
          speedRating: 'T',
          searchWords: ' alpine winter 195 65 r15 91t snow tyre ete proof ',
        }),
        expect.objectContaining({ category: 'wheel', width: null, season: null }),
        expect.objectContaining({ category: 'part', searchWords: ' oil filter a ' }),
      ]);

      // Recorded as run: a product changed since is left as it is.
      await t.db.update(products).set({ category: 'part' }).where(eq(products.name, 'Oil Filter'));
      await t.db.update(products).set({ season: 'summer' }).where(eq(products.width, 195));
      await runStoreDataMigrations(t.db);
      const [alpine] = await t.db.select().from(products).where(eq(products.width, 195));
      expect(alpine?.season).toBe('summer');
    } finally {
      await t.close();
    }
  });
});
