/**
 * Whole stores as `npm start` runs them (`node build/scripts/start.js`, built by the suite's own
 * `npm start`), on free ports and a data folder of the test's: for the tests of what a store
 * keeps across crashes, restarts and backups, and of stores running side by side.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { childPids, freePort, httpOk, startProcess, stopAll, waitFor } from '../scripts/processes';
import type { Managed } from '../scripts/processes';

const root = path.resolve(__dirname, '..');

/** The supervisor's first line once the store runs. */
export const STORE_RUNNING = 'The store is running at';

export interface WholeStore {
  api: string;
  emulator: string;
  dataDir: string;
  env: Record<string, string>;
  proc: Managed;
  /** The supervisor and every process below it, now. */
  processIds(): number[];
  /** Ctrl-C, as a person stops it; waits until the supervisor has exited. */
  stop(): Promise<void>;
}

export interface StoreSettings {
  dataDir: string;
  port: number;
  authPort: number;
  /** Extra environment (DATABASE_URL: empty for the embedded server, whatever the run has). */
  env?: Record<string, string>;
}

/** Ports and a fresh data folder for a store the test will start (maybe several times). */
export async function storeSettings(env: Record<string, string> = {}): Promise<StoreSettings> {
  return {
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'store-whole-')),
    port: await freePort(),
    authPort: await freePort(),
    env,
  };
}

function descendants(pid: number): number[] {
  return childPids(pid).flatMap((child) => [child, ...descendants(child)]);
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * `npm start` on these settings; resolves once the API answers its health check. The
 * supervisor is run as npm's script runs it, or (`throughNpm`) npm itself is, as a person does.
 */
export async function startWholeStore(
  settings: StoreSettings,
  { throughNpm = false } = {},
): Promise<WholeStore> {
  const env = {
    PORT: String(settings.port),
    AUTH_EMULATOR_PORT: String(settings.authPort),
    DATA_DIR: settings.dataDir,
    ...settings.env,
  };
  const [command, args] = throughNpm
    ? ['npm', ['start']]
    : [process.execPath, ['build/scripts/start.js']];
  const proc = startProcess('npm start', command, args, {
    cwd: root,
    quiet: true,
    env,
    stopSignal: 'SIGINT',
  });
  const api = `http://127.0.0.1:${settings.port}`;
  // The supervisor says so once its own API listens; the port alone could be another store's.
  let announced = false;
  proc.child.stdout?.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes(STORE_RUNNING)) announced = true;
  });
  try {
    await waitFor('npm start', async () => announced && (await httpOk(`${api}/api/health`)), {
      abort: proc.exited,
      timeoutMs: 420_000,
    });
  } catch (err) {
    await stopAll([proc]);
    throw new Error(`${(err as Error).message}\n${proc.recentOutput()}`);
  }
  return {
    api,
    emulator: `http://127.0.0.1:${settings.authPort}`,
    dataDir: settings.dataDir,
    env,
    proc,
    processIds: () => [proc.child.pid!, ...descendants(proc.child.pid!)],
    stop: () => stopAll([proc]),
  };
}

/** Signs an account up in a store's emulator; null when that email is taken there. */
export async function signUp(
  store: WholeStore,
  email: string,
  password: string,
): Promise<string | null> {
  const response = await fetch(
    `${store.emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  if (!response.ok) return null;
  return ((await response.json()) as { idToken: string }).idToken;
}

/** Signs in with a password; the ID token, or the emulator's refusal (`EMAIL_NOT_FOUND`...). */
export async function signIn(
  store: WholeStore,
  email: string,
  password: string,
): Promise<{ idToken: string } | { refused: string }> {
  const response = await fetch(
    `${store.emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=k`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string; error?: { message: string } };
  return body.idToken ? { idToken: body.idToken } : { refused: body.error?.message ?? '?' };
}

/** The API's token exchange, as the SPA makes it after every sign-in: the app's token. */
export async function exchange(store: WholeStore, email: string, idToken: string) {
  const response = await fetch(`${store.api}/api/users/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ email }),
  });
  if (!response.ok) throw new Error(`exchange: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** A throw-away email for one test. */
export const someone = (name: string) =>
  `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@lifecycle.test`;
