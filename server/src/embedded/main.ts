/**
 * The embedded database process: PGlite on the data folder, served over the PostgreSQL wire
 * protocol on loopback, so the API (one process or several) reaches it with `pg` as it would
 * reach PostgreSQL, with the password kept in the folder (`databaseSecret.ts`). Started and restarted by `npm start` (see `embeddedDatabase.ts`).
 *
 *   node server/src/embedded/main.js <pglite folder> <port>
 *
 * Prints one line `{"embeddedDatabase":{"port":N}}` once it accepts connections, and on SIGTERM
 * or SIGINT closes the server and PGlite cleanly (a SIGKILL is survived too: PostgreSQL recovers
 * from its write-ahead log at the next start). `npm run backup` asks it for a dump through the
 * owner-only socket `<pglite folder>/store-backup.sock` (`backupChannel.ts`).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { lockFile } from './folderLock';
import { onParentGone } from './parentGone';
import { serveBackups } from './backupChannel';
import { databasePassword, embeddedUrl } from './databaseSecret';
import { createWireServer } from './wireServer';

const migrationsFolder = path.join(__dirname, '..', 'db', 'migrations');

/**
 * PostgreSQL's default shared_buffers (128 MB) is a server's; in one process beside the store it
 * is most of the memory it holds (312 MB resident at rest, 161 MB at 16 MB). 32 MB keeps the
 * catalogue and the hot orders in memory.
 */
const SETTINGS = { postgresqlconf: ['shared_buffers = 32MB'] };

/** Creates the database and its schema, then exits: initdb leaves PGlite's memory inflated. */
async function create(dataDir: string) {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new PGlite(dataDir, SETTINGS);
  await db.waitReady;
  await migrate(drizzle({ client: db }), { migrationsFolder });
  await db.close();
}

/**
 * One process at a time on a data folder: PGlite itself would let a second one open it and both
 * would write. A live holder (one still shutting down after its API died) is waited for.
 */
function lockFolder(dataDir: string): Promise<() => void> {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return lockFile(path.join(dataDir, 'store-database.lock'), {
    waitMs: 30_000,
    describe: (holder) => `another process (pid ${holder}) uses the database in ${dataDir}`,
  });
}

async function serve(dataDir: string, port: number) {
  const unlock = await lockFolder(dataDir);
  // A folder without PG_VERSION has no database yet: made by a throw-away process first.
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    const made = spawnSync(
      process.execPath,
      [...process.execArgv, __filename, '--create', dataDir],
      {
        stdio: 'inherit',
      },
    );
    if (made.status !== 0) throw new Error(`creating the database in ${dataDir} failed`);
  }
  const db = new PGlite(dataDir, SETTINGS);
  await db.waitReady;
  // Migrations run here, before any API connects: one session cannot give them a lock of their
  // own against several API processes starting at once. (The API's migrator then finds none.)
  await migrate(drizzle({ client: db }), { migrationsFolder });

  // Clients prove they know the store's password, kept owner-only in the folder.
  const password = databasePassword(dataDir);
  const server = createWireServer({ db, password });
  const bound = await server.listen(port, '127.0.0.1');
  // `npm run backup`: a dump on request of the data folder's owner (see backupChannel.ts).
  const backups = await serveBackups({
    pgliteDir: dataDir,
    db,
    url: embeddedUrl(bound, password),
  });
  console.log(JSON.stringify({ embeddedDatabase: { port: bound } }));

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await backups.close();
    await server.close();
    await db.close();
    unlock();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
  // `kill -USR2 <pid>`: who holds the session and who waits, on stderr.
  process.on('SIGUSR2', () => console.error(JSON.stringify({ wireServer: server.state() })));
  // Started by an API process with a pipe as stdin: it closes when that process dies.
  onParentGone(() => void shutdown());
}

async function main() {
  const [first, second] = process.argv.slice(2);
  if (first === '--create' && second) return create(second);
  if (!first || !second || !/^\d+$/.test(second)) {
    throw new Error('usage: main <pglite folder> <port>');
  }
  return serve(path.resolve(first), Number(second));
}

main().catch((err) => {
  console.error('The embedded database could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
