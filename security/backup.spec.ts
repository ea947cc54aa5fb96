/**
 * `npm run backup` and `npm run restore` (issue 26, "Nothing lost"): a store as `npm start` runs
 * it (`node build/scripts/start.js`, on free ports and a data folder of its own) gets a product,
 * an account, its order, review and profile; it is backed up while it runs, stopped, and the
 * backup restored into a fresh data folder (and, in the PostgreSQL run, a fresh database), where
 * a new store finds every one of them and the account signs in with its password.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { freePort } from '../scripts/processes';
import { signInThroughEmulator } from '../scripts/signIn';
import { POSTGRES_URL } from './stack';
import { startWholeStore, type StoreSettings, type WholeStore } from './wholeStore';

const root = path.resolve(__dirname, '..');
const PASSWORD = 'backup-pass-123';

test.setTimeout(600_000);

const folders: string[] = [];
const databases: string[] = [];
const running: WholeStore[] = [];

test.afterEach(async () => {
  for (const store of running.splice(0)) await store.stop();
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  for (const name of databases.splice(0)) {
    await withServer((client) => client.query(`drop database if exists ${name} with (force)`));
  }
});

async function withServer<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_URL! });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

function tempFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'store-backup-'));
  // Run as root, the embedded database's own system user must pass through to its data folder.
  fs.chmodSync(folder, 0o711);
  folders.push(folder);
  return folder;
}

/**
 * A store's settings: a data folder (absent until used), free ports, the store's own Auth
 * emulator, and in the PostgreSQL run a fresh database (an empty DATABASE_URL otherwise, so the
 * run's variable does not leak into the embedded store).
 */
async function newSettings(dataDir: string): Promise<StoreSettings> {
  let databaseUrl = '';
  if (POSTGRES_URL) {
    const name = `backup_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
    await withServer((client) => client.query(`create database ${name}`));
    databases.push(name);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  return {
    dataDir,
    port: await freePort(),
    authPort: await freePort(),
    env: { DATABASE_URL: databaseUrl, FIREBASE_API_KEY: '' },
  };
}

async function startStore(settings: StoreSettings): Promise<WholeStore> {
  const store = await startWholeStore(settings);
  running.push(store);
  return store;
}

async function stopStore(store: WholeStore) {
  await store.stop();
  running.splice(running.indexOf(store), 1);
}

/** `npm run backup|restore -- args` (the same program, through tsx) with a store's settings. */
function runScript(
  script: 'backup' | 'restore',
  args: string[],
  settings: StoreSettings,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [require.resolve('tsx/cli'), `scripts/${script}.ts`, ...args],
      {
        cwd: root,
        env: {
          ...process.env,
          DATA_DIR: settings.dataDir,
          PORT: String(settings.port),
          AUTH_EMULATOR_PORT: String(settings.authPort),
          ...settings.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function call(
  base: string,
  method: string,
  route: string,
  token?: string,
  body?: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return { status: response.status, body: text };
  }
}

/** A password sign-in at the store's emulator: whether it worked, and the account's uid. */
async function passwordSignIn(store: WholeStore, email: string, password: string) {
  const response = await fetch(
    `${store.emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=k`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  return { ok: response.ok, body: (await response.json()) as { localId?: string } };
}

/** No stack trace: a refusal is in words. */
const inWords = (output: string) => expect(output).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);

test('a backup of the running store restores every product, order, review, profile and account', async () => {
  const work = tempFolder();
  const source = await newSettings(path.join(work, 'data'));
  const store = await startStore(source);

  const admin = await signInThroughEmulator({
    api: store.api,
    emulator: store.emulator,
    email: 'admin@store.test',
    password: 'demo-pass-123',
  });
  const created = await call(store.api, 'POST', '/api/product', admin, {
    name: 'Backup Winter 215/60 R16 99H',
    description: 'A tyre that must survive a backup and a restore.',
    price: 123.45,
    orderquantity: 0,
    availablequantity: 40,
    img: '/images/products/summer-tyre.svg',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const product = created.body as { _id: string; name: string };

  const email = `backup.${Date.now().toString(36)}@backup.test`;
  const shopper = await signInThroughEmulator({
    api: store.api,
    emulator: store.emulator,
    email,
    password: PASSWORD,
    // Unpaid orders hold stock: only a verified email may place one.
    verifyEmail: true,
  });
  const uid = (await passwordSignIn(store, email, PASSWORD)).body.localId;
  expect(uid).toBeTruthy();
  const ordered = await call(store.api, 'POST', '/api/order', shopper, {
    productId: product._id,
    name: 'Backup Shopper',
    address: '7 Archive Road',
    number: '555 0177',
    quantity: 3,
  });
  expect(ordered.status, JSON.stringify(ordered.body)).toBe(201);
  const order = ordered.body as { _id: string };
  const reviewed = await call(store.api, 'POST', '/api/review', shopper, {
    name: 'Backup Shopper',
    description: 'Still here after the restore, I hope.',
    Ratings: 4,
    address: 'Archive Town',
    img: '/images/x.png',
  });
  expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(201);
  const profile = {
    name: 'Backup Shopper',
    Department: 'Records',
    Address: '7 Archive Road',
    instituteName: 'Archive School',
    Linkedin: 'https://example.com/backup',
    image: '/images/x.png',
  };
  const saved = await call(store.api, 'POST', '/api/profile', shopper, profile);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);

  // The backup, while the store runs; the store answers as before afterwards.
  const file = path.join(work, 'store backup.tar.gz');
  const backup = await runScript('backup', [file], source);
  expect(backup.code, backup.output).toBe(0);
  expect(backup.output).toMatch(/accounts {2}\d+, from the Auth emulator/);
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  expect((await call(store.api, 'GET', `/api/order/${order._id}`, shopper)).status).toBe(200);
  // Not over a file that is there, and not into a running store.
  const again = await runScript('backup', [file], source);
  expect(again.code).toBe(1);
  expect(again.output).toContain('exists already');
  const intoRunning = await runScript('restore', [file], source);
  expect(intoRunning.code).toBe(1);
  expect(intoRunning.output).toMatch(/is running|still running|other connection/);
  inWords(intoRunning.output);
  await stopStore(store);

  // Into a fresh data folder (created by the restore) and, on PostgreSQL, a fresh database.
  const target = await newSettings(path.join(work, 'restored-data'));
  const restore = await runScript('restore', [file], target);
  expect(restore.code, restore.output).toBe(0);
  expect(restore.output).toContain('The data folder held no store before.');
  if (!POSTGRES_URL) {
    // The restored embedded database has a password of its own, never one from the file.
    const password = (dir: string) => fs.readFileSync(path.join(dir, 'postgres', 'store-password'));
    expect(password(target.dataDir)).not.toEqual(password(source.dataDir));
  }
  const restored = await startStore(target);

  const signedIn = await passwordSignIn(restored, email, PASSWORD);
  expect(signedIn.ok, JSON.stringify(signedIn.body)).toBe(true);
  expect(signedIn.body.localId).toBe(uid);
  const shopperAgain = await signInThroughEmulator({
    api: restored.api,
    emulator: restored.emulator,
    email,
    password: PASSWORD,
  });
  const adminAgain = await signInThroughEmulator({
    api: restored.api,
    emulator: restored.emulator,
    email: 'admin@store.test',
    password: 'demo-pass-123',
  });

  const details = await call(restored.api, 'GET', `/api/productDetails/${product._id}`, adminAgain);
  expect(details.status).toBe(200);
  expect(details.body).toMatchObject({ name: product.name, price: 123.45, availablequantity: 37 });
  const mine = await call(
    restored.api,
    'GET',
    `/api/order?email=${encodeURIComponent(email)}`,
    shopperAgain,
  );
  expect(mine.status).toBe(200);
  expect(mine.body).toEqual([
    expect.objectContaining({ _id: order._id, productId: product._id, quantity: 3 }),
  ]);
  const reviews = await call(restored.api, 'GET', '/api/review');
  expect(reviews.body).toContainEqual(
    expect.objectContaining({ description: 'Still here after the restore, I hope.', Ratings: 4 }),
  );
  const profileAgain = await call(
    restored.api,
    'GET',
    `/api/profile?email=${encodeURIComponent(email)}`,
    shopperAgain,
  );
  expect(profileAgain.status).toBe(200);
  expect(profileAgain.body).toMatchObject(profile);
  // The seeded catalogue came along too: the restored store is the whole store.
  const catalogue = await call(restored.api, 'GET', '/api/product');
  expect((catalogue.body as unknown[]).length).toBeGreaterThan(15);
  await stopStore(restored);

  // A second restore into that data folder moves what it held aside instead of deleting it; a
  // PostgreSQL database that is not empty any more is replaced only when asked to (--force).
  let over = await runScript('restore', [file], target);
  if (POSTGRES_URL) {
    expect(over.code, over.output).toBe(1);
    expect(over.output).toContain('is not empty');
    inWords(over.output);
    over = await runScript('restore', [file, '--force'], target);
  }
  expect(over.code, over.output).toBe(0);
  const aside = fs.readdirSync(target.dataDir).filter((name) => name.startsWith('before-restore-'));
  expect(aside).toHaveLength(1);
  const movedAside = fs.readdirSync(path.join(target.dataDir, aside[0]!));
  expect(movedAside).toContain('auth');
  if (!POSTGRES_URL) expect(movedAside).toContain('postgres');
  const final = await startStore(target);
  const finalAdmin = await signInThroughEmulator({
    api: final.api,
    emulator: final.emulator,
    email: 'admin@store.test',
    password: 'demo-pass-123',
  });
  const finalOrder = await call(final.api, 'GET', `/api/order/${order._id}`, finalAdmin);
  expect(finalOrder.status).toBe(200);
  expect(finalOrder.body).toMatchObject({ email, quantity: 3, expired: false });
  await stopStore(final);
});

test('restore refuses files that are not whole backups, in words, and touches nothing', async () => {
  const work = tempFolder();
  const settings = await newSettings(path.join(work, 'data'));
  const refusals: Array<[string, Buffer, RegExp]> = [
    ['notes.txt', Buffer.from('not a backup\n'), /not a gzip-compressed tar archive/],
    ['cut.tar.gz', zlib.gzipSync(Buffer.alloc(700, 1)).subarray(0, 60), /damaged or cut short/],
  ];
  for (const [name, bytes, message] of refusals) {
    const file = path.join(work, name);
    fs.writeFileSync(file, bytes);
    const result = await runScript('restore', [file], settings);
    expect(result.code, result.output).toBe(1);
    expect(result.output).toMatch(message);
    inWords(result.output);
  }
  const missing = await runScript('restore', [path.join(work, 'nowhere.tar.gz')], settings);
  expect(missing.output).toContain('does not exist');
  expect(fs.existsSync(settings.dataDir)).toBe(false);
});
