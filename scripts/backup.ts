/**
 * `npm run backup -- FILE [--force]`: the whole store, while it runs, into one file (see
 * backupArchive.ts for what the file holds). The store is found by the variables `npm start`
 * takes: DATA_DIR, PORT, AUTH_EMULATOR_PORT, DATABASE_URL, FIREBASE_API_KEY.
 *
 * - The database first, on one path for the embedded server and DATABASE_URL alike: the store's
 *   tables read with COPY in one consistent snapshot (server/src/backup/dumpStore.ts); no
 *   program of PostgreSQL's is needed.
 * - Then the accounts, exported fresh by the running Auth emulator (its hub's export): an
 *   account made between the two steps is then in the backup without its store user, which the
 *   store makes again at its first sign-in; the other order would lose it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { emulatorHubUrl, exportAccounts } from '../server/src/auth/emulatorExports';
import { dumpStore } from '../server/src/backup/dumpStore';
import { databasePassword, embeddedUrl } from '../server/src/embedded/databaseSecret';
import { embeddedPaths } from '../server/src/embedded/embeddedDatabase';
import { BACKUP_FORMAT_VERSION, writeArchive, type Manifest } from './backupArchive';
import { shown } from './postgresTools';
import {
  fileAndForce,
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

type Kind = 'embedded' | 'postgres';

/** The running store's API: its health says which database it runs on. */
async function runningDatabase(store: StoreSettings): Promise<Kind> {
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
  const expected: Kind = store.databaseUrl ? 'postgres' : 'embedded';
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

/** The running embedded server's URL: its port from its postmaster.pid, its password. */
function embeddedServerUrl(store: StoreSettings): string {
  const postgresDir = path.join(store.dataDir, 'postgres');
  const { cluster } = embeddedPaths(postgresDir);
  let port = NaN;
  try {
    port = Number(fs.readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n')[3]);
  } catch {
    port = NaN;
  }
  if (!Number.isInteger(port) || port <= 0) {
    throw new Refusal(
      `The embedded database of ${store.dataDir} is not running (no server in ${cluster}): is ` +
        `the store on port ${store.port} running on this DATA_DIR?`,
    );
  }
  return embeddedUrl(port, databasePassword(postgresDir));
}

async function copyDatabase(kind: Kind, url: string, stage: string): Promise<Manifest['database']> {
  try {
    return { kind, format: 'store-copy', ...(await dumpStore(url, stage)) };
  } catch (err) {
    throw new Refusal(
      `The database ${kind === 'embedded' ? 'of the store' : `at ${shown(url)}`} could not be ` +
        `read: ${(err as Error).message}.`,
    );
  }
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
  const args = fileAndForce(process.argv.slice(2), USAGE);
  if (!args) return;
  const { force } = args;
  // Everything written here is the owner's only: the file holds every account and order.
  process.umask(0o077);
  const target = fromUser(args.file);
  const store = storeSettings();
  const started = Date.now();

  const folder = path.dirname(target);
  if (!fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
    throw new Refusal(`The folder ${folder} does not exist: make it first.`);
  }
  // lstat: a link planted at the name is something there, never followed.
  const existing = fs.lstatSync(target, { throwIfNoEntry: false });
  if (existing?.isDirectory()) throw new Refusal(`${target} is a folder: name a file.`);
  if (existing && !force) {
    throw new Refusal(`${target} exists already: name another file, or add --force to replace it.`);
  }

  const kind = await runningDatabase(store);
  const stage = fs.mkdtempSync(path.join(folder, '.store-backup-stage-'));
  try {
    console.log(`Backing up the store on port ${store.port} (data folder ${store.dataDir})...`);
    const url = kind === 'embedded' ? embeddedServerUrl(store) : store.databaseUrl!;
    const database = await copyDatabase(kind, url, stage);
    const accounts = await exportEmulatorAccounts(store, stage);
    const bytes = await writeArchive(target, stage, {
      format: 'tyre-store-backup',
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      store: { ...storeVersion(), migrationsKnown: migrationsKnown() },
      database,
      accounts,
    });
    const copied = database as Extract<Manifest['database'], { format: 'store-copy' }>;
    const rows = copied.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      [
        `Backed up to ${target} (${size(bytes)}) in ${((Date.now() - started) / 1000).toFixed(1)} s:`,
        `  database  ${kind === 'embedded' ? 'embedded' : `at ${shown(store.databaseUrl!)}`}, ` +
          `PostgreSQL ${copied.serverVersion}, ${copied.migrations} migrations, ` +
          `${copied.tables.length} tables, ${rows} rows (one snapshot; the store kept running)`,
        accounts.kind === 'none'
          ? `  accounts  none (${accounts.reason})`
          : `  accounts  ${accounts.count}, from the Auth emulator`,
        `Restore it into a stopped store with: npm run restore -- ${args.file}`,
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
