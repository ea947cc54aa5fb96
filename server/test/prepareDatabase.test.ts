import { count } from 'drizzle-orm';
import { TEST_ENV } from './testDatabase';
import { throwawayDatabase } from '../../scripts/throwawayDatabase';
import { prepareDatabaseApart } from '../src/prepareDatabase';
import { openDatabase } from '../src/db/client';
import { products } from '../src/db/schema';
import { seedProducts } from '../src/db/seed-data';

const fromSource = ['--import', 'tsx'];

describe('the database is migrated and seeded in a process of its own', () => {
  it('makes an empty database a seeded store, and the API then finds nothing left to do', async () => {
    const empty = await throwawayDatabase(process.env[TEST_ENV.adminUrl]!, 'store_test_prepare');
    try {
      await prepareDatabaseApart(empty.url, fromSource);
      const database = await openDatabase(empty.url);
      try {
        const [row] = await database.db.select({ n: count() }).from(products);
        expect(row?.n).toBe(seedProducts.length);
      } finally {
        await database.close();
      }
    } finally {
      await empty.drop();
    }
  });

  it('fails in words when the database cannot be reached', async () => {
    await expect(
      prepareDatabaseApart('postgres://nobody:wrong@127.0.0.1:1/none', fromSource),
    ).rejects.toThrow('the database could not be migrated and seeded (1)');
  });
});
