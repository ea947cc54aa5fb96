import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/** The secret the stack under test signs its tokens with, so the suite can forge near-misses. */
export const SECURITY_JWT_SECRET = 'security-suite-secret-0123456789-abcdefghij';

// `npm run test:security`: the black-box attacks, over HTTP against the stack of `npm start`.
export default defineConfig({
  ...base,
  testDir: 'security',
  webServer: {
    ...(Array.isArray(base.webServer) ? base.webServer[0] : base.webServer)!,
    env: {
      ...(Array.isArray(base.webServer) ? base.webServer[0] : base.webServer)!.env,
      JWT_SECRET: SECURITY_JWT_SECRET,
      // A small limit, so the flood test floods quickly.
      TOKEN_RATE_LIMIT: '20',
      // The fuzzer sends thousands of writes; write limits are tested in-process.
      WRITE_RATE_LIMIT: '1000000',
    },
  },
});
