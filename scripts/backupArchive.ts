/**
 * The backup file of `npm run backup` / `npm run restore`: one gzip-compressed tar archive.
 *
 *   manifest.json        what the archive holds (below), with each file's size and SHA-256
 *   database.sql         the embedded database: pg_dump's plain SQL (--inserts), or
 *   database.pgdump      a PostgreSQL database: pg_dump's custom format (-Fc)
 *   auth/...             the Auth emulator's accounts, in the emulator's own export format
 *                        (firebase-export-metadata.json, auth_export/accounts.json, config.json)
 *
 * The archive is written to a temporary file beside its name, flushed to disk, then renamed into
 * place: a failed backup never leaves a truncated file under that name. It is owner-only (0600):
 * it holds every account (the emulator keeps its passwords in plain text) and every order.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';

export const BACKUP_FORMAT = 'tyre-store-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  /** The store that made it: package name and version, and the migrations its code has. */
  store: { name: string; version: string; migrationsKnown: number };
  database: {
    kind: 'pglite' | 'postgres';
    file: 'database.sql' | 'database.pgdump';
    /** `pglite-sql`: plain SQL for PGlite's exec; `pg_dump-custom`: for pg_restore. */
    format: 'pglite-sql' | 'pg_dump-custom';
    /** `server_version` of the database dumped. */
    serverVersion: string;
    /** Migrations applied to it when dumped (newer ones run at the next start after restore). */
    migrations: number;
    /** Which pg_dump made it. */
    dumpedBy: string;
  };
  accounts:
    | { kind: 'firebase-auth-emulator'; folder: 'auth'; count: number }
    | { kind: 'none'; reason: string };
  /** Every file of the archive but this manifest: bytes and SHA-256 (hex). */
  files: Record<string, { bytes: number; sha256: string }>;
}

/** A backup file that cannot be restored, with why in words. */
export class BackupInvalid extends Error {}

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
 * Writes the archive of `stageDir` (the database file, and `auth/` if any) with its manifest to
 * `target`, atomically. `manifest.files` is filled in here. Returns the archive's size.
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
    { mode: 0o600 },
  );
  const draft = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.partial`);
  try {
    await tar.create({ gzip: true, file: draft, cwd: stageDir, portable: true, mode: 0o600 }, [
      'manifest.json',
      ...names,
    ]);
    fs.chmodSync(draft, 0o600);
    fsyncPath(draft);
    fs.renameSync(draft, target);
    fsyncPath(path.dirname(target));
  } finally {
    fs.rmSync(draft, { force: true });
  }
  return fs.statSync(target).size;
}

const DATABASE_FILES = ['database.sql', 'database.pgdump'];

/** Whether an archive path is one a backup may hold: nothing else is ever extracted. */
function allowedEntry(name: string): boolean {
  const clean = name.replace(/\/+$/, '');
  if (clean === 'manifest.json' || DATABASE_FILES.includes(clean) || clean === 'auth') return true;
  return /^auth\/[\w.\-/]+$/.test(clean) && !clean.split('/').some((part) => part === '..');
}

function fail(message: string): never {
  throw new BackupInvalid(message);
}

function readManifest(file: string, source: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  } catch {
    fail(`${source} has a manifest.json that is not JSON: the file is damaged.`);
  }
  if (manifest?.format !== BACKUP_FORMAT) {
    fail(`${source} is not a backup of this store (its manifest names no "${BACKUP_FORMAT}").`);
  }
  if (typeof manifest.formatVersion !== 'number' || manifest.formatVersion < 1) {
    fail(`${source} has no readable format version: the file is damaged.`);
  }
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION) {
    fail(
      `${source} is a backup of format ${manifest.formatVersion}, newer than this store reads ` +
        `(${BACKUP_FORMAT_VERSION}): restore it with the store's newer version.`,
    );
  }
  const db = manifest.database;
  const known =
    (db?.kind === 'pglite' && db.file === 'database.sql' && db.format === 'pglite-sql') ||
    (db?.kind === 'postgres' && db.file === 'database.pgdump' && db.format === 'pg_dump-custom');
  if (!known || !Number.isInteger(db.migrations)) {
    fail(`${source} describes its database in a way this store does not know.`);
  }
  const accounts = manifest.accounts;
  if (
    !(accounts?.kind === 'none') &&
    !(accounts?.kind === 'firebase-auth-emulator' && Number.isInteger(accounts.count))
  ) {
    fail(`${source} describes its accounts in a way this store does not know.`);
  }
  if (!manifest.files || typeof manifest.files !== 'object') {
    fail(`${source} lists no files in its manifest: the file is damaged.`);
  }
  return manifest;
}

/**
 * Unpacks and checks a backup into `stageDir` (empty, owner-only): a tar.gz of the files above
 * only, a manifest of this format, every file of the size and SHA-256 the manifest gives, a
 * database dump of the kind it names, and the accounts it counts. Throws `BackupInvalid` saying
 * what is wrong, before anything of the store is touched.
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

  const refused: string[] = [];
  try {
    await tar.extract({
      file,
      cwd: stageDir,
      strict: true,
      // Only regular files and folders, only the names a backup has.
      filter: (name, entry) => {
        const type = 'type' in entry ? entry.type : null;
        const ok = allowedEntry(name) && (type === 'File' || type === 'Directory');
        if (!ok) refused.push(name);
        return ok;
      },
    });
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    fail(
      `${source} cannot be read as a store backup (${
        code.startsWith('TAR_') || code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR'
          ? 'the archive is damaged or cut short'
          : (err as Error).message
      }).`,
    );
  }
  if (refused.length > 0) {
    fail(`${source} holds entries a store backup never has: ${refused.slice(0, 5).join(', ')}.`);
  }
  const manifestFile = path.join(stageDir, 'manifest.json');
  if (!fs.existsSync(manifestFile)) fail(`${source} has no manifest.json: it is not a backup.`);
  const manifest = readManifest(manifestFile, source);

  const present = filesUnder(stageDir).filter((name) => name !== 'manifest.json');
  const listed = Object.keys(manifest.files).sort();
  const missing = listed.filter((name) => !present.includes(name));
  const extra = present.filter((name) => !listed.includes(name));
  if (missing.length > 0) fail(`${source} lacks ${missing.join(', ')}: it is incomplete.`);
  if (extra.length > 0) fail(`${source} holds files its manifest does not list: ${extra}.`);
  for (const name of listed) {
    const expected = manifest.files[name]!;
    const actual = path.join(stageDir, name);
    if (fs.statSync(actual).size !== expected.bytes || (await sha256(actual)) !== expected.sha256) {
      fail(`${source} is damaged: ${name} is not the file the backup wrote (checksum differs).`);
    }
  }

  const dump = path.join(stageDir, manifest.database.file);
  if (!fs.existsSync(dump)) fail(`${source} lacks its database (${manifest.database.file}).`);
  const start = Buffer.alloc(64);
  const dumpFd = fs.openSync(dump, 'r');
  fs.readSync(dumpFd, start, 0, 64, 0);
  fs.closeSync(dumpFd);
  const looksRight =
    manifest.database.format === 'pglite-sql'
      ? start.toString('utf8').includes('PostgreSQL database dump')
      : start.subarray(0, 5).toString('latin1') === 'PGDMP';
  if (!looksRight) fail(`${source} holds a database file that is not a pg_dump dump.`);

  if (manifest.accounts.kind === 'firebase-auth-emulator') {
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
    if (!Array.isArray(users) || users.length !== manifest.accounts.count) {
      fail(`${source} should hold ${manifest.accounts.count} accounts and does not.`);
    }
  }
  return manifest;
}
