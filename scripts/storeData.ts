/**
 * What `npm run backup` and `npm run restore` know of a store: its data folder and ports from the
 * same variables as `npm start`, its lock files, the migrations this code has.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  authEmulatorPort,
  ConfigError,
  dataFolder,
  databaseUrlOf,
  listenPort,
  usesAuthEmulator,
} from '../server/src/config';
import { FolderInUse, lockFile, processAlive } from '../server/src/embedded/folderLock';
import { root } from './root';

export interface StoreSettings {
  /** `DATA_DIR` (default ./data), from the repository as `npm start` takes it. */
  dataDir: string;
  port: number;
  authPort: number;
  /** `DATABASE_URL`, or null for the embedded database. */
  databaseUrl: string | null;
  /** Without FIREBASE_API_KEY the store's accounts live in its own Auth emulator. */
  usesEmulator: boolean;
}

/** Something wrong that a person fixes: printed as it is, without a stack trace. */
export class Refusal extends Error {}

/** A port as the store reads it; a bad one is refused in the same words. */
function portOf(read: () => number): number {
  try {
    return read();
  } catch (err) {
    if (err instanceof ConfigError) throw new Refusal(`${err.message}.`);
    throw err;
  }
}

export function storeSettings(): StoreSettings {
  return {
    dataDir: dataFolder(root),
    port: portOf(listenPort),
    authPort: portOf(authEmulatorPort),
    databaseUrl: databaseUrlOf(),
    usesEmulator: usesAuthEmulator(),
  };
}

/** A path the person typed: from the folder they ran npm in (npm runs scripts from the root). */
export function fromUser(file: string): string {
  return path.resolve(process.env.INIT_CWD || process.cwd(), file);
}

/**
 * The arguments of `npm run backup` and `npm run restore`: one FILE (as the person typed it) and
 * maybe --force. --help prints the usage (null: nothing to do); anything else exits with it (64).
 */
export function fileAndForce(
  args: string[],
  usage: string,
): { file: string; force: boolean } | null {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    return null;
  }
  const files = args.filter((arg) => !arg.startsWith('--'));
  const unknown = args.filter((arg) => arg.startsWith('--') && arg !== '--force');
  if (files.length !== 1 || unknown.length > 0) {
    console.error(usage);
    process.exit(64);
  }
  return { file: files[0]!, force: args.includes('--force') };
}

/** The live process holding a lock file (its pid inside), or null when none does. */
export function lockHolder(lock: string): number | null {
  let text: string;
  try {
    text = fs.readFileSync(lock, 'utf8');
  } catch {
    return null;
  }
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 && processAlive(pid) ? pid : null;
}

/** The lock files of a store on `dataDir`: npm start's, and its embedded database's. */
export const storeLocks = (dataDir: string) => [
  path.join(dataDir, 'store.lock'),
  path.join(dataDir, 'postgres', 'store-database.lock'),
];

/**
 * Takes a lock file as `npm start` and the embedded database do (folderLock.ts: the pid inside,
 * a dead holder's lock taken over), so neither starts while it is held. Returns the release.
 */
export async function takeLock(lock: string): Promise<() => void> {
  try {
    return await lockFile(lock, {
      waitMs: 0,
      describe: (holder) => `${lock} is held by a running process (pid ${holder}).`,
    });
  } catch (err) {
    if (err instanceof FolderInUse) throw new Refusal(err.message);
    throw err;
  }
}

/** The store's package name and version. */
export function storeVersion(): { name: string; version: string } {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  return { name: pkg.name, version: pkg.version };
}

/** How many migrations this code has (drizzle's journal). */
export function migrationsKnown(): number {
  const journal = path.join(root, 'server', 'src', 'db', 'migrations', 'meta', '_journal.json');
  return (JSON.parse(fs.readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;
}

/** `2026-11-25T08-50-03`: a time for folder names, sortable, without colons. */
export const stamp = (date = new Date()) => date.toISOString().slice(0, 19).replace(/:/g, '-');

/** `12.3 MB`. */
export function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
