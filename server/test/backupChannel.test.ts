import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  BACKUP_SOCKET,
  DumpUnavailable,
  requestDump,
  serveBackups,
} from '../src/embedded/backupChannel';
import { embeddedUrl } from '../src/embedded/databaseSecret';
import { createWireServer, type WireServer } from '../src/embedded/wireServer';

// The embedded database's dumps on request (npm run backup), against the wire server the API
// uses: the dump takes the one session like a client's transaction, and leaves it as it was.
let folder: string;
let db: PGlite;
let server: WireServer;
let url: string;
let backups: { close(): Promise<void> };

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'store-backup-channel-'));
  db = new PGlite();
  await db.waitReady;
  await db.exec(`
    create schema drizzle;
    create table drizzle.__drizzle_migrations (id serial primary key, hash text, created_at bigint);
    insert into drizzle.__drizzle_migrations (hash, created_at) values ('a', 1), ('b', 2);
    create table items (id int primary key, label text, data bytea);
  `);
  server = createWireServer({ db, password: 'backup-channel-test-password' });
  const port = await server.listen(0, '127.0.0.1');
  url = embeddedUrl(port, 'backup-channel-test-password');
  backups = await serveBackups({ pgliteDir: folder, db, url, log: () => {} });
});

afterAll(async () => {
  await backups.close();
  await server.close();
  await db.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

async function waitFor(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

test('the request socket is its owner’s only', () => {
  expect(fs.statSync(path.join(folder, BACKUP_SOCKET)).mode & 0o777).toBe(0o600);
});

test('a dump waits for an open transaction, sees it whole, and leaves the session as it was', async () => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const prepared = { name: 'doubled', text: 'select $1::int * 2 as n' };
    expect((await client.query({ ...prepared, values: [1] })).rows[0].n).toBe(2);
    const before = await client.query('select name, setting from pg_settings order by name');

    await client.query('begin');
    await client.query(`insert into items values (1, 'first', '\\xdeadbeef')`);
    const target = path.join(folder, 'dump.sql');
    const dumping = requestDump(folder, target);
    // The dump's connection waits for this transaction, which goes on meanwhile.
    await waitFor(() => (server.state().queue as unknown[]).length > 0);
    await client.query(`insert into items values (2, 'second', null)`);
    await client.query('commit');
    const header = await dumping;

    const sql = fs.readFileSync(target, 'utf8');
    expect(header).toMatchObject({ ok: true, format: 'pglite-sql', migrations: 2 });
    expect(header.bytes).toBe(Buffer.byteLength(sql));
    expect(sql).toContain(`(1, 'first', '\\xdeadbeef')`);
    expect(sql).toContain(`(2, 'second', NULL)`);

    // pg_dump's settings (search_path '', DateStyle...) were undone; this connection's
    // statement survived, and pg_dump's own are gone.
    expect(
      (await client.query('select name, setting from pg_settings order by name')).rows,
    ).toEqual(before.rows);
    expect((await client.query({ ...prepared, values: [21] })).rows[0].n).toBe(42);
    const names = (await client.query('select name from pg_prepared_statements')).rows.map(
      (row) => row.name as string,
    );
    expect(names.filter((name) => !/^c\d+_/.test(name))).toEqual([]);

    // A fresh database takes the dump as it is.
    const fresh = new PGlite();
    try {
      await fresh.exec(sql);
      const rows = await fresh.query<{ id: number; label: string }>(
        'select id, label from public.items order by id',
      );
      expect(rows.rows).toEqual([
        { id: 1, label: 'first' },
        { id: 2, label: 'second' },
      ]);
    } finally {
      await fresh.close();
    }

    // And another dump works the same (pg_dump prepares statements of the same names again).
    const again = await requestDump(folder, path.join(folder, 'again.sql'));
    expect(again.bytes).toBe(header.bytes);
  } finally {
    await client.end();
  }
});

test('without a database process listening, the request says so', async () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'store-backup-none-'));
  try {
    await expect(requestDump(empty, path.join(empty, 'dump.sql'))).rejects.toThrow(DumpUnavailable);
  } finally {
    fs.rmSync(empty, { recursive: true, force: true });
  }
});
