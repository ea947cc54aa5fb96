/**
 * The four backup attacks of issue 43, each tried against the functions `npm run backup` and
 * `npm run restore` use, each refused:
 * (a) a link planted in the backup folder is never written through;
 * (b) a hostile archive plants no file beside the database, neither by its entries nor by the
 *     SQL of an old backup;
 * (c) a crafted pg_dump file of an old backup runs no program when it is read;
 * (d) a small file is refused before it unpacks hundreds of megabytes.
 */
import { createHash, randomFillSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import * as tar from 'tar';
import { BackupInvalid, openArchive, writeArchive } from '../../scripts/backupArchive';
import { withLegacyPgDump } from '../../scripts/legacyPgDump';
import { openPgliteSql } from '../src/backup/legacyPglite';
import { startEmbeddedDatabase } from '../src/embedded/embeddedDatabase';

jest.setTimeout(180_000);

let work: string;

beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'store-backup-attack-'));
  // Run as root, the embedded database's own system user must pass through the folder.
  fs.chmodSync(work, 0o711);
});

afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

/** One tar entry, as a hostile archive may hold it: any path, any type. */
function entry(
  name: string,
  body = Buffer.alloc(0),
  type: tar.types.EntryTypeName = 'File',
  linkpath?: string,
): Buffer {
  const header = Buffer.alloc(512);
  new tar.Header({
    path: name,
    type,
    size: body.length,
    mode: 0o600,
    mtime: new Date(0),
    linkpath,
  }).encode(header, 0);
  const padding = Buffer.alloc((512 - (body.length % 512)) % 512);
  return Buffer.concat([header, body, padding]);
}

function archive(file: string, entries: Buffer[]): string {
  fs.writeFileSync(file, zlib.gzipSync(Buffer.concat([...entries, Buffer.alloc(1024)])));
  return file;
}

const ROWS = Buffer.from('1\tWinter 205/55 R16\n');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A format-2 manifest of one table, plus whatever `files` it is made to name. */
function manifest(files: Record<string, Buffer> = {}, extra: Record<string, number> = {}) {
  const listed = { 'database/public.products.copy': ROWS, ...files };
  return Buffer.from(
    JSON.stringify({
      format: 'tyre-store-backup',
      formatVersion: 2,
      createdAt: new Date(0).toISOString(),
      store: { name: 'tyre-store', version: '0.0.0', migrationsKnown: 1 },
      database: {
        kind: 'embedded',
        format: 'store-copy',
        serverVersion: '18',
        migrations: 1,
        tables: [
          {
            schema: 'public',
            name: 'products',
            file: 'database/public.products.copy',
            columns: ['id', 'name'],
            rows: 1,
          },
        ],
        sequences: [],
      },
      accounts: { kind: 'none', reason: 'test' },
      files: Object.fromEntries(
        Object.entries(listed).map(([name, bytes]) => [
          name,
          { bytes: extra[name] ?? bytes.length, sha256: sha256(bytes) },
        ]),
      ),
    }),
  );
}

/** Every path under `dir`, relative, links included (not followed). */
function everything(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

async function refused(file: string, stage: string): Promise<string> {
  const error = await openArchive(file, stage).then(
    () => null,
    (err: Error) => err,
  );
  expect(error).toBeInstanceOf(BackupInvalid);
  // In words: what is wrong, never a stack or a code.
  expect(error!.message).toMatch(/^"/);
  return error!.message;
}

describe('(a) npm run backup and a link planted in its folder', () => {
  test('the archive is never written through a link at the draft or the final name', async () => {
    const folder = path.join(work, 'backups');
    fs.mkdirSync(folder, { mode: 0o777 });
    const victim = path.join(work, 'victim.txt');
    fs.writeFileSync(victim, 'the victim file\n', { mode: 0o644 });
    const target = path.join(folder, 'store.tar.gz');
    // Links at every name a draft of this process could have, and at the backup's own name.
    const planted = [
      `.${path.basename(target)}.${process.pid}.partial`,
      `.${path.basename(target)}.partial`,
      `${path.basename(target)}.partial`,
      path.basename(target),
    ];
    for (const name of planted) fs.symlinkSync(victim, path.join(folder, name));

    const stage = fs.mkdtempSync(path.join(work, 'stage-'));
    fs.mkdirSync(path.join(stage, 'database'));
    fs.writeFileSync(path.join(stage, 'database', 'public.products.copy'), ROWS);
    const { files: _files, ...rest } = JSON.parse(manifest().toString()) as Record<string, unknown>;
    await writeArchive(target, stage, rest as unknown as Parameters<typeof writeArchive>[2]);

    expect(fs.readFileSync(victim, 'utf8')).toBe('the victim file\n');
    expect(fs.statSync(victim).mode & 0o777).toBe(0o644);
    // The backup itself is a file of its own (the link at its name replaced, not followed).
    expect(fs.lstatSync(target).isFile()).toBe(true);
    expect(fs.statSync(target).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(target).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });
});

describe('(b) a hostile archive plants nothing beside the database', () => {
  const cases: Array<[string, (outside: string) => Buffer[], RegExp]> = [
    [
      'a path with ..',
      () => [
        entry('manifest.json', manifest()),
        entry('../store-password', Buffer.from('planted')),
      ],
      /does not name|never has/,
    ],
    [
      'a path with .. that the manifest names',
      () => [
        entry('manifest.json', manifest({ 'database/../../store-password': Buffer.from('p') })),
        entry('database/../../store-password', Buffer.from('p')),
      ],
      /never has: database\/\.\.\/\.\.\/store-password/,
    ],
    [
      'an absolute path',
      (outside) => [
        entry('manifest.json', manifest()),
        entry(path.join(outside, 'store-password'), Buffer.from('planted')),
      ],
      /does not name/,
    ],
    [
      'a symbolic link, then a file through it',
      (outside) => [
        entry('manifest.json', manifest()),
        entry('database', Buffer.alloc(0), 'SymbolicLink', outside),
        entry('database/public.products.copy', ROWS),
      ],
      /SymbolicLink/,
    ],
    [
      'a hard link',
      (outside) => [
        entry('manifest.json', manifest()),
        entry('database/public.products.copy', Buffer.alloc(0), 'Link', path.join(outside, 'x')),
      ],
      /a Link/,
    ],
    [
      'a file the manifest does not name, aiming at the password',
      () => [
        entry('manifest.json', manifest()),
        entry('database/public.products.copy', ROWS),
        entry('postgres/store-password', Buffer.from('planted')),
      ],
      /does not name: postgres\/store-password/,
    ],
    [
      'a manifest that names the password',
      () => [
        entry('manifest.json', manifest({ 'postgres/store-password': Buffer.from('planted') })),
        entry('postgres/store-password', Buffer.from('planted')),
      ],
      /never has: postgres\/store-password/,
    ],
    [
      'a file before its manifest',
      () => [entry('postgres/store-password', Buffer.from('planted')), entry('manifest.json')],
      /does not begin with a manifest/,
    ],
    [
      'a named file twice (the second over the first)',
      () => [
        entry('manifest.json', manifest()),
        entry('database/public.products.copy', ROWS),
        entry('database/public.products.copy', ROWS),
      ],
      /does not name/,
    ],
  ];

  test.each(cases)('%s is refused and written nowhere', async (_name, entries, message) => {
    const outside = path.join(work, 'outside');
    fs.mkdirSync(outside);
    const dataDir = path.join(work, 'data');
    const stage = path.join(dataDir, '.restore-x', 'backup');
    fs.mkdirSync(stage, { recursive: true, mode: 0o700 });
    const file = archive(path.join(work, 'hostile.tar.gz'), entries(outside));

    expect(await refused(file, stage)).toMatch(message);
    expect(everything(outside)).toEqual([]);
    expect(everything(dataDir)).toEqual(
      expect.not.arrayContaining([expect.stringMatching(/store-password|^postgres/)]),
    );
    expect(everything(stage).filter((n) => !/^(database|manifest.json)/.test(n))).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, 'store-password'))).toBe(false);
    expect(fs.existsSync(path.join(work, 'store-password'))).toBe(false);
  });

  test("an old backup's SQL that writes the database's password writes no file", async () => {
    // The old embedded database ran a backup's SQL on its own folder (/pglite/data), where its
    // password lay: COPY … TO planted one. Now it runs in memory, and the password is made anew.
    const sql = path.join(work, 'database.sql');
    fs.writeFileSync(
      sql,
      [
        '-- PostgreSQL database dump',
        "copy (select 'planted') to '/pglite/data/store-password';",
        'create schema drizzle;',
        'create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint);',
        '',
      ].join('\n'),
    );
    const legacy = await openPgliteSql(sql);
    await legacy.close();
    expect(everything(work)).toEqual(['database.sql']);
  });
});

describe('(c) a crafted pg_dump file of an old backup', () => {
  const RAN = '/tmp/tyre-store-backup-ran-a-program';

  test('runs no program: its function is refused the program and the file refused', async () => {
    // crafted.pgdump is pg_dump -Fc of crafted.sql: a CHECK calls a function that runs
    // `touch /tmp/tyre-store-backup-ran-a-program` with COPY … TO PROGRAM when a row loads.
    fs.rmSync(RAN, { force: true });
    const server = await startEmbeddedDatabase(path.join(work, 'postgres'));
    try {
      const use = jest.fn();
      const error = await withLegacyPgDump(
        server.url,
        path.join(__dirname, 'backupAttacks', 'crafted.pgdump'),
        use,
      ).then(
        () => null,
        (err: Error) => err,
      );
      expect(error?.message).toMatch(/may run no program and write no file/);
      expect(error?.message).toMatch(/permission denied|must be superuser|pg_execute_server/);
      expect(use).not.toHaveBeenCalled();
      expect(fs.existsSync(RAN)).toBe(false);
      // The scratch database and its role are gone again.
      const pg = await import('pg');
      const client = new pg.default.Client({ connectionString: server.url });
      await client.connect();
      const left = await client.query(
        `select datname as name from pg_database where datname like 'store_restore_%'
         union all select rolname from pg_roles where rolname like 'store_restore_%'`,
      );
      await client.end();
      expect(left.rows).toEqual([]);
    } finally {
      await server.stop();
      fs.rmSync(RAN, { force: true });
    }
  });
});

describe('(d) a small file that unpacks to hundreds of megabytes', () => {
  const HUGE = 300 * 1024 * 1024;

  /**
   * An archive whose last entry (after `before`) is HUGE bytes, gzip'd as it streams: zeros with
   * a little noise in each megabyte, which keeps it under tar's own limit (1000 times its size).
   */
  async function bomb(file: string, before: Buffer[], name: string): Promise<number> {
    const gzip = zlib.createGzip({ level: 9 });
    const out = pipeline(gzip, fs.createWriteStream(file));
    for (const part of before) gzip.write(part);
    const header = Buffer.alloc(512);
    new tar.Header({ path: name, type: 'File', size: HUGE, mode: 0o600 }).encode(header, 0);
    gzip.write(header);
    const zeros = Buffer.alloc(1024 * 1024);
    for (let i = 0; i < HUGE / zeros.length; i += 1) {
      randomFillSync(zeros, 0, 1024);
      if (!gzip.write(zeros)) await new Promise((resolve) => gzip.once('drain', resolve));
    }
    gzip.end(Buffer.alloc(1024));
    await out;
    return fs.statSync(file).size;
  }

  const cases: Array<[string, () => Buffer[], string, RegExp]> = [
    [
      'named by its manifest at its true size',
      () => [entry('manifest.json', manifest({}, { 'database/public.products.copy': HUGE }))],
      'database/public.products.copy',
      /more than 200 times its size/,
    ],
    [
      'named by its manifest at a small size',
      () => [entry('manifest.json', manifest())],
      'database/public.products.copy',
      /is 314572800 bytes, its manifest says 20/,
    ],
    [
      'not named at all',
      () => [entry('manifest.json', manifest())],
      'auth/x.json',
      /does not name/,
    ],
  ];

  test.each(cases)(
    '%s is refused having written almost nothing',
    async (_n, before, name, message) => {
      const file = path.join(work, 'bomb.tar.gz');
      const bytes = await bomb(file, before(), name);
      expect(bytes).toBeLessThan(2 * 1024 * 1024);
      const stage = fs.mkdtempSync(path.join(work, 'stage-'));
      expect(await refused(file, stage)).toMatch(message);
      const written = everything(stage)
        .map((entry) => fs.lstatSync(path.join(stage, entry)))
        .filter((stat) => stat.isFile())
        .reduce((sum, stat) => sum + stat.size, 0);
      expect(written).toBeLessThan(1024 * 1024);
    },
  );
});
