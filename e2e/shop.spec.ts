import { expect, test } from '@playwright/test';
import { seedProducts } from '../server/src/db/seed-data';
import { expectAtLeast, loadLazyImages, screenshots } from './support';

test.describe('a shopper browsing the store', () => {
  test('opens the store, goes to the shop and sees the seeded catalogue', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'The World Of Metal' })).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Shop' })
      .click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page).toHaveTitle('Shop | Tyre & Auto Parts Store');

    const cards = page.getByRole('article');
    await expectAtLeast(cards, seedProducts.length);
    const first = cards.first();
    const product = seedProducts[0]!;
    await expect(first.getByRole('heading', { name: product.name })).toBeVisible();
    await expect(first.getByText(`$${(product.priceCents / 100).toFixed(2)}`)).toBeVisible();
    await expect(first.getByText('OrderQuantity')).toBeVisible();
    await expect(first.getByText('AvailableQuantity')).toBeVisible();
    await expect(first.getByRole('link', { name: 'Book Now' })).toHaveAttribute(
      'href',
      /^\/productdetails\/[0-9a-f-]{36}$/,
    );
    // Every product picture really loads.
    await loadLazyImages(page);
    const broken = await page.$$eval('article img', (imgs) =>
      (imgs as HTMLImageElement[]).filter((img) => img.naturalWidth === 0).map((img) => img.src),
    );
    expect(broken).toEqual([]);
  });

  test('the shop lays out 3 columns on desktop and 1 on a phone', async ({ page }) => {
    for (const [width, columns] of [
      [1280, 3],
      [390, 1],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/shop');
      const cards = page.getByRole('article');
      await expectAtLeast(cards, seedProducts.length);
      await loadLazyImages(page);
      const tops = await cards.evaluateAll((els) =>
        els.slice(0, 3).map((el) => Math.round(el.getBoundingClientRect().top)),
      );
      expect(new Set(tops).size).toBe(columns === 3 ? 1 : 3);
      await page.screenshot({ path: `${screenshots}/shop-${width}.png`, fullPage: true });
      await page.screenshot({ path: `${screenshots}/shop-${width}-top.png` });
    }
  });

  test('on a phone, Explore Now leads from the landing page to the shop', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/home');
    await page.getByRole('link', { name: 'Explore Now' }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole('article').first()).toBeVisible();
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/this/page/does-not-exist');
    await expect(page.getByRole('heading', { name: 'OOPS!' })).toBeVisible();
    await expect(
      page.getByText('No signal here! we cannot find the page you are looking for'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Go back' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the API answers JSON to a bad product id', async ({ request }) => {
    const response = await request.get('/api/productDetails/not-a-uuid');
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({
      error: 'Bad Request',
      message: 'params.id must match format "uuid"',
    });
  });
});
