/**
 * `npm run restore -- FILE [--force]`: a backup of `npm run backup` into a stopped store.
 *
 * - The file is unpacked and checked first (backupArchive.ts): nothing of the store is touched
 *   before it is known to be whole.
 * - A running store is refused: its lock files are held by live processes, or its Auth emulator
 *   answers. While restoring, this process holds the store's locks, so `npm start` waits.
 * - Embedded database: a new PGlite database is made in a folder of its own inside DATA_DIR and
 *   the dump run in it. Then what the data folder held (`pglite/`, the accounts in `auth/`,
 *   `auth-exports/`) is moved aside into `DATA_DIR/before-restore-<time>/`, never deleted, and
 *   the new folders renamed into place.
 * - PostgreSQL (DATABASE_URL): restored with pg_restore, through psql in one transaction, into
 *   an empty database. A database with tables is refused, unless --force: then the schemas
 *   public, drizzle and graphile_worker are dropped and restored in that same transaction (a failed restore
 *   leaves the database as it was). The accounts go to DATA_DIR/auth as above.
 * - The next `npm start` applies the migrations newer than the backup.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { emulatorHubUrl } from '../server/src/auth/emulatorExports';
import { BackupInvalid, openArchive, type Manifest } from './backupArchive';
import { connection, pgTool, run, shown } from './postgresTools';
import {
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

/** What the data folder holds that a restore replaces: the database, the accounts. */
const ACCOUNT_FOLDERS = ['auth', 'auth-exports', 'auth.previous'];

interface Counts {
  products: number;
  orders: number;
  reviews: number;
  profiles: number;
  users: number;
}

const COUNT_SQL = `select
  (select count(*) from public.products)::int as products,
  (select count(*) from public.orders)::int as orders,
  (select count(*) from public.reviews)::int as reviews,
  (select count(*) from public.profiles)::int as profiles,
  (select count(*) from public.users)::int as users`;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const describeCounts = (c: Counts) =>
  [
    plural(c.products, 'product'),
    plural(c.orders, 'order'),
    plural(c.reviews, 'review'),
    plural(c.profiles, 'profile'),
    plural(c.users, 'store user'),
  ].join(', ');

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

function checkFits(manifest: Manifest, store: StoreSettings, file: string) {
  if (manifest.database.kind === 'pglite' && store.databaseUrl) {
    throw new Refusal(
      `${file} holds an embedded (PGlite) database, and DATABASE_URL is set. Restore it without ` +
        'DATABASE_URL, into a data folder (DATA_DIR); restore does not move a store to PostgreSQL.',
    );
  }
  if (manifest.database.kind === 'postgres' && !store.databaseUrl) {
    throw new Refusal(
      `${file} holds a PostgreSQL database (pg_dump's custom format): set DATABASE_URL to the ` +
        'PostgreSQL database to restore it into (an empty one, e.g. made by createdb).',
    );
  }
  const known = migrationsKnown();
  if (manifest.database.migrations > known) {
    throw new Refusal(
      `${file} was made by a newer store: its database has ${manifest.database.migrations} ` +
        `migrations, this store's code knows ${known}. Update the store's code first.`,
    );
  }
}

/** A new embedded database in `dir` (absent) from the backup's SQL; what it holds. */
async function buildEmbedded(sqlFile: string, dir: string): Promise<Counts> {
  const { PGlite } = await import('@electric-sql/pglite');
  fs.mkdirSync(dir, { mode: 0o700 });
  const db = new PGlite(dir);
  try {
    await db.waitReady;
    try {
      await db.exec(fs.readFileSync(sqlFile, 'utf8'));
    } catch (err) {
      throw new Refusal(`The backup's database could not be restored: ${(err as Error).message}.`);
    }
    return (await db.query<Counts>(COUNT_SQL)).rows[0]!;
  } finally {
    await db.close();
  }
}

/** The backup's PostgreSQL dump into the DATABASE_URL database; what it holds then. */
async function restorePostgres(
  url: string,
  dumpFile: string,
  stage: string,
  force: boolean,
): Promise<Counts> {
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
          'or add --force to replace the schemas public, drizzle and graphile_worker in it: everything in them ' +
          'is dropped, in the same transaction as the restore (back it up first: npm run backup).',
      );
    }
  } finally {
    await client.end().catch(() => {});
  }

  const { dbname, env } = connection(url);
  // pg_restore writes the SQL first: psql runs it only if it is complete, in one transaction
  // with the clearing of --force, so a failure anywhere leaves the database as it was.
  const sql = path.join(stage, 'restore.sql');
  await run(pgTool('pg_restore'), ['--no-owner', '--no-privileges', `--file=${sql}`, dumpFile], {
    env,
  });
  const clear = path.join(stage, 'clear.sql');
  fs.writeFileSync(
    clear,
    force
      ? // graphile_worker: the email queue's schema (issue 31), dumped and restored with the rest.
        'drop schema if exists graphile_worker cascade;\ndrop schema if exists drizzle cascade;\n' +
          'drop schema if exists public cascade;\ncreate schema public;\n'
      : '',
  );
  await run(
    pgTool('psql'),
    [
      '--no-psqlrc',
      '--quiet',
      '--single-transaction',
      '--set=ON_ERROR_STOP=1',
      `--dbname=${dbname}`,
      `--file=${clear}`,
      `--file=${sql}`,
    ],
    { env },
  );
  const after = new pg.Client({ connectionString: url });
  await after.connect();
  try {
    return (await after.query<Counts>(COUNT_SQL)).rows[0]!;
  } finally {
    await after.end().catch(() => {});
  }
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
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const force = args.includes('--force');
  const files = args.filter((arg) => !arg.startsWith('--'));
  const unknown = args.filter((arg) => arg.startsWith('--') && arg !== '--force');
  if (files.length !== 1 || unknown.length > 0) {
    console.error(USAGE);
    process.exit(64);
  }
  process.umask(0o077);
  const file = fromUser(files[0]!);
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
    const manifest = await openArchive(file, stage);
    checkFits(manifest, store, file);

    // npm start, and the embedded database, wait while these are held. Released only while
    // they are still this process's (the database's lock moves aside with its folder).
    const embedded = manifest.database.kind === 'pglite';
    const locks = [
      path.join(store.dataDir, 'store.lock'),
      ...(embedded && fs.existsSync(path.join(store.dataDir, 'pglite'))
        ? [path.join(store.dataDir, 'pglite', 'store-database.lock')]
        : []),
    ];
    for (const lock of locks) {
      await takeLock(lock);
      releases.push(() => {
        if (lockHolder(lock) === process.pid) fs.rmSync(lock, { force: true });
      });
    }

    const dump = path.join(stage, manifest.database.file);
    let counts: Counts;
    let newDatabase: string | null = null;
    if (embedded) {
      console.log('Restoring the embedded database (a new PGlite database, then the dump)...');
      newDatabase = path.join(stage, 'pglite');
      counts = await buildEmbedded(dump, newDatabase);
      fs.writeFileSync(path.join(newDatabase, 'store-database.lock'), String(process.pid));
    } else {
      console.log(`Restoring into the PostgreSQL database at ${shown(store.databaseUrl!)}...`);
      counts = await restorePostgres(store.databaseUrl!, dump, stage, force);
    }

    const withAccounts = manifest.accounts.kind === 'firebase-auth-emulator';
    const aside = path.join(store.dataDir, `before-restore-${stamp()}`);
    const moved = moveAside(
      store.dataDir,
      [...(embedded ? ['pglite'] : []), ...(withAccounts ? ACCOUNT_FOLDERS : [])],
      aside,
    );
    const heldLock = path.join(aside, 'pglite', 'store-database.lock');
    if (lockHolder(heldLock) === process.pid) fs.rmSync(heldLock);
    if (newDatabase) {
      fs.renameSync(newDatabase, path.join(store.dataDir, 'pglite'));
      fs.rmSync(path.join(store.dataDir, 'pglite', 'store-database.lock'), { force: true });
    }
    if (withAccounts) fs.renameSync(path.join(stage, 'auth'), path.join(store.dataDir, 'auth'));

    const made = new Date(manifest.createdAt);
    console.log(
      [
        `Restored ${file} (made ${made.toISOString().slice(0, 16).replace('T', ' ')} UTC by ` +
          `${manifest.store.name} ${manifest.store.version}) in ${((Date.now() - started) / 1000).toFixed(1)} s:`,
        `  database  ${embedded ? `${path.join(store.dataDir, 'pglite')}` : shown(store.databaseUrl!)}: ` +
          `${describeCounts(counts)}; ${manifest.database.migrations} migrations (newer ones are ` +
          'applied at the next npm start)',
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
  } else {
    console.error(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  console.error('The data folder and the database were left as they were.');
  process.exit(1);
});
