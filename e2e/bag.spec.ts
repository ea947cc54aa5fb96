import type { Page } from '@playwright/test';
import { expect, test } from '../playwright/fixtures';
import { SHOPPER, bearer, unique, logIn } from '../playwright/accounts';
import { addProduct, emptyShoppersBag, retireProducts, takeStock } from '../playwright/storeApi';
import { bagSays, gotoLive, shootBothWidths } from './support';

/**
 * The bag in Chromium against the whole stack (issue 29): a guest fills a bag from the shop's
 * cards, signs in from the bag page and finds it merged into the account's bag (what the stock
 * capped is said), then sees a changed price and a line with too little stock, which holds
 * checkout until it is changed. The journey adds its own products (unique names) and empties
 * the shopper's bag first, so it depends on no other journey.
 */

const card = (page: Page, name: string) => page.getByRole('article', { name });
const line = (page: Page, name: string) => page.getByRole('listitem', { name });
const bagButton = (page: Page) => page.getByRole('link', { name: /^Bag, / });

/** The journey's own products, retired after it. */
const ownProducts: string[] = [];
test.afterEach(async ({ request }) => {
  await retireProducts(request, ownProducts.splice(0));
});

test('a guest fills a bag, signs in and finds it merged; a stock problem holds checkout', async ({
  tokens,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const request = page.request;
  const admin = await tokens.admin();
  const tag = unique();
  const tyre = await addProduct(request, admin, {
    name: `Bagtrip Touring ${tag}`,
    price: 89.99,
    stock: 41,
    tyre: true,
  });
  const valve = await addProduct(request, admin, {
    name: `Bagtrip Valve ${tag}`,
    price: 4.5,
    stock: 21,
  });
  const voucher = await addProduct(request, admin, {
    name: `Bagtrip Alignment ${tag}`,
    price: 30,
    stock: 11,
  });
  ownProducts.push(tyre._id, valve._id, voucher._id);
  await emptyShoppersBag(request);

  // A guest fills the bag from the shop's cards (their buttons answer once the app runs).
  await gotoLive(page, `/shop?q=${tag}`);
  await expect(page.getByRole('article')).toHaveCount(3);
  await card(page, tyre.name).getByRole('button', { name: 'Add 4 to bag' }).click();
  await expect(bagSays(card(page, tyre.name))).toHaveText(
    'Added 4: your bag has 4 of these. View bag',
  );
  await card(page, valve.name).getByRole('spinbutton').fill('8');
  await card(page, valve.name).getByRole('button', { name: 'Add to bag' }).click();
  await expect(bagSays(card(page, valve.name))).toContainText('Added 8');
  await card(page, voucher.name).getByRole('spinbutton').fill('3');
  await card(page, voucher.name).getByRole('button', { name: 'Add to bag' }).click();
  await expect(bagSays(card(page, voucher.name))).toContainText('Added 3');
  // More than the stock is refused before any request: 20 of the 21 valves can be ordered.
  await card(page, valve.name).getByRole('spinbutton').fill('13');
  await card(page, valve.name).getByRole('button', { name: 'Add to bag' }).click();
  await expect(bagSays(card(page, valve.name))).toHaveText(
    'Only 20 can be ordered, and your bag already has 8.',
  );
  await expect(bagButton(page)).toHaveAccessibleName('Bag, 15 items');
  await shootBothWidths(page, 'bag', 'shop-cards');

  // Meanwhile, all but 2 alignment vouchers sell: the merge will keep 1 of the 3.
  await takeStock(request, admin, voucher._id, 9);

  await bagButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your bag' })).toBeVisible();
  await expect(line(page, tyre.name)).toContainText('$359.96');
  await shootBothWidths(page, 'bag', 'guest');

  // Signing in from the bag comes back to it, merged.
  await page.getByRole('link', { name: 'Sign in to check out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, SHOPPER);
  await expect(page).toHaveURL(/\/bag$/);
  await expect(
    page.getByText(`Only 1 of ${voucher.name} is in stock, so your bag has 1 (you asked for 3).`),
  ).toBeVisible();
  await expect(bagButton(page)).toHaveAccessibleName('Bag, 13 items');
  await expect(page.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  await shootBothWidths(page, 'bag', 'merged');

  // The tyre's price changes and most valves sell: the bag says so, and checkout waits.
  const patched = await request.patch(`/api/product/${tyre._id}`, {
    headers: bearer(admin),
    data: { version: tyre.version, price: 84.5 },
  });
  expect(patched.ok(), await patched.text()).toBe(true);
  await takeStock(request, admin, valve._id, 15);
  await page.reload();
  await expect(line(page, valve.name)).toContainText(
    'Only 5 left: lower the quantity to 5 or remove it.',
  );
  await expect(line(page, tyre.name).locator('s')).toHaveText('$89.99');
  await expect(line(page, tyre.name)).toContainText('$84.50 each');
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  await expect(
    page.getByText('A product in your bag cannot be ordered as it is: change or remove it first.'),
  ).toBeVisible();
  await shootBothWidths(page, 'bag', 'problem');

  // One fewer goes down to what can be ordered, and checkout opens again.
  await page.getByRole('button', { name: `One fewer ${valve.name}` }).click();
  await expect(line(page, valve.name).locator('output')).toHaveText('5');
  await expect(page.getByRole('link', { name: 'Checkout' })).toBeVisible();

  // Emptied, the bag leads back to the shop.
  for (const made of [tyre, valve, voucher]) {
    await line(page, made.name).getByRole('button', { name: 'Remove' }).click();
    await expect(line(page, made.name)).toHaveCount(0);
  }
  await expect(page.getByRole('heading', { name: 'Your bag is empty' })).toBeVisible();
  await expect(bagButton(page)).toHaveAccessibleName('Bag, 0 items');
  await shootBothWidths(page, 'bag', 'empty');
});
