/**
 * PostgreSQL's pg_restore, for old backup files of a store on PostgreSQL (format 1, pg_dump's
 * custom format) only: found on PATH or in Debian's /usr/lib/postgresql/<version>/bin, the
 * newest first. Backups of today need no program of PostgreSQL's.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Refusal } from './storeData';

export function pgTool(name: 'pg_restore'): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    if (fs.existsSync(candidate)) return candidate;
  }
  const debian = '/usr/lib/postgresql';
  const versions = fs.existsSync(debian)
    ? fs
        .readdirSync(debian)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const candidate = path.join(debian, version, 'bin', name);
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Refusal(
    `${name} was not found. This backup file is of an older store on PostgreSQL (made with ` +
      `pg_dump): install PostgreSQL's client programs (Debian: apt-get install postgresql-client) ` +
      'or put them on PATH.',
  );
}

/**
 * How libpq programs reach `url`: the URL without its password as `--dbname`, the password in
 * PGPASSWORD (so it is not in the process list).
 */
export function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Refusal('DATABASE_URL is not a URL (postgres://user:password@host:port/database).');
  }
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** The URL as it may be printed: without its password. */
export function shown(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(DATABASE_URL)';
  }
}

/** Runs a program to its end; rejects with what it printed on stderr. */
export function run(
  program: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; input?: NodeJS.ReadableStream; output?: number } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      env: options.env,
      stdio: [options.input ? 'pipe' : 'ignore', options.output ?? 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    if (options.input) options.input.pipe(child.stdin!);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(
            new Refusal(`${path.basename(program)} failed: ${stderr.trim() || `exit ${code}`}`),
          ),
    );
  });
}
