import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openStoreDatabase } from '../src/storeDatabase';
import { seedIfEmpty } from '../src/db/seed';
import { startEmbeddedDatabase } from '../src/embedded/embeddedDatabase';
import { throwawayDatabase } from '../../scripts/throwawayDatabase';

/** What the test workers read from the environment (set by globalSetup). */
export const TEST_ENV = {
  adminUrl: 'STORE_TEST_ADMIN_URL',
  seeded: 'STORE_TEST_TEMPLATE',
  unseeded: 'STORE_TEST_TEMPLATE_UNSEEDED',
} as const;

/**
 * A throw-away cluster need not survive a power cut, and the tests open many connections at
 * once (two workers, several APIs each, each with its pool, listener and queue).
 */
const THROWAWAY_SETTINGS = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  max_connections: '200',
};

export interface TestDatabaseServer {
  adminUrl: string;
  /** Databases to clone: migrated, and migrated then seeded. */
  templates: { unseeded: string; seeded: string };
  /** Drops the templates, stops the server the run started and removes its folder. */
  close(): Promise<void>;
}

/**
 * The PostgreSQL of a test run: `TEST_DATABASE_URL` if set, else one embedded server (the
 * programs `npm start` runs) in a temporary folder. Its templates are made once, so each test
 * file's database is a copy (`CREATE DATABASE … TEMPLATE`) rather than a migration and a seed.
 */
export async function startTestDatabaseServer(): Promise<TestDatabaseServer> {
  const external = process.env.TEST_DATABASE_URL;
  let folder: string | undefined;
  let stopServer = async () => {};
  let adminUrl: string;
  if (external) {
    adminUrl = external;
  } else {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'store-test-db-'));
    // Run as root, the server's own account must pass this folder to reach its cluster.
    fs.chmodSync(folder, 0o711);
    const server = await startEmbeddedDatabase(path.join(folder, 'postgres'), {
      settings: THROWAWAY_SETTINGS,
    }).catch((err: unknown) => {
      fs.rmSync(folder!, { recursive: true, force: true });
      throw err;
    });
    adminUrl = server.url;
    stopServer = () => server.stop();
  }
  const made: Array<() => Promise<void>> = [];
  const close = async () => {
    try {
      // Templates matter only on a server that outlives the run.
      if (external) for (const drop of made.reverse()) await drop().catch(() => {});
      await stopServer();
    } finally {
      if (folder) fs.rmSync(folder, { recursive: true, force: true });
    }
  };
  try {
    const unseeded = await throwawayDatabase(adminUrl, 'store_template_unseeded');
    made.push(unseeded.drop);
    await (await openStoreDatabase(unseeded.url)).close();
    const seeded = await throwawayDatabase(adminUrl, 'store_template', {
      template: unseeded.name,
    });
    made.push(seeded.drop);
    await (await openStoreDatabase(seeded.url, async (db) => void (await seedIfEmpty(db)))).close();
    return { adminUrl, templates: { unseeded: unseeded.name, seeded: seeded.name }, close };
  } catch (err) {
    await close();
    throw err;
  }
}
