/**
 * Backups of the embedded database while the store runs (`npm run backup`, scripts/backup.ts).
 *
 * The database process is the only one that may open its data folder, so the dump is made here,
 * on request, with pg_dump compiled to WebAssembly (`@electric-sql/pglite-tools`): plain SQL
 * (`--inserts`), which a fresh PGlite restores with `exec` and which PostgreSQL reads too.
 *
 * - **Who may ask**: a Unix socket in the database's folder (`store-backup.sock`), made owner-only
 *   (mode 0600, created under umask 077): connecting to it needs write permission on it, so no
 *   other user of the machine can ask for a dump, and the database's TCP port is not involved.
 * - **Consistency**: PGlite is one PostgreSQL session, shared by every connection through the
 *   wire server (`wireServer.ts`), which hands it to one connection's whole transaction at a
 *   time. The dump takes the session the same way: it connects to that server like any client
 *   and opens a transaction (REPEATABLE READ, READ ONLY); from then on every other connection
 *   waits its turn. pg_dump then talks to PGlite directly, synchronously (its WebAssembly reads
 *   the answers as it sends the queries), so nothing can interleave: the dump is one instant of
 *   the database. The transaction is then rolled back, which also undoes every setting pg_dump
 *   changed in the shared session (search_path, DateStyle...); the statements it prepared are
 *   deallocated. The store waits for the length of the dump: about 2 s for the seeded catalogue,
 *   8 s for 100,000 products (36 MB of SQL), on this 2-core machine.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

export const BACKUP_SOCKET = 'store-backup.sock';

/** What the database process answers before the dump's bytes. */
export interface DumpHeader {
  ok: true;
  /** Plain SQL from pg_dump (`--inserts`), restorable by PGlite's `exec`. */
  format: 'pglite-sql';
  bytes: number;
  /** `server_version` of the dumped database (PGlite's PostgreSQL). */
  serverVersion: string;
  /** Migrations applied to it (rows of drizzle.__drizzle_migrations). */
  migrations: number;
  /** How long the store's other connections waited for the dump. */
  pauseMs: number;
}

type Answer = DumpHeader | { ok: false; error: string };

/**
 * A Unix socket's path is limited to about 100 bytes. A longer one is used relative to its own
 * folder: `fn` runs with that folder as the working directory (synchronously: binding and
 * connecting take the path at once), and the previous one is restored.
 */
function atSocket<T>(socketPath: string, fn: (address: string) => T): T {
  if (Buffer.byteLength(socketPath) <= 100) return fn(socketPath);
  const previous = process.cwd();
  process.chdir(path.dirname(socketPath));
  try {
    return fn(`./${path.basename(socketPath)}`);
  } finally {
    process.chdir(previous);
  }
}

/** PostgreSQL's statement names made by pg_dump that a failed clean-up could not remove yet. */
const leftoverStatements = new Set<string>();

/**
 * Dumps the database served by the wire server at `url` (with its password) of this process, holding the session
 * through that server for the whole dump (see above).
 */
export async function dumpEmbedded(
  db: PGlite,
  url: string,
): Promise<{ header: DumpHeader; sql: Buffer }> {
  const [{ default: pg }, { pgDump }] = await Promise.all([
    import('pg'),
    import('@electric-sql/pglite-tools'),
  ]);
  const hold = new pg.Client({ connectionString: url });
  // The wire server may close this connection if the dump outlasts its idle-transaction limit
  // (15 s): the dump is complete by then (it runs synchronously), and the server rolls back.
  hold.on('error', () => {});
  await hold.connect();
  const statementNames = async () =>
    new Set(
      (await hold.query<{ name: string }>('select name from pg_prepared_statements')).rows.map(
        (row) => row.name,
      ),
    );
  const deallocate = async (names: Iterable<string>) => {
    for (const name of names) {
      await hold.query(`deallocate "${name.replace(/"/g, '""')}"`);
      leftoverStatements.delete(name);
    }
  };
  let pauseStarted = 0;
  let before: Set<string> | null = null;
  let rawFailure: unknown = null;
  const exitCode = process.exitCode;
  try {
    await hold.query('begin isolation level repeatable read, read only');
    pauseStarted = Date.now();
    const present = await statementNames();
    // pg_dump's own statement names would collide with those an interrupted dump left.
    await deallocate([...leftoverStatements].filter((name) => present.has(name)));
    before = await statementNames();
    const info = (
      await hold.query<{ search_path: string; server_version: string; migrations: number }>(
        `select current_setting('search_path') as search_path,
                current_setting('server_version') as server_version,
                (select count(*) from drizzle.__drizzle_migrations)::int as migrations`,
      )
    ).rows[0]!;

    // pgDump asks its `pg` for the search path, runs pg_dump over `execProtocolRawStream`, then
    // would run `DEALLOCATE ALL` (every connection's statements) and set the search path: those
    // two are done here instead, within the held session.
    const session = {
      query: async () => ({ rows: [{ search_path: info.search_path }] }),
      exec: async () => [],
      execProtocolRawStream: (
        message: Uint8Array,
        options: { onRawData: (data: Uint8Array) => void },
      ) => {
        const done = db.execProtocolRawStream(message, { ...options, syncToFs: false });
        done.catch((err) => (rawFailure ??= err));
        return done;
      },
    };
    const file = await pgDump({
      pg: session as unknown as PGlite,
      args: ['--no-owner', '--no-privileges', '--rows-per-insert=100'],
    });
    if (rawFailure) throw rawFailure;
    const sql = Buffer.from(await file.arrayBuffer());
    return {
      header: {
        ok: true,
        format: 'pglite-sql',
        bytes: sql.length,
        serverVersion: info.server_version,
        migrations: info.migrations,
        pauseMs: Date.now() - pauseStarted,
      },
      sql,
    };
  } finally {
    process.exitCode = exitCode; // pg_dump's exit sets it
    if (before) {
      const made = [...(await statementNames().catch(() => new Set<string>()))].filter(
        (name) => !before!.has(name),
      );
      for (const name of made) leftoverStatements.add(name);
      await deallocate(made).catch(() => {});
    }
    // Ends pg_dump's transaction too (it never commits), undoing the settings it changed.
    await hold.query('rollback').catch(() => {});
    await hold.end().catch(() => {});
  }
}

/** Something a person can act on, from whatever went wrong. */
const described = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Listens on `<pgliteDir>/store-backup.sock` (owner-only) for dump requests: a line
 * `{"request":"dump"}` is answered with a JSON line (`DumpHeader`, or `{ ok: false, error }`)
 * and, when it succeeded, the dump's bytes. One dump at a time; later requests wait.
 */
export async function serveBackups(options: {
  pgliteDir: string;
  db: PGlite;
  /** The wire server's URL (with the password), for holding the session. */
  url: string;
  log?: (line: string) => void;
}): Promise<{ close(): Promise<void> }> {
  const socketPath = path.join(options.pgliteDir, BACKUP_SOCKET);
  const log = options.log ?? ((line) => console.log(line));
  // A socket left by a killed process: this process holds the folder's lock, so it is stale.
  fs.rmSync(socketPath, { force: true });
  let queue: Promise<unknown> = Promise.resolve();

  const server = net.createServer((socket) => {
    let request = '';
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      request += chunk.toString();
      if (!request.includes('\n')) {
        if (request.length > 1000) socket.destroy();
        return;
      }
      socket.removeAllListeners('data');
      let asked: { request?: unknown } = {};
      try {
        asked = JSON.parse(request.slice(0, request.indexOf('\n')));
      } catch {
        // answered below
      }
      if (asked.request !== 'dump') {
        const answer: Answer = { ok: false, error: 'unknown request' };
        socket.end(`${JSON.stringify(answer)}\n`);
        return;
      }
      const turn = queue.then(async () => {
        const started = Date.now();
        try {
          const { header, sql } = await dumpEmbedded(options.db, options.url);
          log(
            `backup: ${Math.round(sql.length / 1024)} KB dumped in ${Date.now() - started} ms; ` +
              `the store waited ${header.pauseMs} ms`,
          );
          socket.write(`${JSON.stringify(header)}\n`);
          socket.end(sql);
        } catch (err) {
          log(`backup failed: ${described(err)}`);
          const answer: Answer = { ok: false, error: described(err) };
          socket.end(`${JSON.stringify(answer)}\n`);
        }
      });
      queue = turn.catch(() => {});
    });
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      // Created owner-only: between bind and chmod nobody else may connect.
      const umask = process.umask(0o077);
      try {
        atSocket(socketPath, (address) => server.listen(address, () => resolve()));
      } finally {
        process.umask(umask);
      }
    });
    fs.chmodSync(socketPath, 0o600);
  } catch (err) {
    // The store runs without: `npm run backup` then says the database gave no dump.
    log(`backups are unavailable: no socket at ${socketPath} (${described(err)})`);
    server.close();
    return { close: async () => {} };
  }

  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

/** Why a dump could not be had: the store is not running, or the dump failed. */
export class DumpUnavailable extends Error {}

/**
 * Asks the database process of `pgliteDir` for a dump and writes it to `target`; its header.
 * `DumpUnavailable` when no database process listens there.
 */
export function requestDump(pgliteDir: string, target: string): Promise<DumpHeader> {
  const socketPath = path.join(pgliteDir, BACKUP_SOCKET);
  return new Promise((resolve, reject) => {
    const socket = atSocket(socketPath, (address) => net.connect(address));
    let header: DumpHeader | null = null;
    let received = 0;
    let pending = Buffer.alloc(0);
    const out = fs.openSync(target, 'w', 0o600);
    let settled = false;
    const settle = (err: Error | null) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      if (!err) fs.fsyncSync(out);
      fs.closeSync(out);
      if (err) reject(err);
      else resolve(header!);
    };
    socket.on('error', (err: NodeJS.ErrnoException) => {
      settle(
        new DumpUnavailable(
          ['ENOENT', 'ECONNREFUSED'].includes(err.code ?? '')
            ? `no database process answers at ${socketPath}`
            : `the database process could not be asked: ${err.message}`,
        ),
      );
    });
    socket.on('data', (chunk: Buffer) => {
      if (settled) return;
      if (!header) {
        pending = Buffer.concat([pending, chunk]);
        const end = pending.indexOf('\n');
        if (end < 0) return;
        let answer: Answer;
        try {
          answer = JSON.parse(pending.subarray(0, end).toString()) as Answer;
        } catch {
          return settle(new DumpUnavailable('the database process gave an unreadable answer'));
        }
        if (!answer.ok) return settle(new DumpUnavailable(`the dump failed: ${answer.error}`));
        header = answer;
        chunk = pending.subarray(end + 1);
      }
      fs.writeSync(out, chunk);
      received += chunk.length;
    });
    socket.on('end', () => {
      if (!header) return settle(new DumpUnavailable('the database process closed without a dump'));
      if (received !== header.bytes) {
        return settle(
          new DumpUnavailable(`the dump was cut short (${received} of ${header.bytes} bytes)`),
        );
      }
      settle(null);
    });
    socket.write(`${JSON.stringify({ request: 'dump' })}\n`);
  });
}
