import { expect, test } from '@playwright/test';
import { screenshots } from './support';

test.use({ javaScriptEnabled: false });

for (const width of [390, 1280]) {
  test(`without JavaScript at ${width}px, no card offers an Add to bag that would do nothing`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/shop');
    const cards = page.getByRole('list', { name: 'Products' }).getByRole('article');
    await expect(cards.first()).toBeVisible();
    await expect(cards.first().getByRole('heading')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to bag' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add 4 to bag' })).toHaveCount(0);
    await page.screenshot({ path: `${screenshots}/shop-no-script-${width}.png` });
  });
}
