import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Db } from '../src/db/client';
import { seedIfEmpty } from '../src/db/seed';
import { startEmbeddedDatabase } from '../src/embedded/embeddedDatabase';
import { throwawayDatabase } from '../../scripts/throwawayDatabase';

/** The databases the server tests run on: PostgreSQL (embedded, or TEST_DATABASE_URL's). */
export const testDatabases: Array<'pglite' | 'postgres'> = ['postgres'];

/** A config as `npm start` would make, with an in-memory database and no SPA. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      SPA_DIR: 'none',
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
      // Tests fire bursts on purpose; the limits themselves are tested with their own config.
      WRITE_RATE_LIMIT: '100000',
      TOKEN_RATE_LIMIT: '100000',
      // Tests order whole stocks (the spec's stock rule); holds.test.ts tests the share.
      MAX_HELD_SHARE: '100',
    }),
    // Fixed, so tests can sign near-miss tokens; the generated development key is tested alone.
    jwtSecret: 'server-tests-secret-0123456789-abcdefghij',
    ...overrides,
  };
}

/** A throw-away embedded PostgreSQL server in a temporary folder, removed by `drop`. */
export async function createEmbeddedDatabase(): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'store-test-db-'));
  // As root the server runs as its own user, which must pass through this folder.
  fs.chmodSync(folder, 0o711);
  const server = await startEmbeddedDatabase(path.join(folder, 'postgres'), {
    settings: { fsync: 'off' },
  });
  return {
    url: server.url,
    drop: async () => {
      await server.stop();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** A throw-away database on the test PostgreSQL server, dropped by the returned cleanup. */
function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  return throwawayDatabase(adminUrl, 'store_test');
}

export interface TestApp {
  app: FastifyInstance;
  /** The app's database, for arranging and checking what the API cannot show. */
  db: Db;
  /** Where the database is, for a second API on it (`startSecondApp`). */
  databaseUrl: string;
  close(): Promise<void>;
}

/** The whole API in-process on a fresh, seeded database of the given kind. */
export async function startTestApp(
  kind: 'pglite' | 'postgres',
  overrides: Partial<Config> = {},
  options: { seed?: boolean } = {},
): Promise<TestApp> {
  const server =
    kind === 'postgres' && process.env.TEST_DATABASE_URL
      ? await createPostgresDatabase()
      : await createEmbeddedDatabase();
  const config = testConfig({ databaseUrl: server.url, ...overrides });
  const seed = options.seed ?? true;
  const database = await openDatabase(server.url, async (db) => {
    if (seed) await seedIfEmpty(db);
  });
  const app = await buildApp(config, { database });
  return {
    app,
    db: database.db,
    databaseUrl: server.url,
    close: async () => {
      await app.close();
      await database.close();
      await server.drop();
    },
  };
}

/**
 * Another API on the database of `first`, as a second API process would be (its own pool, its
 * own catalogue cache); closing it leaves the database to `first`.
 */
export async function startSecondApp(
  first: TestApp,
  overrides: Partial<Config> = {},
): Promise<TestApp> {
  const config = testConfig({ databaseUrl: first.databaseUrl, ...overrides });
  const database = await openDatabase(first.databaseUrl, async () => {});
  const app = await buildApp(config, { database });
  return {
    app,
    db: database.db,
    databaseUrl: first.databaseUrl,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
