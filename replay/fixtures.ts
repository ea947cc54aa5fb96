import type { Browser } from '@playwright/test';
import { SHOPPER, logIn } from '../playwright/accounts';
import { test as storeTest, expect } from '../playwright/fixtures';

export type { Tokens } from '../playwright/fixtures';

/** Signs in at the login page once, and keeps the session (the Auth SDK keeps it in IndexedDB). */
async function signedInState(browser: Browser, baseURL: string, email: string, file: string) {
  // Explicitly nobody: contexts made here would otherwise get the test's signed-in state.
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto('/dashboard/myorder');
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/dashboard\/myorder$/);
  await context.storageState({ path: file, indexedDB: true });
  await context.close();
  return file;
}

/**
 * Each worker signs the demo shopper in once; every replay opens a page already
 * signed in as the shopper, so no path spends its time on the login form it does not test.
 */
export const test = storeTest.extend<object, { shopperState: string }>({
  shopperState: [
    async ({ browser }, use, info) => {
      const baseURL = info.project.use.baseURL!;
      const file = `${info.project.outputDir}/.shopper-${info.workerIndex}.json`;
      await use(await signedInState(browser, baseURL, SHOPPER, file));
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
