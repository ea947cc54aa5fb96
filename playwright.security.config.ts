import { defineConfig } from '@playwright/test';
import base, { outputFolder } from './playwright.config';

/** The secret the stack under test signs its tokens with, so the suite can forge near-misses. */
export const SECURITY_JWT_SECRET = 'security-suite-secret-0123456789-abcdefghij';
/** Listed in ADMIN_EMAILS of the stack under test, with no account yet: anyone may register it. */
export const UNCLAIMED_ADMIN_EMAIL = 'unclaimed.admin@attack.test';

// `npm run test:security`: the black-box attacks, over HTTP against the stack of `npm start`.
export default defineConfig({
  ...base,
  testDir: 'security',
  // Its own folder: a run empties it, and the other suites may run beside it.
  outputDir: outputFolder('security'),
  webServer: {
    ...(Array.isArray(base.webServer) ? base.webServer[0] : base.webServer)!,
    env: {
      ...(Array.isArray(base.webServer) ? base.webServer[0] : base.webServer)!.env,
      JWT_SECRET: SECURITY_JWT_SECRET,
      ADMIN_EMAILS: `admin@store.test,${UNCLAIMED_ADMIN_EMAIL}`,
      // Every file signs people in from this one address; the flood test has a process of its own.
      TOKEN_RATE_LIMIT: '100000',
      // The fuzzer sends thousands of writes; write limits are tested in-process.
      WRITE_RATE_LIMIT: '1000000',
      // Files order much of a product; the share unpaid orders may hold is tested in holds.spec.ts.
      MAX_HELD_SHARE: '100',
    },
  },
});
