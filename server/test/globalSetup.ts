import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAuthEmulator } from '../../scripts/emulator';
import { freePort } from '../../scripts/processes';

/**
 * The server tests verify real Firebase ID tokens: one Auth emulator for the whole run, on a
 * free port. Its address reaches the test workers through the environment.
 */
export default async function globalSetup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-test-auth-'));
  const port = await freePort();
  const emulator = await startAuthEmulator(dir, port);
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${port}`;
  (globalThis as Record<string, unknown>).__authEmulator = { emulator, dir };
}
