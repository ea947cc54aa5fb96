import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAuthEmulator } from '../../scripts/emulator';
import { freePort, stopAll } from '../../scripts/processes';
import { startTestDatabaseServer, TEST_ENV } from './testDatabase';

/**
 * For the whole run, started side by side: one Auth emulator (the server tests verify real
 * Firebase ID tokens) and one PostgreSQL with the templates each test file's database is
 * cloned from. Their addresses reach the test workers through the environment.
 */
export default async function globalSetup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-test-auth-'));
  const port = await freePort();
  const [emulator, database] = await Promise.allSettled([
    startAuthEmulator(dir, port),
    startTestDatabaseServer(),
  ]);
  if (emulator.status === 'rejected' || database.status === 'rejected') {
    // Jest runs no teardown when the setup fails: what did start is stopped here.
    if (emulator.status === 'fulfilled') await stopAll([emulator.value], 10_000);
    if (database.status === 'fulfilled') await database.value.close();
    fs.rmSync(dir, { recursive: true, force: true });
    throw emulator.status === 'rejected'
      ? emulator.reason
      : (database as PromiseRejectedResult).reason;
  }
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${port}`;
  process.env[TEST_ENV.adminUrl] = database.value.adminUrl;
  process.env[TEST_ENV.seeded] = database.value.templates.seeded;
  process.env[TEST_ENV.unseeded] = database.value.templates.unseeded;
  (globalThis as Record<string, unknown>).__testServices = {
    emulator: emulator.value,
    dir,
    database: database.value,
  };
}
