import { defineConfig } from '@playwright/test';
import base, { outputFolder } from './playwright.config';

const webServer = (Array.isArray(base.webServer) ? base.webServer[0] : base.webServer)!;
// scripts/e2e.ts picks it; this file is read again by every worker, so it must not choose it.
const stripePort = Number(process.env.E2E_STRIPE_PORT ?? 12111);

// `npm run test:machines`: every path of every checkout machine replayed in Chromium (replay/),
// against one store of `npm start` on the free ports and data folder scripts/e2e.ts picks. The
// store takes cards through Stripe, as a real one does: its Stripe API is the stub of the API
// tests on loopback, and the page's Stripe.js a fake the replays serve (replay/stripeWorld.ts).
export default defineConfig({
  ...base,
  testDir: 'replay',
  outputDir: outputFolder('machines'),
  // Each path has its own products and orders; the bag's paths take turns (they share a bag).
  fullyParallel: true,
  workers: process.env.REPLAY_WORKERS ? Number(process.env.REPLAY_WORKERS) : 2,
  reporter: [['list'], ['./replay/countReporter.ts']],
  timeout: 30_000,
  use: { ...base.use, screenshot: 'only-on-failure' },
  webServer: [
    {
      command: 'npx tsx replay/stripeStubServer.ts',
      port: stripePort,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: { E2E_STRIPE_PORT: String(stripePort) },
    },
    {
      ...webServer,
      env: {
        ...webServer.env,
        // One demo shopper places a few hundred orders in minutes, most left unpaid: the limits
        // on that (tested in security/) would stop the replay, not a shopper.
        MAX_HELD_UNITS: '1000000',
        WRITE_RATE_LIMIT: '1000000',
        TOKEN_RATE_LIMIT: '100000',
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_replay',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_replay',
        STRIPE_API_BASE: `http://127.0.0.1:${stripePort}`,
      },
    },
  ],
});
