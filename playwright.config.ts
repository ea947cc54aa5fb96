import { defineConfig, devices } from '@playwright/test';

// `npm run test:e2e` (scripts/e2e.ts) picks free ports and a temporary data folder and passes
// them here; this file is read again by every worker, so it must not choose them itself.
const port = Number(process.env.E2E_PORT ?? 8080);
const authPort = Number(process.env.E2E_AUTH_PORT ?? 9099);
const dataDir = process.env.E2E_DATA_DIR ?? 'data/e2e';

/** A suite's output folder; a shard has its own, since a run empties its folder at start. */
export const outputFolder = (suite: string) =>
  `test-results/${suite}${process.env.E2E_SHARD ? `-${process.env.E2E_SHARD}` : ''}`;

export default defineConfig({
  testDir: 'e2e',
  // Each suite its own folder: the suites run side by side in CI and each empties its own.
  outputDir: outputFolder('e2e'),
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording a trace costs every test time; in CI (one retry) only a retry records one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium: this project never downloads a browser.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // What `npm start` runs once built (scripts/e2e.ts builds first): compiled JavaScript.
    command: 'node build/scripts/start.js',
    url: `http://127.0.0.1:${port}/api/health`,
    // Printed once the store's own API listens: another store that took the port meanwhile
    // answers the health check too, and the suite would run against it.
    wait: { stdout: /The store is running at/ },
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      AUTH_EMULATOR_PORT: String(authPort),
      DATA_DIR: dataDir,
      // The embedded mailbox (e2e/emails.spec.ts), whatever the shell has; a retry within a second.
      SMTP_URL: '',
      EMAIL: 'on',
      EMAIL_RETRY_SECONDS: '1',
    },
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
  },
});
