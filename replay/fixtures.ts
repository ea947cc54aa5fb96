import { test as base, expect, type Browser } from '@playwright/test';
import { ADMIN, PASSWORD, SHOPPER, appToken } from '../e2e/storeApi';

/** Signs in at the login page once, and keeps the session (the Auth SDK keeps it in IndexedDB). */
async function signedInState(browser: Browser, baseURL: string, email: string, file: string) {
  // Explicitly nobody: contexts made here would otherwise get the test's signed-in state.
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto('/dashboard/myorder');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/myorder$/);
  await context.storageState({ path: file, indexedDB: true });
  await context.close();
  return file;
}

/** The demo accounts' app tokens, for setting up through the API what a path does not test. */
export interface Tokens {
  shopper(): Promise<string>;
  admin(): Promise<string>;
}

interface WorkerFixtures {
  shopperState: string;
  tokens: Tokens;
}

/**
 * Each worker signs the demo shopper in once; every replay opens a page already
 * signed in as the shopper, so no path spends its time on the login form it does not test.
 */
export const test = base.extend<object, WorkerFixtures>({
  shopperState: [
    async ({ browser }, use, info) => {
      const baseURL = info.project.use.baseURL!;
      const file = `${info.project.outputDir}/.shopper-${info.workerIndex}.json`;
      await use(await signedInState(browser, baseURL, SHOPPER, file));
    },
    { scope: 'worker' },
  ],
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
  storageState: ({ shopperState }, use) => use(shopperState),
  // No network beyond loopback: Stripe's hosts are the replay's to answer (stripeWorld.ts).
  context: async ({ context }, use) => {
    await context.route(/^https?:\/\/(?!(127\.0\.0\.1|localhost)[:/])/, (route) =>
      route.abort('blockedbyclient'),
    );
    await use(context);
  },
});

export { expect };
