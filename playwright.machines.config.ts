import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// `npm run test:machines`: every path of every checkout machine replayed in Chromium (replay/),
// against one store of `npm start` on the free ports and data folder scripts/e2e.ts picks.
export default defineConfig({
  ...base,
  testDir: 'replay',
  outputDir: 'test-results/machines',
  // Each path has its own products and orders; the bag's paths take turns (they share a bag).
  fullyParallel: true,
  workers: process.env.REPLAY_WORKERS ? Number(process.env.REPLAY_WORKERS) : 2,
  reporter: [['list'], ['./replay/countReporter.ts']],
  timeout: 30_000,
  use: { ...base.use, trace: 'retain-on-failure', screenshot: 'only-on-failure' },
});
