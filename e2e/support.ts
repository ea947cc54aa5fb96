import { expect, type Locator, type Page } from '@playwright/test';

export const screenshots = 'e2e/screenshots';

/** Scrolls through the page so lazy images load, then waits for every image to finish. */
export async function loadLazyImages(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
}

/**
 * At least `count` of `items`. The journeys share one database per run, and some add products
 * and reviews, so a list holds the seeded rows and maybe more.
 */
export async function expectAtLeast(items: Locator, count: number) {
  await expect(items.nth(count - 1)).toBeVisible();
}
