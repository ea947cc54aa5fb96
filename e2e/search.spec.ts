import { expect, test, type Page } from '@playwright/test';
import { expectWellFormed, screenshots } from './support';

const WANTED = 'Nordica Winter Grip 205/55 R16 94H XL';

const cards = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('article');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search products' });

for (const [width, height] of [
  [390, 844],
  [1280, 900],
] as const) {
  test(`a shopper finds a 205/55 R16 winter tyre in three steps at ${width}px, and keeps it on reload`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/shop');
    await expect(cards(page).first()).toBeVisible();

    // 1: the size as it is printed on the old tyre's sidewall.
    await searchBox(page).fill('205/55 R16');
    await expect(cards(page).filter({ hasText: 'RoadGrip Summer 205/55 R16' })).toBeVisible();
    await expect(cards(page).filter({ hasText: 'Alpine Winter 195/65 R15' })).toHaveCount(0);

    // 2 (and on a phone 3): the season, in the filters.
    const filters = page.getByRole('complementary', { name: 'Filters' });
    if (width < 1024) {
      // On a phone the filters are a native disclosure, closed: its summary opens it.
      await expect(filters.getByRole('checkbox', { name: /^Winter/ })).toBeHidden();
      await filters.locator('summary').click();
    }
    await filters.getByRole('checkbox', { name: /^Winter/ }).check();

    await expect(cards(page).filter({ hasText: WANTED })).toBeVisible();
    await expect(cards(page).filter({ hasText: 'RoadGrip Summer' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/shop\?q=205%2F55\+R16&season=winter$/);
    await expect(
      page.getByRole('status').filter({ hasText: /Showing 1–\d+ of \d+ products?/ }),
    ).toBeVisible();
    await expectWellFormed(page, `the search at ${width}px`);
    await page.screenshot({ path: `${screenshots}/search-found-${width}.png`, fullPage: true });

    // A reload shows the same search and the same tyre.
    const found = await cards(page).getByRole('heading').allTextContents();
    await page.reload();
    await expect(searchBox(page)).toHaveValue('205/55 R16');
    await expect(cards(page).getByRole('heading')).toHaveText(found);

    // Back steps to the search before the season was picked.
    await page.goBack();
    await expect(page).toHaveURL(/\/shop\?q=205%2F55\+R16$/);
    await expect(cards(page).filter({ hasText: 'RoadGrip Summer 205/55 R16' })).toBeVisible();
  });
}

test('a search that finds nothing says so and clears on request', async ({ page }) => {
  await page.goto('/shop?q=snowchains%20for%20tractors&inStock=true');
  await expect(page.getByText('No products match your search.')).toBeVisible();
  await expect(
    page.getByText('You searched for “snowchains for tractors” · in stock.'),
  ).toBeVisible();
  await expectWellFormed(page, 'no match');
  await page.screenshot({ path: `${screenshots}/search-none-1280.png` });
  await page.getByRole('link', { name: 'Clear all filters' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(cards(page).first()).toBeVisible();
});

test('the filters are usable with the keyboard alone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/shop');
  await expect(cards(page).first()).toBeVisible();
  const tyres = page.getByRole('checkbox', { name: /^Tyres/ });
  await tyres.focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/\/shop\?category=tyre$/);
  await expect(tyres).toBeChecked();
  const width = page.getByRole('combobox', { name: 'Width' });
  await width.focus();
  await width.selectOption('205');
  await expect(page).toHaveURL(/width=205/);
  await searchBox(page).focus();
  await page.keyboard.type('nordica');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/q=nordica/);
  await expect(cards(page).filter({ hasText: WANTED })).toBeVisible();
});
