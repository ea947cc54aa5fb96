import { fillMarksFromNames } from './catalog/productMarks';
import { fillAttributesFromNames } from './catalog/productTable';
import { groupProductsIntoModels } from './models/modelGrouping';
import { openDatabase, type Database, type Db } from './db/client';
import { runDataMigrations, type DataMigration } from './db/dataMigrations';

/**
 * The store's database: its schema migrated, then the data migrations of the domain modules, all
 * under the one migration lock. Append to the list only; never rename one.
 */
const DATA_MIGRATIONS: readonly DataMigration[] = [
  { name: 'product-attributes-from-names', run: fillAttributesFromNames },
  { name: 'tyre-marks-from-names', run: fillMarksFromNames },
  {
    name: 'tyre-models-from-names',
    run: async (db) => {
      await groupProductsIntoModels(db);
    },
  },
];

/** Runs the store's data migrations this database has not had (the caller holds the lock). */
export const runStoreDataMigrations = (db: Db): Promise<void> =>
  runDataMigrations(db, DATA_MIGRATIONS);

/** Opens the store's database at `url`, up to date; `prepare` runs after, under the same lock. */
export function openStoreDatabase(
  url: string,
  prepare: (db: Db) => Promise<void> = async () => {},
): Promise<Database> {
  return openDatabase(url, async (db) => {
    await runStoreDataMigrations(db);
    await prepare(db);
  });
}
