import { expect, test, type Page } from '@playwright/test';
import { ADMIN, logIn } from '../playwright/accounts';
import { SHOP_PAGE_SIZE, shopCount } from '../playwright/storeApi';
import { shootBothWidths } from './support';

/** The EU tyre label's data side (issue 32): the shop's label filters and the admin's fields. */

const cards = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('article');

test('a shopper narrows the shop by the EU label: wet grip A, then the snow symbol', async ({
  page,
  request,
}) => {
  // The counts as the API gives them now: the seeded tyres' and any a journey before added.
  const wetGripA = await shopCount(request, 'category=tyre&wetGrip=A');
  const snowQuiet = await shopCount(request, 'category=tyre&snow=true&maxNoise=71');
  expect(wetGripA).toBeGreaterThanOrEqual(2);
  await page.goto('/shop?category=tyre');
  await expect(cards(page).first()).toBeVisible();
  const filters = page.getByRole('complementary', { name: 'Filters' });
  const wetGrip = filters.getByRole('combobox', { name: 'Wet grip' });
  await expect(wetGrip.getByRole('option', { name: `A (${wetGripA})` })).toBeAttached();
  await wetGrip.selectOption('A');
  await expect(page).toHaveURL(/\/shop\?category=tyre&wetGrip=A$/);
  await expect(cards(page)).toHaveCount(Math.min(wetGripA, SHOP_PAGE_SIZE));
  // The seeded families with wet grip A; every card shown has the badge.
  await expect(cards(page).filter({ hasText: 'RoadGrip Summer' }).first()).toBeVisible();
  await expect(cards(page).filter({ hasText: 'Velocity Sport' }).first()).toBeVisible();
  await expect(cards(page).filter({ hasText: 'Nordica Winter Grip' })).toHaveCount(0);
  await shootBothWidths(page, 'eulabel', 'shop-wet-grip-a', async () => {
    const narrow = (page.viewportSize()?.width ?? 1280) < 1024;
    // On a phone the filters are a native disclosure: its summary opens it.
    const wetGripShown = filters.getByRole('combobox', { name: 'Wet grip' });
    if (narrow && (await wetGripShown.isHidden())) await filters.locator('summary').click();
    await expect(wetGripShown).toBeVisible();
  });
  await page.goto('/shop?category=tyre&snow=true&maxNoise=71');
  await expect(cards(page)).toHaveCount(Math.min(snowQuiet, SHOP_PAGE_SIZE));
  await expect(cards(page).filter({ hasText: 'Alpine Winter' }).first()).toBeVisible();
  await expect(cards(page).filter({ hasText: 'Nordica Winter Grip' })).toBeVisible();
  // Too loud (72 dB) for this search, though it has the snow symbol.
  await expect(cards(page).filter({ hasText: 'TrailMaster 4Season' })).toHaveCount(0);
});

test("an admin sees a tyre's EU label fields on its Edit page", async ({ page }) => {
  const found = await page.request.get('/api/product?q=RoadGrip&category=tyre');
  const [tyre] = (await found.json()) as Array<{ _id: string }>;
  const path = `/dashboard/products/${tyre!._id}`;
  await page.goto(path);
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, ADMIN);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  const label = page.getByRole('group', { name: 'EU tyre label' });
  await expect(label.getByLabel('Fuel efficiency class')).toHaveValue('B');
  await expect(label.getByLabel('Rolling noise (dB)')).toHaveValue('70');
  await shootBothWidths(page, 'eulabel', 'edit-tyre-label', async () => {
    await expect(label).toBeVisible();
  });
});
