/**
 * The backup file of `npm run backup` / `npm run restore`: one gzip-compressed tar archive.
 *
 *   manifest.json                what the archive holds (below), each file's size and SHA-256;
 *                                always the first entry
 *   database/<schema>.<table>.copy   the rows of each of the store's tables, in PostgreSQL's COPY
 *                                text format (format 2; see server/src/backup/dumpStore.ts)
 *   auth/...                     the Auth emulator's accounts, in its own export format
 *
 * Format 1 (older stores) held instead `database.sql` (the old embedded database's plain SQL) or
 * `database.pgdump` (pg_dump's custom format); those are still read.
 *
 * Written in a private folder (mkdtemp) with exclusive creation and without following links,
 * flushed, then renamed into place: a failed backup leaves nothing under its name, and nothing
 * planted in the backup folder is written through. It is owner-only (0600): it holds every
 * account (the emulator keeps its passwords in plain text) and every order.
 *
 * Read back entry by entry: the manifest first, then only the files it names, each into a
 * private stage with exclusive creation, cut off at the size the manifest declares, the whole at
 * the sum of those; links, other kinds of entries, absolute paths and `..` are refused.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import type { DumpedTable } from '../server/src/backup/dumpStore';
import type { StoreSequence } from '../server/src/backup/storeTables';

export const BACKUP_FORMAT = 'tyre-store-backup';
export const BACKUP_FORMAT_VERSION = 2;

/** A backup unpacks to at most this many times its size: no real one compresses more. */
export const MAX_COMPRESSION_RATIO = 200;
const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;

/** Format 2: the store's tables, copied by the store itself. */
export interface CopyDatabase {
  kind: 'embedded' | 'postgres';
  format: 'store-copy';
  /** `server_version` of the database copied. */
  serverVersion: string;
  /** Migrations applied to it when copied (newer ones run at the next start after restore). */
  migrations: number;
  tables: DumpedTable[];
  sequences: StoreSequence[];
}

/** Format 1: a dump of an older store. */
export interface LegacyDatabase {
  kind: 'pglite' | 'postgres';
  file: 'database.sql' | 'database.pgdump';
  format: 'pglite-sql' | 'pg_dump-custom';
  serverVersion: string;
  migrations: number;
  dumpedBy: string;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  /** The store that made it: package name and version, and the migrations its code has. */
  store: { name: string; version: string; migrationsKnown: number };
  database: CopyDatabase | LegacyDatabase;
  accounts:
    | { kind: 'firebase-auth-emulator'; folder: 'auth'; count: number }
    | { kind: 'none'; reason: string };
  /** Every file of the archive but this manifest: bytes and SHA-256 (hex). */
  files: Record<string, { bytes: number; sha256: string }>;
}

export const isCopy = (db: Manifest['database']): db is CopyDatabase =>
  (db as CopyDatabase).format === 'store-copy';

/** A backup file that cannot be restored, with why in words. */
export class BackupInvalid extends Error {}

function fail(message: string): never {
  throw new BackupInvalid(message);
}

function sha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    fs.createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

/** Files under `dir`, as archive paths (`/`-separated), sorted. */
function filesUnder(dir: string, prefix = ''): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...filesUnder(dir, relative));
    else if (entry.isFile()) found.push(relative);
  }
  return found.sort();
}

function fsyncPath(target: string) {
  const fd = fs.openSync(target, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Writes the archive of `stageDir` (`database/`, and `auth/` if any) with its manifest to
 * `target`. `manifest.files` is filled in here. Returns the archive's size.
 */
export async function writeArchive(
  target: string,
  stageDir: string,
  manifest: Omit<Manifest, 'files'>,
): Promise<number> {
  const names = filesUnder(stageDir).filter((name) => name !== 'manifest.json');
  const files: Manifest['files'] = {};
  for (const name of names) {
    const file = path.join(stageDir, name);
    files[name] = { bytes: fs.statSync(file).size, sha256: await sha256(file) };
  }
  fs.writeFileSync(
    path.join(stageDir, 'manifest.json'),
    `${JSON.stringify({ ...manifest, files }, null, 2)}\n`,
    { mode: 0o600, flag: 'wx' },
  );
  // The draft lives in a folder only this user can enter, made with an unguessable name.
  const privateDir = fs.mkdtempSync(path.join(path.dirname(target), '.store-backup-draft-'));
  const draft = path.join(privateDir, 'backup.tar.gz');
  try {
    const fd = fs.openSync(
      draft,
      fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW,
      0o600,
    );
    await pipeline(
      tar.create({ gzip: true, cwd: stageDir, portable: true, mode: 0o600 }, [
        'manifest.json',
        ...names,
      ]),
      fs.createWriteStream('', { fd }),
    );
    fsyncPath(draft);
    // A rename replaces whatever is at the name (a link too), never writing through it.
    fs.renameSync(draft, target);
    fsyncPath(path.dirname(target));
  } finally {
    fs.rmSync(privateDir, { recursive: true, force: true });
  }
  return fs.statSync(target).size;
}

/** Whether an archive path is one a backup may hold. */
function allowedName(name: string): boolean {
  if (name === 'database.sql' || name === 'database.pgdump') return true;
  const parts = name.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..')) return false;
  if (!parts.every((part) => /^[\w.-]+$/.test(part))) return false;
  return (
    (parts[0] === 'database' && parts.length === 2 && name.endsWith('.copy')) ||
    (parts[0] === 'auth' && parts.length >= 2)
  );
}

const isCount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
const isName = (s: unknown): s is string => typeof s === 'string' && s.length > 0 && s.length < 64;

function checkManifest(manifest: Manifest, source: string): Manifest {
  if (manifest?.format !== BACKUP_FORMAT) {
    fail(`${source} is not a backup of this store (its manifest names no "${BACKUP_FORMAT}").`);
  }
  if (!Number.isInteger(manifest.formatVersion) || manifest.formatVersion < 1) {
    fail(`${source} has no readable format version: the file is damaged.`);
  }
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION) {
    fail(
      `${source} is a backup of format ${manifest.formatVersion}, newer than this store reads ` +
        `(${BACKUP_FORMAT_VERSION}): restore it with the store's newer version.`,
    );
  }
  const db = manifest.database;
  const legacy =
    manifest.formatVersion === 1 &&
    ((db?.kind === 'pglite' &&
      'file' in db &&
      db.file === 'database.sql' &&
      db.format === 'pglite-sql') ||
      (db?.kind === 'postgres' &&
        'file' in db &&
        db.file === 'database.pgdump' &&
        db.format === 'pg_dump-custom'));
  const copy =
    manifest.formatVersion === 2 &&
    isCopy(db) &&
    Array.isArray(db.tables) &&
    db.tables.every(
      (t) =>
        isName(t?.schema) &&
        isName(t.name) &&
        isCount(t.rows) &&
        t.file === `database/${t.schema}.${t.name}.copy` &&
        Array.isArray(t.columns) &&
        t.columns.every(isName),
    ) &&
    Array.isArray(db.sequences) &&
    db.sequences.every((s) => isName(s?.schema) && isName(s.name));
  if (!(legacy || copy) || !Number.isInteger(db.migrations)) {
    fail(`${source} describes its database in a way this store does not know.`);
  }
  const accounts = manifest.accounts;
  if (
    !(accounts?.kind === 'none') &&
    !(accounts?.kind === 'firebase-auth-emulator' && isCount(accounts.count))
  ) {
    fail(`${source} describes its accounts in a way this store does not know.`);
  }
  if (!manifest.files || typeof manifest.files !== 'object') {
    fail(`${source} lists no files in its manifest: the file is damaged.`);
  }
  for (const [name, entry] of Object.entries(manifest.files)) {
    if (!allowedName(name)) fail(`${source} names a file a store backup never has: ${name}.`);
    if (!isCount(entry?.bytes) || !/^[0-9a-f]{64}$/.test(String(entry.sha256))) {
      fail(`${source} gives no size or checksum for ${name}: the file is damaged.`);
    }
  }
  const needed = copy
    ? (db as CopyDatabase).tables.map((t) => t.file)
    : [(db as LegacyDatabase).file];
  const missing = needed.filter((name) => !(name in manifest.files));
  if (missing.length > 0) fail(`${source} lacks ${missing.join(', ')}: it is incomplete.`);
  return manifest;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Unpacks and checks a backup into `stageDir` (empty, owner-only): the manifest first, then
 * only the files it names, each cut off at its declared size and checked against its SHA-256.
 * Throws `BackupInvalid` saying what is wrong, before anything of the store is touched.
 */
export async function openArchive(file: string, stageDir: string): Promise<Manifest> {
  const source = `"${file}"`;
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) fail(`${source} does not exist.`);
  if (!stat.isFile()) fail(`${source} is not a file.`);
  if (stat.size === 0) fail(`${source} is empty.`);
  const head = Buffer.alloc(2);
  const fd = fs.openSync(file, 'r');
  fs.readSync(fd, head, 0, 2, 0);
  fs.closeSync(fd);
  if (head[0] !== 0x1f || head[1] !== 0x8b) {
    fail(`${source} is not a store backup: it is not a gzip-compressed tar archive.`);
  }

  let manifest: Manifest | null = null;
  const written = new Set<string>();
  let refusal: BackupInvalid | null = null;
  const parser = new tar.Parser({ strict: true, maxDecompressionRatio: MAX_COMPRESSION_RATIO });
  const refuse = (message: string) => {
    refusal ??= new BackupInvalid(message);
    parser.abort(refusal);
  };
  const pending: Promise<void>[] = [];

  parser.on('entry', (entry: tar.ReadEntry) => {
    if (refusal) return entry.resume();
    const name = entry.path.replace(/^\.\//, '');
    if (entry.type === 'Directory') {
      // Only a folder of a file the manifest names; nothing is made for it.
      const folder = name.replace(/\/+$/, '');
      const named = manifest && Object.keys(manifest.files).some((f) => f.startsWith(`${folder}/`));
      if (!named) refuse(`${source} holds an entry a store backup never has: ${entry.path}.`);
      return entry.resume();
    }
    if (entry.type !== 'File' && entry.type !== 'OldFile') {
      return refuse(
        `${source} holds a ${entry.type} (${entry.path}): a store backup holds files only.`,
      );
    }
    if (!manifest) {
      if (name !== 'manifest.json' || entry.size > MAX_MANIFEST_BYTES) {
        return refuse(`${source} does not begin with a manifest: it is not a store backup.`);
      }
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      entry.on('end', () => {
        let parsed: Manifest;
        try {
          parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Manifest;
        } catch {
          return refuse(`${source} has a manifest.json that is not JSON: the file is damaged.`);
        }
        try {
          manifest = checkManifest(parsed, source);
        } catch (err) {
          return refuse((err as Error).message);
        }
        const total = Object.values(manifest.files).reduce((sum, f) => sum + f.bytes, 0);
        if (total > stat.size * MAX_COMPRESSION_RATIO) {
          return refuse(
            `${source} says it unpacks to ${mb(total)} from ${mb(stat.size)}, more than ` +
              `${MAX_COMPRESSION_RATIO} times its size, which no store backup does: refused.`,
          );
        }
        const free = fs.statfsSync(stageDir);
        if (total > free.bavail * free.bsize) {
          return refuse(
            `${source} unpacks to ${mb(total)}, more than the ${mb(free.bavail * free.bsize)} ` +
              `free beside ${stageDir}: make room first.`,
          );
        }
      });
      return;
    }
    const declared = manifest.files[name];
    if (!declared || written.has(name)) {
      return refuse(`${source} holds a file its manifest does not name: ${entry.path}.`);
    }
    if (entry.size !== declared.bytes) {
      return refuse(
        `${source} is damaged: ${name} is ${entry.size} bytes, its manifest says ${declared.bytes}.`,
      );
    }
    written.add(name);
    const target = path.join(stageDir, ...name.split('/'));
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    const out = fs.createWriteStream('', {
      fd: fs.openSync(
        target,
        fs.constants.O_WRONLY |
          fs.constants.O_CREAT |
          fs.constants.O_EXCL |
          fs.constants.O_NOFOLLOW,
        0o600,
      ),
    });
    const hash = createHash('sha256');
    let bytes = 0;
    const fileWritten = new Promise<void>((resolve, reject) => {
      out.on('error', reject);
      out.on('close', resolve);
    });
    // One reader of the entry, which may hold data already: the checks and the file see every
    // chunk (a second reader, a pipe, would miss what was there before it came).
    entry.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > declared.bytes) refuse(`${source} is damaged: ${name} is longer than declared.`);
      hash.update(chunk);
      if (!out.write(chunk)) {
        entry.pause();
        out.once('drain', () => entry.resume());
      }
    });
    entry.on('end', () => out.end());
    pending.push(
      fileWritten.then(() => {
        if (bytes !== declared.bytes || hash.digest('hex') !== declared.sha256) {
          refuse(
            `${source} is damaged: ${name} is not the file the backup wrote (checksum differs).`,
          );
        }
      }),
    );
  });

  try {
    await pipeline(fs.createReadStream(file), parser);
    await Promise.all(pending);
  } catch (err) {
    if (refusal) throw refusal;
    const message = (err as Error).message ?? '';
    if (/decompression ratio/.test(message)) {
      fail(
        `${source} unpacks to more than ${MAX_COMPRESSION_RATIO} times its size, which no store ` +
          'backup does: refused.',
      );
    }
    const code = (err as { code?: string }).code ?? '';
    fail(
      `${source} cannot be read as a store backup (${
        code.startsWith('TAR_') || code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR'
          ? 'the archive is damaged or cut short'
          : message
      }).`,
    );
  }
  if (refusal) throw refusal;
  if (!manifest) fail(`${source} has no manifest.json: it is not a backup.`);
  const found = manifest as Manifest;
  const missing = Object.keys(found.files).filter((name) => !written.has(name));
  if (missing.length > 0) fail(`${source} lacks ${missing.join(', ')}: it is incomplete.`);

  if (!isCopy(found.database)) {
    const dump = path.join(stageDir, found.database.file);
    const start = Buffer.alloc(64);
    const dumpFd = fs.openSync(dump, 'r');
    fs.readSync(dumpFd, start, 0, 64, 0);
    fs.closeSync(dumpFd);
    const looksRight =
      found.database.format === 'pglite-sql'
        ? start.toString('utf8').includes('PostgreSQL database dump')
        : start.subarray(0, 5).toString('latin1') === 'PGDMP';
    if (!looksRight) fail(`${source} holds a database file that is not a pg_dump dump.`);
  }

  if (found.accounts.kind === 'firebase-auth-emulator') {
    const accounts = path.join(stageDir, 'auth', 'auth_export', 'accounts.json');
    let users: unknown;
    try {
      JSON.parse(
        fs.readFileSync(path.join(stageDir, 'auth', 'firebase-export-metadata.json'), 'utf8'),
      );
      users = (JSON.parse(fs.readFileSync(accounts, 'utf8')) as { users?: unknown }).users ?? [];
    } catch {
      fail(`${source} holds accounts the Auth emulator could not import (unreadable export).`);
    }
    if (!Array.isArray(users) || users.length !== found.accounts.count) {
      fail(`${source} should hold ${found.accounts.count} accounts and does not.`);
    }
  }
  return found;
}
