/**
 * The embedded identity provider's accounts on disk. The Firebase Auth emulator keeps accounts
 * in memory and writes them out only when asked (its hub's export, or `--export-on-exit`), so
 * the store asks: when it stops, when someone signs in, for a backup.
 *
 * The emulator's own export deletes its target before moving the new one in, so a kill between
 * the two would lose every account. The store never lets it write over `auth/`: each export goes
 * to a new folder of `auth-exports/`, complete once it appears there (the emulator renames it in
 * whole), and the next start promotes the newest into `auth/` (`settleAccounts`).
 */
import fs from 'node:fs';
import path from 'node:path';

/** The accounts the emulator imports at start: `DATA_DIR/auth`. */
export const accountsDir = (dataDir: string) => path.join(dataDir, 'auth');
/** Exports newer than `auth/`, one folder each, named so that they sort oldest first. */
export const exportsDir = (dataDir: string) => path.join(dataDir, 'auth-exports');
/** The emulator's settings for this data folder (scripts/emulator.ts writes it at start). */
export const emulatorConfigFile = (dataDir: string) => path.join(dataDir, 'firebase.json');

const METADATA = 'firebase-export-metadata.json';
let exportsMade = 0;

/** A new export's folder name: time, process and a counter, so names sort by age. */
export function newExportName(label = 'export'): string {
  exportsMade += 1;
  const time = String(Date.now()).padStart(15, '0');
  return `${time}-${process.pid}-${String(exportsMade).padStart(6, '0')}-${label}`;
}

/** The emulator hub of the store on this data folder, from its settings; null if none. */
export function emulatorHubUrl(dataDir: string): string | null {
  try {
    const settings = JSON.parse(fs.readFileSync(emulatorConfigFile(dataDir), 'utf8')) as {
      emulators?: { hub?: { host?: string; port?: number } };
    };
    const hub = settings.emulators?.hub;
    return hub?.port ? `http://${hub.host ?? '127.0.0.1'}:${hub.port}` : null;
  } catch {
    return null;
  }
}

/** Asks the running emulator to write its accounts into `targetDir` (which must not exist). */
export async function exportAccounts(hubUrl: string, targetDir: string): Promise<void> {
  const response = await fetch(`${hubUrl}/_admin/export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: targetDir, initiatedBy: 'store', targets: ['auth'] }),
    signal: AbortSignal.timeout(60_000),
  });
  if (!response.ok) {
    throw new Error(`the Auth emulator did not export its accounts: ${await response.text()}`);
  }
}

/** When an export was made: its metadata file is the last thing the emulator writes into it. */
function madeAt(exportDir: string): number {
  return fs.statSync(path.join(exportDir, METADATA), { throwIfNoEntry: false })?.mtimeMs ?? -1;
}

/** The complete exports in `auth-exports/`, oldest first (the one written at exit included). */
function completeExports(dataDir: string): string[] {
  const dir = exportsDir(dataDir);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((name) => ({ dir: path.join(dir, name), at: madeAt(path.join(dir, name)) }))
    .filter((entry) => entry.at >= 0)
    .sort((a, b) => a.at - b.at || a.dir.localeCompare(b.dir))
    .map((entry) => entry.dir);
}

/** Removes every folder of `auth-exports/` but `keep`, and any export made before it. */
function removeExportsBut(dataDir: string, keep: string, { olderOnly = false } = {}) {
  const dir = exportsDir(dataDir);
  const keptAt = madeAt(keep);
  for (const name of fs.readdirSync(dir)) {
    const other = path.join(dir, name);
    if (other === keep) continue;
    // Another process's export in progress has no metadata yet: left to it.
    const at = madeAt(other);
    if (olderOnly && (at < 0 || at > keptAt)) continue;
    fs.rmSync(other, { recursive: true, force: true });
  }
}

/**
 * Saves the running emulator's accounts as the newest export of `dataDir`; the older exports
 * go once it is complete. One export at a time per process; the callers that arrive while one
 * runs share the next, which starts after it (it holds all they need), so a crowd of sign-ins
 * costs two exports, not one each.
 */
export function accountsSaver(hubUrl: string, dataDir: string) {
  let running: Promise<void> = Promise.resolve();
  let next: Promise<void> | null = null;
  const exportOnce = async () => {
    fs.mkdirSync(exportsDir(dataDir), { recursive: true, mode: 0o700 });
    const target = path.join(exportsDir(dataDir), newExportName());
    await exportAccounts(hubUrl, target);
    removeExportsBut(dataDir, target, { olderOnly: true });
  };
  return {
    save(): Promise<void> {
      if (next) return next;
      const started = running
        .catch(() => {})
        .then(() => {
          next = null;
          return exportOnce();
        });
      next = started;
      running = started;
      return started;
    },
  };
}

/**
 * Before the emulator starts: makes `auth/` the newest complete copy of the accounts, from an
 * export a killed store left in `auth-exports/`, and clears what an interrupted export left.
 * Each step leaves a state this function settles again if it is itself interrupted.
 */
export function settleAccounts(dataDir: string): void {
  const auth = accountsDir(dataDir);
  const previous = `${auth}.previous`;
  // The emulator's export writes a temporary folder in its working folder, the data folder.
  for (const name of fs.readdirSync(dataDir)) {
    if (name.startsWith('firebase-export-')) {
      fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
    }
  }
  const newest = completeExports(dataDir).at(-1);
  if (newest) {
    // The others first: were this interrupted after the promotion, an older export left behind
    // would be taken for the newest next time.
    removeExportsBut(dataDir, newest);
    // `auth.previous` is older than any export: it was `auth` before an export was promoted.
    fs.rmSync(previous, { recursive: true, force: true });
    if (fs.existsSync(auth)) fs.renameSync(auth, previous);
    fs.renameSync(newest, auth);
  } else if (!fs.existsSync(path.join(auth, METADATA)) && fs.existsSync(previous)) {
    fs.rmSync(auth, { recursive: true, force: true });
    fs.renameSync(previous, auth);
  }
  fs.rmSync(previous, { recursive: true, force: true });
  fs.rmSync(exportsDir(dataDir), { recursive: true, force: true });
}
