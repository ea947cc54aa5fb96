/**
 * Real API processes for the concurrency, payment, crash and soak tests. Each one is the API
 * program as `npm start` runs it (`build/server/src/main.js`) on a free port of its own, against
 * a throw-away database (a data folder of its own, whose embedded PostgreSQL server the API starts as
 * `npm start` does, or a fresh database on the PostgreSQL server of DATABASE_URL), and signs
 * people in through the Auth emulator of the stack under test. Everything here talks HTTP; the
 * databases are opened directly only as an oracle.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { SECURITY_JWT_SECRET } from '../playwright.security.config';
import { apiProgramArgs } from '../scripts/apiProgram';
import {
  freePort,
  httpOk,
  startProcess,
  stopAll,
  untilListening,
  waitFor,
  type Managed,
} from '../scripts/processes';
import { signInThroughEmulator } from '../scripts/signIn';
import { databasePassword, embeddedUrl } from '../server/src/embedded/databaseSecret';
import { embeddedPaths, startEmbeddedDatabase } from '../server/src/embedded/embeddedDatabase';
import { processAlive } from '../server/src/embedded/folderLock';
import { emulatorUrl } from './identity';

const root = path.resolve(__dirname, '..');

/**
 * The PostgreSQL server of this run, if DATABASE_URL names one: every fresh database is then a
 * database of its own on it. Without it (CI), each is a data folder of its own.
 */
export const POSTGRES_URL = process.env.DATABASE_URL?.trim() || null;

/** Made an admin by ADMIN_EMAILS in every API process started here. */
export const ADMIN_EMAIL = 'guard@attack.test';
/** The spec's refusal when the stock cannot cover an order. */
export const STOCK_MESSAGE = 'please input a Available quantity';

// ---------------------------------------------------------------------------------------------
// Throw-away databases

export interface ThrowAwayDatabase {
  /** What `/api/health` of an API process on it says. */
  kind: 'embedded' | 'postgres';
  /** What points an API process at it. */
  env: Record<string, string>;
  /** The data folder of an embedded one: its cluster is `postgres/cluster` in it. */
  dataDir: string | null;
  /** SQL as an oracle, whether an API process runs on it or not. */
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  drop(): Promise<void>;
}

const disposers: Array<() => Promise<void>> = [];

/** A fresh data folder, passable by the embedded server's own user when run as root. */
function freshDataDir(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-security-'));
  fs.chmodSync(dataDir, 0o711);
  return dataDir;
}

/** The pid and port of the server running on this data folder's cluster, if one runs. */
export function runningServer(dataDir: string): { pid: number; port: number } | null {
  let lines: string[];
  try {
    lines = fs
      .readFileSync(
        path.join(embeddedPaths(path.join(dataDir, 'postgres')).cluster, 'postmaster.pid'),
        'utf8',
      )
      .split('\n');
  } catch {
    return null;
  }
  const [pid, port] = [Number(lines[0]), Number(lines[3])];
  return Number.isInteger(pid) && pid > 0 && processAlive(pid) && port > 0 ? { pid, port } : null;
}

/**
 * SQL on an embedded data folder: through the server an API runs on it, or, when none runs,
 * through one started for the query alone.
 */
async function queryEmbedded<Row>(dataDir: string, text: string, params?: unknown[]) {
  const postgresDir = path.join(dataDir, 'postgres');
  const running = runningServer(dataDir);
  if (running) {
    const url = embeddedUrl(running.port, databasePassword(postgresDir));
    return (await withClient(url, (client) => client.query(text, params))).rows as Row[];
  }
  const embedded = await startEmbeddedDatabase(postgresDir, { log: () => {} });
  try {
    return (await withClient(embedded.url, (client) => client.query(text, params))).rows as Row[];
  } finally {
    await embedded.stop();
  }
}

/**
 * Removes a data folder once the server on it is gone: an API killed a moment ago leaves its
 * server a moment to stop (its watchdog asks it to), and a server still writing its files would
 * keep the folder from being removed.
 */
async function removeDataDir(dataDir: string) {
  const running = runningServer(dataDir);
  if (running) {
    const gone = async () => !processAlive(running.pid);
    await waitFor('the database server of a stopped API to stop', gone, {
      timeoutMs: 20_000,
      intervalMs: 50,
    }).catch(() => {
      // Its watchdog was killed too: the test's own server, nobody else's.
      if (processAlive(running.pid)) process.kill(running.pid, 'SIGKILL');
    });
  }
  fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
}

/** A data folder of its own: the first API process started on it starts its server. */
function embeddedDatabase(): ThrowAwayDatabase {
  const dataDir = freshDataDir();
  const database: ThrowAwayDatabase = {
    kind: 'embedded',
    // An empty DATABASE_URL, so a variable of the environment does not reach the API process.
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    dataDir,
    query: (text, params) => queryEmbedded(dataDir, text, params),
    drop: () => removeDataDir(dataDir),
  };
  disposers.push(database.drop);
  return database;
}

/**
 * A data folder whose embedded server runs here, for several API processes to share: they
 * reach it by URL, as the API processes of `npm start` with API_PROCESSES > 1 do.
 */
async function sharedEmbeddedDatabase(): Promise<ThrowAwayDatabase> {
  const dataDir = freshDataDir();
  const embedded = await startEmbeddedDatabase(path.join(dataDir, 'postgres'), { log: () => {} });
  const database: ThrowAwayDatabase = {
    kind: 'embedded',
    env: { DATA_DIR: dataDir, DATABASE_URL: embedded.url },
    dataDir,
    query: async <Row>(text: string, params?: unknown[]) =>
      (await withClient(embedded.url, (client) => client.query(text, params))).rows as Row[],
    drop: async () => {
      await embedded.stop();
      await removeDataDir(dataDir);
    },
  };
  disposers.push(database.drop);
  return database;
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

async function postgresDatabase(serverUrl: string): Promise<ThrowAwayDatabase> {
  const name = `security_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  await withClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database: ThrowAwayDatabase = {
    kind: 'postgres',
    env: { DATABASE_URL: url.toString() },
    dataDir: null,
    query: async <Row>(text: string, params?: unknown[]) =>
      (await withClient(url.toString(), (client) => client.query(text, params))).rows as Row[],
    drop: async () => {
      await withClient(serverUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
  disposers.push(database.drop);
  return database;
}

/**
 * A fresh store database: a database of its own on the server of DATABASE_URL, else a data
 * folder of its own. `shared`: for several API processes at once (without DATABASE_URL its
 * embedded server runs here, as one API process's would).
 */
export async function freshDatabase({ shared = false } = {}): Promise<ThrowAwayDatabase> {
  if (POSTGRES_URL) return postgresDatabase(POSTGRES_URL);
  return shared ? sharedEmbeddedDatabase() : embeddedDatabase();
}

// ---------------------------------------------------------------------------------------------
// API processes

export interface ApiProcess {
  url: string;
  port: number;
  proc: Managed;
  /** Calls `listener` with every line the process prints on stdout; returns the unsubscribe. */
  onLine(listener: (line: string) => void): () => void;
  /** SIGKILL to the whole process group: no shutdown hook runs, nothing is flushed. */
  kill(): Promise<void>;
  /** SIGTERM: the API finishes its requests and closes the database. */
  stop(): Promise<void>;
}

export interface ApiOptions {
  database: ThrowAwayDatabase;
  /** `host:port` of the Auth emulator (see `emulatorHost`). */
  emulatorHost: string;
  /** A fixed port, e.g. to restart in the same place; a free one otherwise. */
  port?: number;
  env?: Record<string, string>;
  /** Node options, e.g. `--expose-gc`. */
  nodeArgs?: string[];
  /** Test-only preloads, imported after tsx (so they may be TypeScript), before the server. */
  preload?: string[];
}

const running = new Set<Managed>();
// A worker that dies never leaves an API behind (nor, by their watchdogs, their databases).
process.on('exit', () => {
  for (const proc of running) {
    try {
      process.kill(-proc.child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

export async function startApi(options: ApiOptions): Promise<ApiProcess> {
  const port = options.port ?? (await freePort());
  const proc = startProcess(
    'api',
    process.execPath,
    // The compiled program `npm start` runs (the suite builds it first): it starts on about half
    // the CPU of the TypeScript through tsx, which only a TypeScript preload needs.
    apiProgramArgs({
      from: options.preload?.length ? 'source' : 'build',
      nodeArgs: options.nodeArgs,
      preload: options.preload,
    }),
    {
      cwd: root,
      quiet: true,
      ipc: true,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        SPA_DIR: 'none',
        LOG_LEVEL: 'warn',
        FIREBASE_AUTH_EMULATOR_HOST: options.emulatorHost,
        JWT_SECRET: SECURITY_JWT_SECRET,
        ADMIN_EMAILS: ADMIN_EMAIL,
        PAYMENT_PROVIDER: 'local',
        // These tests send thousands of requests from one address; the limits are tested elsewhere.
        WRITE_RATE_LIMIT: '100000000',
        TOKEN_RATE_LIMIT: '100000',
        // Their shoppers order thousands of units; the hold limit is tested in holds.spec.ts.
        MAX_HELD_UNITS: '100000000',
        // ... and the whole of a product; the share of a product is tested there too.
        MAX_HELD_SHARE: '100',
        // Signed in once for runs longer than the minute an app token lives by default.
        ACCESS_TOKEN_TTL: '3600',
        ...options.database.env,
        ...options.env,
      },
    },
  );
  running.add(proc);
  void proc.exited.then(() => running.delete(proc));

  const listeners: Array<(line: string) => void> = [];
  let partial = '';
  proc.child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) for (const listener of [...listeners]) listener(line);
  });

  const url = `http://127.0.0.1:${port}`;
  try {
    await untilListening(proc, `The API on port ${port}`);
    await waitFor(`The API on port ${port}`, () => httpOk(`${url}/api/health`), {
      abort: proc.exited,
      intervalMs: 100,
    });
  } catch (err) {
    await stopAll([proc], 0);
    throw new Error(`${(err as Error).message}\n${proc.recentOutput()}`);
  }
  // The process must run on the database the test is about, not on one the environment chose.
  const health = await (await fetch(`${url}/api/health`)).json();
  if (health.database !== options.database.kind) {
    await stopAll([proc], 0);
    throw new Error(`The API runs on ${health.database}, expected ${options.database.kind}`);
  }
  return {
    url,
    port,
    proc,
    onLine: (listener) => {
      listeners.push(listener);
      return () => {
        const at = listeners.indexOf(listener);
        if (at >= 0) listeners.splice(at, 1);
      };
    },
    kill: () => stopAll([{ ...proc, stopSignal: 'SIGKILL' }], 0),
    stop: () => stopAll([proc], 15_000),
  };
}

/**
 * The API's memory right after a full GC, from the test-only preload `security/memoryProbe.ts`
 * (the process must run with `--expose-gc` and that preload).
 */
export function memoryAfterGc(api: ApiProcess): Promise<NodeJS.MemoryUsage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error('The API printed no memory report within 30 s of SIGUSR2'));
    }, 30_000);
    const unsubscribe = api.onLine((line) => {
      if (!line.startsWith('{"memoryProbe"')) return;
      clearTimeout(timer);
      unsubscribe();
      const report = JSON.parse(line);
      if (report.memoryProbe) resolve(report.memoryProbe);
      else reject(new Error(report.error));
    });
    process.kill(api.proc.child.pid!, 'SIGUSR2');
  });
}

/** Kills every API process still running and drops every throw-away database (afterEach). */
export async function cleanUp() {
  await stopAll([...running], 0);
  const failures: unknown[] = [];
  for (const drop of disposers.splice(0)) await drop().catch((err) => failures.push(err));
  if (failures.length > 0) throw failures[0];
}

/** `host:port` of the Auth emulator the stack under test uses. */
export async function emulatorHost(request: APIRequestContext): Promise<string> {
  return new URL(await emulatorUrl(request)).host;
}

// ---------------------------------------------------------------------------------------------
// HTTP

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** One JSON request; network errors are thrown (the crash test counts them). */
export async function call(
  base: string,
  method: string,
  route: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(`${base}${route}`, {
    method,
    headers,
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text for the failure message
  }
  return { status: response.status, body };
}

/**
 * Signs in like the SPA: an emulator account, then the token exchange at `api`. Its email is
 * verified (only verified accounts hold stock) unless `verified: false`; the admin's always is.
 */
export function signIn(
  api: string,
  emulator: string,
  email: string,
  { verified = true }: { verified?: boolean } = {},
): Promise<string> {
  return signInThroughEmulator({
    api,
    emulator: `http://${emulator}`,
    email,
    password: 'attack-pass-123',
    verifyEmail: verified || email === ADMIN_EMAIL,
  });
}

/**
 * A store of one test's own: `processes` API processes with these settings on a fresh database,
 * signing people in through the stack's Auth emulator, and its admin signed in at the first.
 */
export async function startStore(
  request: APIRequestContext,
  { env, processes = 1 }: { env?: Record<string, string>; processes?: number } = {},
) {
  const database = await freshDatabase({ shared: processes > 1 });
  const emulator = await emulatorHost(request);
  const apis = await Promise.all(
    Array.from({ length: processes }, () => startApi({ database, emulatorHost: emulator, env })),
  );
  const admin = await signIn(apis[0]!.url, emulator, ADMIN_EMAIL);
  return { database, emulator, apis, admin };
}

export const shopperEmail = (tag: string, i: number) =>
  `${tag}.${i}.${Date.now().toString(36)}@attack.test`;

export interface NewProduct {
  _id: string;
  name: string;
  price: number;
  availablequantity: number;
}

/** A new product with the given stock (no minimum order), added by the admin over HTTP. */
export async function addProduct(
  api: string,
  adminToken: string,
  stock: number,
  price = 89.99,
): Promise<NewProduct> {
  const created = await call(api, 'POST', '/api/product', {
    token: adminToken,
    body: {
      name: `Security tyre ${Math.random().toString(36).slice(2, 8)}`,
      description: 'Stock for the concurrency tests.',
      price,
      orderquantity: 0,
      availablequantity: stock,
      img: '/images/products/summer-tyre.svg',
    },
  });
  if (created.status !== 201) {
    throw new Error(`add product: ${created.status} ${JSON.stringify(created.body)}`);
  }
  return created.body as NewProduct;
}

export const orderBody = (productId: string, quantity = 1) => ({
  productId,
  name: 'Concurrent Shopper',
  address: '1 Race Road',
  number: '555 0100',
  quantity,
});

export async function stockOf(api: string, productId: string): Promise<number> {
  const answer = await call(api, 'GET', `/api/productDetails/${productId}`);
  if (answer.status !== 200) throw new Error(`product details: ${answer.status}`);
  return answer.body.availablequantity as number;
}
