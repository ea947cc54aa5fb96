/**
 * `npm run backup -- FILE [--force]`: the whole store, while it runs, into one file (see
 * backupArchive.ts for what the file holds). The store is found by the variables `npm start`
 * takes: DATA_DIR, PORT, AUTH_EMULATOR_PORT, DATABASE_URL, FIREBASE_API_KEY.
 *
 * - The database first: the embedded one is dumped by its own process on request (through an
 *   owner-only socket in its folder, server/src/embedded/backupChannel.ts); a PostgreSQL one by
 *   `pg_dump -Fc`.
 * - Then the accounts, exported fresh by the running Auth emulator (its hub's export): an
 *   account made between the two steps is then in the backup without its store user, which the
 *   store makes again at its first sign-in; the other order would lose it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { emulatorHubUrl, exportAccounts } from '../server/src/auth/emulatorExports';
import { DumpUnavailable, requestDump } from '../server/src/embedded/backupChannel';
import { writeArchive, type Manifest } from './backupArchive';
import { connection, pgTool, run, shown } from './postgresTools';
import {
  fromUser,
  migrationsKnown,
  Refusal,
  size,
  storeSettings,
  storeVersion,
  type StoreSettings,
} from './storeData';

const USAGE = `Usage: npm run backup -- FILE [--force]

Writes the running store (its database and its accounts) to FILE, a .tar.gz archive.
The store is the one npm start runs with the same DATA_DIR, PORT, AUTH_EMULATOR_PORT and
DATABASE_URL. --force replaces FILE if it exists.`;

/** The running store's API: its health says which database it runs on. */
async function runningDatabase(store: StoreSettings): Promise<'pglite' | 'postgres'> {
  const url = `http://127.0.0.1:${store.port}/api/health`;
  let health: { database?: string } | null = null;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    health = response.ok ? ((await response.json()) as { database?: string }) : null;
  } catch {
    health = null;
  }
  if (!health) {
    throw new Refusal(
      `No store answers on port ${store.port} (${url}). A backup is taken from the running ` +
        'store: start it with npm start, or set PORT, DATA_DIR and AUTH_EMULATOR_PORT to those ' +
        'of the running one.',
    );
  }
  const expected = store.databaseUrl ? 'postgres' : 'pglite';
  if (health.database !== expected) {
    throw new Refusal(
      store.databaseUrl
        ? `DATABASE_URL is set, but the store on port ${store.port} runs on the embedded database: ` +
            'unset DATABASE_URL to back it up.'
        : `The store on port ${store.port} runs on PostgreSQL: set DATABASE_URL as it has it.`,
    );
  }
  return expected;
}

async function dumpEmbeddedDatabase(store: StoreSettings, stage: string) {
  const pgliteDir = path.join(store.dataDir, 'pglite');
  try {
    const header = await requestDump(pgliteDir, path.join(stage, 'database.sql'));
    const database: Manifest['database'] = {
      kind: 'pglite',
      file: 'database.sql',
      format: 'pglite-sql',
      serverVersion: header.serverVersion,
      migrations: header.migrations,
      dumpedBy: 'pg_dump (WebAssembly, @electric-sql/pglite-tools) in the embedded database',
    };
    return { database, pauseMs: header.pauseMs };
  } catch (err) {
    if (err instanceof DumpUnavailable) {
      throw new Refusal(
        `The embedded database of ${store.dataDir} gave no dump: ${err.message}. Is the store on ` +
          'port ' +
          `${store.port} running on this DATA_DIR, and was it started by this version (npm start)?`,
      );
    }
    throw err;
  }
}

async function dumpPostgres(url: string, stage: string) {
  const { dbname, env } = connection(url);
  const client = new pg.Client({ connectionString: url });
  let info: { server_version: string; migrations: number };
  try {
    await client.connect();
    info = (
      await client.query<{ server_version: string; migrations: number }>(
        `select current_setting('server_version') as server_version,
                (select count(*) from drizzle.__drizzle_migrations)::int as migrations`,
      )
    ).rows[0]!;
  } catch (err) {
    throw new Refusal(
      `The database at ${shown(url)} could not be read: ${(err as Error).message}.`,
    );
  } finally {
    await client.end().catch(() => {});
  }
  const pgDump = pgTool('pg_dump');
  const target = path.join(stage, 'database.pgdump');
  await run(pgDump, ['--format=custom', `--file=${target}`, `--dbname=${dbname}`], { env });
  const version = execFileSync(pgDump, ['--version'], { encoding: 'utf8' }).trim();
  const database: Manifest['database'] = {
    kind: 'postgres',
    file: 'database.pgdump',
    format: 'pg_dump-custom',
    serverVersion: info.server_version,
    migrations: info.migrations,
    dumpedBy: version,
  };
  return { database, pauseMs: 0 };
}

/** The accounts of the store's Auth emulator, exported now into `stage/auth`. */
async function exportEmulatorAccounts(
  store: StoreSettings,
  stage: string,
): Promise<Manifest['accounts']> {
  if (!store.usesEmulator) {
    return {
      kind: 'none',
      reason: 'FIREBASE_API_KEY is set: the accounts live in that Firebase project, not here',
    };
  }
  const hub = emulatorHubUrl(store.dataDir);
  if (!hub) {
    throw new Refusal(
      `${path.join(store.dataDir, 'firebase.json')} is missing: the Auth emulator of this ` +
        'store was not started by npm start on this DATA_DIR, so its accounts cannot be exported.',
    );
  }
  // The hub must be that of the emulator on AUTH_EMULATOR_PORT: the one the store signs in with.
  let running: { auth?: { port?: number } } | null = null;
  try {
    const answer = await fetch(`${hub}/emulators`, { signal: AbortSignal.timeout(5000) });
    running = answer.ok ? ((await answer.json()) as { auth?: { port?: number } }) : null;
  } catch {
    running = null;
  }
  if (!running?.auth) {
    throw new Refusal(
      `The Auth emulator of ${store.dataDir} does not answer (its hub, ${hub}): is the store running?`,
    );
  }
  if (running.auth.port !== store.authPort) {
    throw new Refusal(
      `The Auth emulator of ${store.dataDir} listens on port ${running.auth.port}, not on ` +
        `AUTH_EMULATOR_PORT=${store.authPort}: set the variables of the running store.`,
    );
  }
  const target = path.join(stage, 'auth');
  await exportAccounts(hub, target);
  const accounts = JSON.parse(
    fs.readFileSync(path.join(target, 'auth_export', 'accounts.json'), 'utf8'),
  ) as { users?: unknown[] };
  return { kind: 'firebase-auth-emulator', folder: 'auth', count: accounts.users?.length ?? 0 };
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
  // Everything written here is the owner's only: the file holds every account and order.
  process.umask(0o077);
  const target = fromUser(files[0]!);
  const store = storeSettings();
  const started = Date.now();

  const folder = path.dirname(target);
  if (!fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
    throw new Refusal(`The folder ${folder} does not exist: make it first.`);
  }
  const existing = fs.statSync(target, { throwIfNoEntry: false });
  if (existing?.isDirectory()) throw new Refusal(`${target} is a folder: name a file.`);
  if (existing && !force) {
    throw new Refusal(`${target} exists already: name another file, or add --force to replace it.`);
  }

  const kind = await runningDatabase(store);
  const stage = fs.mkdtempSync(path.join(folder, '.store-backup-'));
  try {
    console.log(`Backing up the store on port ${store.port} (data folder ${store.dataDir})...`);
    const { database, pauseMs } =
      kind === 'pglite'
        ? await dumpEmbeddedDatabase(store, stage)
        : await dumpPostgres(store.databaseUrl!, stage);
    const accounts = await exportEmulatorAccounts(store, stage);
    const bytes = await writeArchive(target, stage, {
      format: 'tyre-store-backup',
      formatVersion: 1,
      createdAt: new Date().toISOString(),
      store: { ...storeVersion(), migrationsKnown: migrationsKnown() },
      database,
      accounts,
    });
    const dumpBytes = fs.statSync(path.join(stage, database.file)).size;
    console.log(
      [
        `Backed up to ${target} (${size(bytes)}) in ${((Date.now() - started) / 1000).toFixed(1)} s:`,
        `  database  ${kind === 'pglite' ? 'embedded (PGlite)' : `PostgreSQL at ${shown(store.databaseUrl!)}`}, ` +
          `PostgreSQL ${database.serverVersion}, ${database.migrations} migrations, ` +
          `${size(dumpBytes)} dump` +
          (kind === 'pglite' ? `; the store waited ${(pauseMs / 1000).toFixed(1)} s for it` : ''),
        accounts.kind === 'none'
          ? `  accounts  none (${accounts.reason})`
          : `  accounts  ${accounts.count}, from the Auth emulator`,
        `Restore it into a stopped store with: npm run restore -- ${files[0]}`,
      ].join('\n'),
    );
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

main().catch((err) => {
  if (err instanceof Refusal) {
    console.error(`Backup failed: ${err.message}`);
  } else {
    console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  console.error('Nothing was written to the backup file.');
  process.exit(1);
});
