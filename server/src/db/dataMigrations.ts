import type { Db } from './client';
import { dataMigrations } from './schema';

/**
 * A change of stored data that needs the store's own TypeScript (a parser, a hash), so an SQL
 * migration cannot make it. Each runs once per database, after the SQL migrations, in its own
 * transaction with the record that it ran. The domain modules own theirs; the list of all is
 * `storeDatabase.ts`'s (the database layer calls no domain module).
 */
export interface DataMigration {
  name: string;
  run: (db: Db) => Promise<void>;
}

/** Runs the data migrations this database has not had; the caller holds the migration lock. */
export async function runDataMigrations(
  db: Db,
  migrations: readonly DataMigration[],
): Promise<void> {
  for (const migration of migrations) {
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
