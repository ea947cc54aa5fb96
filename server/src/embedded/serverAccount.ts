import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Who the embedded PostgreSQL server runs as. PostgreSQL refuses to run as root, so a store run
 * as root (CI, containers) runs it as a system user of its own, `tyre-store-db`, made on first
 * need (`useradd --system`, no home, no shell). Anyone else runs it as themselves.
 */
export const SERVER_USER = 'tyre-store-db';

export interface ServerAccount {
  /** Set when the server runs as another user than this process. */
  uid?: number;
  gid?: number;
}

export const runningAsRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function lookUp(): { uid: number; gid: number } | null {
  const found = spawnSync('id', ['-u', SERVER_USER], { encoding: 'utf8' });
  if (found.status !== 0) return null;
  const gid = spawnSync('id', ['-g', SERVER_USER], { encoding: 'utf8' });
  return { uid: Number(found.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export function serverAccount(): ServerAccount {
  if (!runningAsRoot()) return {};
  let ids = lookUp();
  if (!ids) {
    try {
      execFileSync(
        'useradd',
        [
          '--system',
          '--user-group',
          '--no-create-home',
          '--home-dir',
          '/nonexistent',
          '--shell',
          '/usr/sbin/nologin',
          SERVER_USER,
        ],
        { stdio: 'pipe' },
      );
    } catch (err) {
      // Another store may have made it in the meantime.
      if (!lookUp()) {
        throw new Error(
          `Run as root, the embedded database runs as the system user ${SERVER_USER} ` +
            `(PostgreSQL refuses root), and it could not be made: ${(err as Error).message}. ` +
            `Make it (useradd --system ${SERVER_USER}), or run the store as a normal user.`,
        );
      }
    }
    ids = lookUp()!;
  }
  return ids;
}

/** Whether `account` may reach `target` (pass every folder above it) and enter or run it. */
export function reachable(account: ServerAccount, target: string): boolean {
  if (account.uid === undefined) return true;
  const tried = spawnSync('test', ['-x', target], { uid: account.uid, gid: account.gid });
  return tried.status === 0;
}

/**
 * The store's folders above the cluster (the data folder, `postgres/`), opened to the server's
 * account and no one else: their group becomes the account's, with leave to pass (g+x). A folder
 * others may pass already is left as it is; so is one the store does not own or that is shared
 * (sticky, as /tmp): `reachable` then says whether the account gets through. Not run as root,
 * nothing changes.
 */
export function letServerPass(account: ServerAccount, folders: string[]): void {
  if (account.gid === undefined) return;
  for (const folder of folders) {
    const stat = fs.statSync(folder);
    const shared = (stat.mode & 0o1000) !== 0;
    if (shared || stat.uid !== process.getuid!() || (stat.mode & 0o001) !== 0) continue;
    if (stat.gid !== account.gid) {
      if ((stat.mode & 0o070) !== 0) continue; // another group's access is not taken away
      fs.chownSync(folder, stat.uid, account.gid);
    }
    fs.chmodSync(folder, (stat.mode & 0o777) | 0o010);
  }
}

/**
 * The server's programs where its account can run them. A checkout in a folder only root may
 * enter (`/root/...`) hides the package's programs from it: they are copied once, by version,
 * into a root-owned folder every user may read (`<tmp>/tyre-store-postgres-<version>`), made
 * aside and renamed into place, and used only if root owns it and nobody else may write it.
 */
export function programsFor(account: ServerAccount, bin: string, version: string): string {
  if (account.uid === undefined || reachable(account, path.join(bin, 'postgres'))) return bin;
  const nativeDir = path.dirname(bin);
  const shared = path.join(os.tmpdir(), `tyre-store-postgres-${version}`);
  const trusted = (dir: string) => {
    const stat = fs.lstatSync(dir, { throwIfNoEntry: false });
    return !!stat && stat.isDirectory() && stat.uid === 0 && (stat.mode & 0o022) === 0;
  };
  if (!trusted(shared)) {
    if (fs.existsSync(shared)) fs.rmSync(shared, { recursive: true, force: true });
    const draft = fs.mkdtempSync(`${shared}-draft-`);
    fs.cpSync(nativeDir, draft, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(draft, 0o755);
    try {
      fs.renameSync(draft, shared);
    } catch {
      fs.rmSync(draft, { recursive: true, force: true });
    }
    if (!trusted(shared)) throw new Error(`${shared} is not root's own: remove it`);
  }
  return path.join(shared, 'bin');
}
