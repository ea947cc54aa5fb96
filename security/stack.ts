/**
 * Real API processes for the concurrency, payment, crash and soak tests. Each one is
 * `node --import tsx server/src/main.ts` on a free port of its own, against a throw-away
 * database (a PGlite folder, or a fresh database on the PostgreSQL server of DATABASE_URL), and
 * signs people in through the Auth emulator of the stack under test. Everything here talks
 * HTTP; the databases are opened directly only as an oracle, after the fact.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { SECURITY_JWT_SECRET } from '../playwright.security.config';
import { apiProgramArgs } from '../scripts/apiProgram';
import {
  freePort,
  httpOk,
  startProcess,
  stopAll,
  waitFor,
  type Managed,
} from '../scripts/processes';
import { signInThroughEmulator } from '../scripts/signIn';
import { startEmbeddedDatabase } from '../server/src/embedded/embeddedDatabase';
import { emulatorUrl } from './identity';

const root = path.resolve(__dirname, '..');

/** The PostgreSQL server of this run, if any: then the PostgreSQL variants run, else PGlite's. */
export const POSTGRES_URL = process.env.DATABASE_URL?.trim() || null;
export const NEEDS_POSTGRES =
  'needs DATABASE_URL (a PostgreSQL server to create throw-away databases on), as in .ci/run';
export const PGLITE_RUN_ONLY =
  'runs in the PGlite run (without DATABASE_URL); this run is the PostgreSQL one';
/** Tests of what never reaches the database, or does the same on either, run once (issue 27). */
export const DATABASE_AGNOSTIC =
  'never reaches the database, or behaves the same on either: the PGlite run has it';

/** Made an admin by ADMIN_EMAILS in every API process started here. */
export const ADMIN_EMAIL = 'guard@attack.test';
/** The spec's refusal when the stock cannot cover an order. */
export const STOCK_MESSAGE = 'please input a Available quantity';

// ---------------------------------------------------------------------------------------------
// Throw-away databases

export interface ThrowAwayDatabase {
  kind: 'pglite' | 'postgres';
  /** What points an API process at it. */
  env: Record<string, string>;
  /** SQL as an oracle. PGlite: only while no API process holds the folder (one owner at a time). */
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  drop(): Promise<void>;
}

const disposers: Array<() => Promise<void>> = [];

/**
 * What the embedded database makes of an empty folder at its first start, before it serves
 * (`main.ts --create`: initdb and the schema, in a throw-away process), made once per worker and
 * copied into every fresh PGlite folder: making it was most of an API's start (27 s, 10 s from
 * a copy, at load 8 on 2 cores), in some 30 tests a run. The copy is that same folder, so each
 * API still makes its own password and seeds the catalogue as at any first start; a first start
 * from an empty folder is still run whole by the stack under test and by every whole store
 * (wholeStore.ts).
 */
let created: Promise<string> | null = null;
let createdIn: string | null = null;

function createdPglite(): Promise<string> {
  created ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-security-created-'));
    const folder = path.join(dir, 'pglite');
    const entry = path.join(root, 'server/src/embedded/main.ts');
    try {
      await promisify(execFile)(process.execPath, ['--import', 'tsx', entry, '--create', folder], {
        cwd: root,
      });
    } catch (err) {
      fs.rmSync(dir, { recursive: true, force: true });
      created = null;
      throw err;
    }
    createdIn = dir;
    return folder;
  })();
  return created;
}

/** A new data folder holding a database as a first start leaves it (see `createdPglite`). */
async function pgliteDataDir(): Promise<string> {
  const from = await createdPglite();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-security-'));
  // Owner-only, as the database process makes it.
  fs.mkdirSync(path.join(dataDir, 'pglite'), { mode: 0o700 });
  fs.cpSync(from, path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

async function pgliteDatabase(): Promise<ThrowAwayDatabase> {
  const dataDir = await pgliteDataDir();
  const database: ThrowAwayDatabase = {
    kind: 'pglite',
    // An empty DATABASE_URL, so a PostgreSQL run's variable does not leak into a PGlite process.
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    async query<Row>(text: string, params?: unknown[]) {
      const db = new PGlite(path.join(dataDir, 'pglite'));
      try {
        return (await db.query<Row>(text, params)).rows;
      } finally {
        await db.close();
      }
    },
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
  disposers.push(database.drop);
  return database;
}

/**
 * An embedded database process of its own (as `npm start` runs it), for several API processes
 * to share: they reach it by URL, as they would reach PostgreSQL.
 */
export async function sharedEmbeddedDatabase(): Promise<ThrowAwayDatabase> {
  const dataDir = await pgliteDataDir();
  const embedded = await startEmbeddedDatabase(path.join(dataDir, 'pglite'), { log: () => {} });
  const database: ThrowAwayDatabase = {
    kind: 'pglite',
    env: { DATA_DIR: dataDir, DATABASE_URL: embedded.url },
    query: async <Row>(text: string, params?: unknown[]) =>
      (await withClient(embedded.url, (client) => client.query(text, params))).rows as Row[],
    drop: async () => {
      await embedded.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
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

/** A fresh database of the kind this run is about: PostgreSQL with DATABASE_URL, else PGlite. */
export function freshDatabase(kind: 'pglite' | 'postgres'): Promise<ThrowAwayDatabase> {
  if (kind === 'pglite') return pgliteDatabase();
  if (!POSTGRES_URL) throw new Error(NEEDS_POSTGRES);
  return postgresDatabase(POSTGRES_URL);
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
// A worker that dies never leaves an API behind (nor the folder fresh ones are copied from).
process.on('exit', () => {
  if (createdIn) fs.rmSync(createdIn, { recursive: true, force: true });
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
    apiProgramArgs({ from: 'source', nodeArgs: options.nodeArgs, preload: options.preload }),
    {
      cwd: root,
      quiet: true,
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
 * A store of one test's own: API processes with these settings on a fresh database of this run's
 * kind (`processes` of them on PostgreSQL, one on PGlite, which is one process per data folder),
 * signing people in through the stack's Auth emulator, and its admin signed in at the first.
 */
export async function startStore(
  request: APIRequestContext,
  { env, processes = 1 }: { env?: Record<string, string>; processes?: number } = {},
) {
  const database = await freshDatabase(POSTGRES_URL ? 'postgres' : 'pglite');
  const emulator = await emulatorHost(request);
  const apis = await Promise.all(
    Array.from({ length: database.kind === 'postgres' ? processes : 1 }, () =>
      startApi({ database, emulatorHost: emulator, env }),
    ),
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
