import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Db } from '../src/db/client';
import { openStoreDatabase } from '../src/storeDatabase';
import { throwawayDatabase } from '../../scripts/throwawayDatabase';
import { TEST_ENV } from './testDatabase';

/**
 * What `/api/health` says the tests' database is: the embedded server globalSetup started, or
 * the PostgreSQL of TEST_DATABASE_URL.
 */
export const testDatabaseKind: 'embedded' | 'postgres' = process.env.TEST_DATABASE_URL
  ? 'postgres'
  : 'embedded';

/** A config as `npm start` would make, quiet and without the SPA; the caller names the database. */
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

/**
 * A database of its own on the run's PostgreSQL (globalSetup), cloned from a template: migrated
 * and seeded, or only migrated. Dropped by the returned cleanup.
 */
export function createTestDatabase(
  options: { seed?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env[TEST_ENV.adminUrl];
  const template = process.env[options.seed === false ? TEST_ENV.unseeded : TEST_ENV.seeded];
  if (!adminUrl || !template) {
    throw new Error('No test database server: the server tests run through Jest (globalSetup)');
  }
  return throwawayDatabase(adminUrl, 'store_test', { template });
}

export interface TestApp {
  app: FastifyInstance;
  /** The app's database, for arranging and checking what the API cannot show. */
  db: Db;
  /** Where the database is, for a second API on it (`startSecondApp`). */
  databaseUrl: string;
  close(): Promise<void>;
}

/** The whole API in-process on a fresh database, seeded unless `seed` is false. */
export async function startTestApp(
  overrides: Partial<Config> = {},
  options: { seed?: boolean } = {},
): Promise<TestApp> {
  const server = await createTestDatabase(options);
  const config = testConfig({ databaseUrl: server.url, ...overrides });
  const database = await openStoreDatabase(server.url).catch(async (err: unknown) => {
    await server.drop();
    throw err;
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
  const database = await openStoreDatabase(first.databaseUrl, async () => {});
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
