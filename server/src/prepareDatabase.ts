import { fork } from 'node:child_process';
import path from 'node:path';
import { seedIfEmpty } from './db/seed';
import { openStoreDatabase } from './storeDatabase';

/**
 * Migrates the store's database and seeds a new one in a process of its own, which exits when
 * done: what migrating and seeding a new store allocates (about 80 MB) is then given back to the
 * machine instead of staying in the API process for as long as it runs. The API opens the
 * database afterwards and finds nothing left to do.
 */
export function prepareDatabaseApart(
  databaseUrl: string,
  // The API's own Node options (tsx's loader from source), without a watcher or an inspector
  // port, which would keep the child running or clash with the parent's.
  execArgv = process.execArgv.filter((arg) => !/^--(watch|inspect)/.test(arg)),
): Promise<void> {
  const entry = path.join(__dirname, `prepareDatabase${path.extname(__filename)}`);
  // The parent's stdin is not passed on: the child ends with its IPC channel instead.
  const child = fork(entry, [], {
    execArgv,
    env: { ...process.env, DATABASE_URL: databaseUrl, STORE_PREPARE_DATABASE: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`the database could not be migrated and seeded (${signal ?? code})`));
    });
  });
}

async function prepareAndExit(databaseUrl: string) {
  // A parent killed outright takes this process with it (its channel closes).
  process.on('disconnect', () => process.exit(1));
  const database = await openStoreDatabase(databaseUrl, async (db) => {
    await seedIfEmpty(db);
  });
  await database.close();
}

if (process.env.STORE_PREPARE_DATABASE === '1' && require.main === module) {
  prepareAndExit(process.env.DATABASE_URL!).then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(
        'The database could not be prepared:',
        err instanceof Error ? err.message : err,
      );
      process.exit(1);
    },
  );
}
