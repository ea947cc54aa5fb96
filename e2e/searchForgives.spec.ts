import { expect, test, type Page } from '@playwright/test';
import { screenshots } from './support';

const cards = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('article');

/** Errors the app logs in the browser console, and its uncaught exceptions. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The page is as wide as the screen: nothing runs off to the side. */
async function expectWithinScreen(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

for (const [width, height] of [
  [390, 844],
  [1280, 900],
] as const) {
  test.describe(`at ${width}px`, () => {
    test.beforeEach(({ page }) => page.setViewportSize({ width, height }));

    test('"batery" finds the battery, and a word close to none is offered a fix', async ({
      page,
    }) => {
      const errors = consoleErrors(page);
      await page.goto('/shop?q=batery');
      await expect(cards(page).filter({ hasText: 'PowerCell AGM Battery' })).toBeVisible();
      await page.screenshot({ path: `${screenshots}/search-typo-${width}.png`, fullPage: true });

      await page.goto('/shop?q=batry');
      await expect(page.getByText('No products match your search.')).toBeVisible();
      const fix = page.getByRole('link', { name: 'battery' });
      await expect(fix).toBeVisible();
      await page.screenshot({ path: `${screenshots}/search-did-you-mean-${width}.png` });
      await fix.click();
      await expect(cards(page).filter({ hasText: 'PowerCell AGM Battery' })).toBeVisible();
      expect(errors).toEqual([]);
    });

    test('a 2,000-character search keeps the page within the screen', async ({ page }) => {
      // The API takes 200 characters at most: the address may hold more, the page must cope.
      await page.goto(`/shop?q=${'x'.repeat(2000)}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectWithinScreen(page);
      await page.goto(`/shop?q=${'x'.repeat(150)}`);
      await expect(page.getByText('No products match your search.')).toBeVisible();
      await expectWithinScreen(page);
      await page.screenshot({ path: `${screenshots}/search-long-${width}.png`, fullPage: true });
    });

    test('a missing product page answers 404 and logs no error', async ({ page }) => {
      const errors = consoleErrors(page);
      const response = await page.goto('/productdetails/00000000-0000-0000-0000-000000000000');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${screenshots}/product-404-${width}.png`, fullPage: true });
      // The browser's own line for the 404 answer is not the app's.
      expect(errors.filter((text) => !/status of 404/.test(text))).toEqual([]);
    });
  });
}
