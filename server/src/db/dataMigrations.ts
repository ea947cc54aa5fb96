import { fillAttributesFromNames } from '../catalog/productStore';
import type { Db } from './client';
import { dataMigrations } from './schema';

/**
 * Changes of stored data that need the store's own TypeScript (a parser, a hash), so SQL
 * migrations cannot make them. Each runs once per database, after the SQL migrations, in its
 * own transaction with the record that it ran. Append only; never rename one.
 */
const DATA_MIGRATIONS: ReadonlyArray<{ name: string; run: (db: Db) => Promise<void> }> = [
  { name: 'product-attributes-from-names', run: fillAttributesFromNames },
];

/** Runs the data migrations this database has not had; the caller holds the migration lock. */
export async function runDataMigrations(db: Db): Promise<void> {
  for (const migration of DATA_MIGRATIONS) {
    await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(dataMigrations)
        .values({ name: migration.name })
        .onConflictDoNothing()
        .returning();
      if (claimed.length > 0) await migration.run(tx);
    });
  }
}
