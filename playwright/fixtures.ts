import { test as base, expect } from '@playwright/test';
import { ADMIN, SHOPPER, appToken } from './accounts';

/** The demo accounts' app tokens, for setting up through the API what a test does not test. */
export interface Tokens {
  shopper(): Promise<string>;
  admin(): Promise<string>;
}

export interface StoreWorkerFixtures {
  tokens: Tokens;
}

/**
 * The fixtures the e2e journeys, the machine replays and the security suite share: import
 * `test` and `expect` from here instead of from `@playwright/test`.
 */
export const test = base.extend<object, StoreWorkerFixtures>({
  tokens: [
    async ({ playwright }, use, info) => {
      const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
      // The store's app tokens live 55 seconds: each is taken again after 30.
      const fresh = (email: string) => {
        let token: { value: string; at: number } | null = null;
        return async () => {
          if (!token || Date.now() - token.at > 30_000) {
            token = { value: await appToken(request, email), at: Date.now() };
          }
          return token.value;
        };
      };
      await use({ shopper: fresh(SHOPPER), admin: fresh(ADMIN) });
      await request.dispose();
    },
    { scope: 'worker' },
  ],
});

export { expect };
