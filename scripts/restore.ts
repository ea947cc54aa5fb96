/**
 * `npm run restore -- FILE [--force]`: a backup of `npm run backup` into a stopped store.
 *
 * - The file is unpacked and checked first (backupArchive.ts): only the files its manifest
 *   names, into a private folder; nothing of the store is touched before it is known whole.
 * - A running store is refused: its lock files are held by live processes, or its Auth emulator
 *   answers. While restoring, this process holds the store's locks, so `npm start` waits.
 * - One loader for every kind of backup (server/src/backup/loadStore.ts): the schema is made by
 *   the store's own migrations, the rows go in with COPY, every count is checked, in one
 *   transaction; no SQL of the file is ever run. Older files are read aside first: the old
 *   embedded database's SQL in a PGlite in memory, a pg_dump file by pg_restore as a role that
 *   can neither run programs nor write files (legacyPgDump.ts).
 * - Embedded database: a new PostgreSQL cluster is made in a folder of its own inside DATA_DIR,
 *   with a new password, loaded and stopped. Then what the data folder held (`postgres/`, an old
 *   `pglite/`, the accounts in `auth/`, `auth-exports/`) is moved aside into
 *   `DATA_DIR/before-restore-<time>/`, never deleted, and the new folders renamed into place.
 * - PostgreSQL (DATABASE_URL): into an empty database; one with tables is refused unless
 *   --force: then the schemas public, drizzle and graphile_worker are dropped in the same
 *   transaction as the load (a failed restore leaves the database as it was). The accounts go
 *   to DATA_DIR/auth as above.
 * - The next `npm start` applies the migrations newer than the backup.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { emulatorHubUrl } from '../server/src/auth/emulatorExports';
import {
  LoadRefused,
  loadStore,
  type LoadedCounts,
  type StoreCopy,
} from '../server/src/backup/loadStore';
import { openPgliteSql } from '../server/src/backup/legacyPglite';
import { describeCounts } from '../server/src/backup/moveOldDatabase';
import { startEmbeddedDatabase } from '../server/src/embedded/embeddedDatabase';
import { letServerPass, serverAccount } from '../server/src/embedded/serverAccount';
import { BackupInvalid, isCopy, openArchive, type Manifest } from './backupArchive';
import { withLegacyPgDump } from './legacyPgDump';
import { shown } from './postgresTools';
import {
  fileAndForce,
  fromUser,
  lockHolder,
  migrationsKnown,
  Refusal,
  stamp,
  storeLocks,
  storeSettings,
  takeLock,
  type StoreSettings,
} from './storeData';

const USAGE = `Usage: npm run restore -- FILE [--force]

Restores a backup made by npm run backup into a stopped store: its data folder DATA_DIR
(default ./data, created if missing) and, with DATABASE_URL, that PostgreSQL database.
What the data folder held (database, accounts) is moved into DATA_DIR/before-restore-<time>.
A PostgreSQL database that already has tables is refused; --force replaces the store's
schemas in it (public, drizzle and graphile_worker), in the same transaction as the restore.`;

/** What the data folder holds that a restore replaces: the accounts. */
const ACCOUNT_FOLDERS = ['auth', 'auth-exports', 'auth.previous'];
/** The embedded database's folders: today's server, and the old PGlite one. */
const DATABASE_FOLDERS = ['postgres', 'pglite'];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

async function refuseIfRunning(store: StoreSettings) {
  for (const lock of storeLocks(store.dataDir)) {
    const pid = lockHolder(lock);
    if (pid !== null) {
      throw new Refusal(
        `The store on ${store.dataDir} is running (process ${pid} holds ${path.relative(store.dataDir, lock)}). ` +
          'Stop it first (Ctrl-C where npm start runs), then restore.',
      );
    }
  }
  const hub = emulatorHubUrl(store.dataDir);
  if (!hub) return;
  const answer = await fetch(`${hub}/emulators`, { signal: AbortSignal.timeout(2000) })
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null);
  if (answer && typeof answer === 'object' && 'auth' in answer) {
    throw new Refusal(
      `The Auth emulator of ${store.dataDir} is still running (its hub answers at ${hub}); it ` +
        'would write its accounts over the restored ones when it stops. Stop the store first.',
    );
  }
}

function checkFits(manifest: Manifest, file: string) {
  const known = migrationsKnown();
  if (manifest.database.migrations > known) {
    throw new Refusal(
      `${file} was made by a newer store: its database has ${manifest.database.migrations} ` +
        `migrations, this store's code knows ${known}. Update the store's code first.`,
    );
  }
}

/** Runs `use` with the backup's tables, however the file holds them. */
async function withCopy<T>(
  manifest: Manifest,
  unpacked: string,
  serverUrl: string,
  use: (copy: StoreCopy) => Promise<T>,
): Promise<T> {
  const db = manifest.database;
  if (isCopy(db)) {
    return use({
      migrations: db.migrations,
      sequences: db.sequences,
      tables: db.tables.map((table) => ({
        ...table,
        open: () => fs.createReadStream(path.join(unpacked, ...table.file.split('/'))),
      })),
    });
  }
  if (db.format === 'pglite-sql') {
    const legacy = await openPgliteSql(path.join(unpacked, db.file)).catch((err: Error) => {
      throw new Refusal(err.message);
    });
    try {
      return await use(legacy.copy);
    } finally {
      await legacy.close();
    }
  }
  return withLegacyPgDump(serverUrl, path.join(unpacked, db.file), use);
}

/** A new embedded database in `postgresDir` (absent) with the backup's tables. */
async function buildEmbedded(
  manifest: Manifest,
  unpacked: string,
  postgresDir: string,
): Promise<LoadedCounts> {
  const server = await startEmbeddedDatabase(postgresDir, {
    log: (line) => console.log(`  [new database] ${line}`),
  });
  try {
    return await withCopy(manifest, unpacked, server.url, (copy) => loadStore(server.url, copy));
  } finally {
    await server.stop();
  }
}

/** The backup's tables into the DATABASE_URL database. */
async function restorePostgres(
  url: string,
  manifest: Manifest,
  unpacked: string,
  force: boolean,
): Promise<LoadedCounts> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (err) {
    throw new Refusal(
      `The database at ${shown(url)} cannot be reached: ${(err as Error).message}.`,
    );
  }
  try {
    // A store stopped a moment ago may still be closing its connections: a few seconds.
    let others = 0;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      others = (
        await client.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()`,
        )
      ).rows[0]!.n;
      if (others === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (others > 0) {
      throw new Refusal(
        `${plural(others, 'other connection')} use the database at ${shown(url)}: is the store ` +
          'running on it? Stop it (and anything else using that database) first.',
      );
    }
    const tables = (
      await client.query<{ name: string }>(
        `select n.nspname || '.' || c.relname as name
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
            and n.nspname not in ('pg_catalog', 'information_schema')
            and n.nspname not like 'pg\\_%'
          order by 1`,
      )
    ).rows.map((row) => row.name);
    if (tables.length > 0 && !force) {
      throw new Refusal(
        `The database at ${shown(url)} is not empty (${tables.length} tables and sequences, ` +
          `e.g. ${tables.slice(0, 3).join(', ')}). Restore into an empty database (createdb), ` +
          'or add --force to replace the schemas public, drizzle and graphile_worker in it: ' +
          'everything in them is dropped, in the same transaction as the restore (back it up ' +
          'first: npm run backup).',
      );
    }
  } finally {
    await client.end().catch(() => {});
  }
  return withCopy(manifest, unpacked, url, (copy) => loadStore(url, copy, { replace: force }));
}

/** Moves `names` of the data folder that exist into `aside` (made when needed); the moved. */
function moveAside(dataDir: string, names: string[], aside: string): string[] {
  const moved: string[] = [];
  for (const name of names) {
    const from = path.join(dataDir, name);
    if (!fs.existsSync(from)) continue;
    fs.mkdirSync(aside, { recursive: true, mode: 0o700 });
    fs.renameSync(from, path.join(aside, name));
    moved.push(name);
  }
  return moved;
}

async function main() {
  const args = fileAndForce(process.argv.slice(2), USAGE);
  if (!args) return;
  const { force } = args;
  process.umask(0o077);
  const file = fromUser(args.file);
  const store = storeSettings();
  const started = Date.now();
  await refuseIfRunning(store);

  const folderExisted = fs.existsSync(store.dataDir);
  fs.mkdirSync(store.dataDir, { recursive: true, mode: 0o700 });
  let restored = false;
  const stage = fs.mkdtempSync(path.join(store.dataDir, '.restore-'));
  const releases: Array<() => void> = [];
  try {
    console.log(`Checking ${file}...`);
    // The backup's files stay private; only the new cluster beside them is the server's.
    const unpacked = path.join(stage, 'backup');
    fs.mkdirSync(unpacked, { mode: 0o700 });
    const manifest = await openArchive(file, unpacked);
    checkFits(manifest, file);

    // npm start, and the embedded database, wait while these are held. Released only while
    // they are still this process's (the database's lock moves aside with its folder).
    const embedded = !store.databaseUrl;
    const currentDatabase = path.join(store.dataDir, 'postgres');
    const locks = [
      path.join(store.dataDir, 'store.lock'),
      ...(embedded && fs.existsSync(currentDatabase)
        ? [path.join(currentDatabase, 'store-database.lock')]
        : []),
    ];
    for (const lock of locks) {
      await takeLock(lock);
      releases.push(() => {
        if (lockHolder(lock) === process.pid) fs.rmSync(lock, { force: true });
      });
    }

    let counts: LoadedCounts;
    let newDatabase: string | null = null;
    if (embedded) {
      console.log('Restoring into a new embedded database (made aside, with a new password)...');
      // Run as root, the database's own system user must pass through the data folder.
      letServerPass(serverAccount(), [store.dataDir]);
      newDatabase = path.join(stage, 'postgres');
      counts = await buildEmbedded(manifest, unpacked, newDatabase);
    } else {
      console.log(`Restoring into the PostgreSQL database at ${shown(store.databaseUrl!)}...`);
      counts = await restorePostgres(store.databaseUrl!, manifest, unpacked, force);
    }

    const withAccounts = manifest.accounts.kind === 'firebase-auth-emulator';
    const aside = path.join(store.dataDir, `before-restore-${stamp()}`);
    const moved = moveAside(
      store.dataDir,
      [...(embedded ? DATABASE_FOLDERS : []), ...(withAccounts ? ACCOUNT_FOLDERS : [])],
      aside,
    );
    const heldLock = path.join(aside, 'postgres', 'store-database.lock');
    if (lockHolder(heldLock) === process.pid) fs.rmSync(heldLock);
    if (newDatabase) fs.renameSync(newDatabase, currentDatabase);
    if (withAccounts) fs.renameSync(path.join(unpacked, 'auth'), path.join(store.dataDir, 'auth'));

    const made = new Date(manifest.createdAt);
    console.log(
      [
        `Restored ${file} (made ${made.toISOString().slice(0, 16).replace('T', ' ')} UTC by ` +
          `${manifest.store.name} ${manifest.store.version}) in ${((Date.now() - started) / 1000).toFixed(1)} s:`,
        `  database  ${embedded ? currentDatabase : shown(store.databaseUrl!)}: ` +
          `${describeCounts(counts)}, every count checked; ${manifest.database.migrations} ` +
          'migrations (newer ones are applied at the next npm start)',
        withAccounts
          ? `  accounts  ${manifest.accounts.kind === 'firebase-auth-emulator' ? manifest.accounts.count : 0}, ` +
            `into ${path.join(store.dataDir, 'auth')} (the Auth emulator imports them at start)`
          : `  accounts  none in this backup (${manifest.accounts.kind === 'none' ? manifest.accounts.reason : ''}); ` +
            'the data folder’s accounts are left as they were',
        moved.length > 0
          ? `What the data folder held before (${moved.join(', ')}) is in ${aside}: delete it ` +
            'once the restored store is as it should be.'
          : 'The data folder held no store before.',
        'Start the store with npm start.',
      ].join('\n'),
    );
    restored = true;
  } finally {
    for (const release of releases.reverse()) release();
    fs.rmSync(stage, { recursive: true, force: true });
    // A data folder made for a restore that failed goes again: it held nothing before.
    if (!restored && !folderExisted) fs.rmSync(store.dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  if (err instanceof Refusal || err instanceof BackupInvalid) {
    console.error(`Restore refused: ${err.message}`);
  } else if (err instanceof LoadRefused) {
    console.error(`Restore refused: the backup does not fit this store: ${err.message}.`);
  } else {
    console.error(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  console.error('The data folder and the database were left as they were.');
  process.exit(1);
});
