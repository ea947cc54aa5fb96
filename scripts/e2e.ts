/**
 * `npm run test:e2e`: runs the Playwright journeys against the whole stack of `npm start`, on
 * free ports and a temporary data folder, so it never touches ./data or a running store.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from './build';
import { freePort } from './processes';

async function main() {
  // The stack under test is `npm start`'s: built first, as `npm start` does.
  await build(true);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-e2e-'));
  const env = {
    ...process.env,
    E2E_PORT: String(await freePort()),
    E2E_AUTH_PORT: String(await freePort()),
    // The machine replays' stub of the Stripe API (playwright.machines.config.ts).
    E2E_STRIPE_PORT: String(await freePort()),
    E2E_DATA_DIR: dataDir,
    // Playwright empties its output folder when a run starts, so two shards running side by side
    // (as CI's lanes do) each write to their own (the configs read this).
    E2E_SHARD: shardOf(process.argv.slice(2)),
  };
  const cli = require.resolve('@playwright/test/cli');
  const result = spawnSync(process.execPath, [cli, 'test', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env,
  });
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(result.status ?? 1);
}

/** `--shard=1/2` or `--shard 1/2` as `1-of-2`; '' when the run is whole. */
function shardOf(args: string[]): string {
  const at = args.findIndex((arg) => arg === '--shard' || arg.startsWith('--shard='));
  if (at < 0) return '';
  const value = args[at].includes('=') ? args[at].split('=')[1] : (args[at + 1] ?? '');
  return value.replace('/', '-of-');
}

void main();
