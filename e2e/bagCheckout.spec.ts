import { expect, test } from '../playwright/fixtures';
import { copy } from '../contract/copy';
import { SHOPPER, unique, logIn } from '../playwright/accounts';
import {
  addProduct,
  emptyShoppersBag,
  fillShoppersBag,
  retireProducts,
} from '../playwright/storeApi';
import { shootBothWidths, gotoLive, payWithCard } from './support';

/**
 * Checkout of the bag in Chromium against the whole stack (issue 29): the shopper's bag of three
 * products becomes three orders with one fitting day; a declined card leaves them unpaid and
 * payable from My Orders, where one payment with 4242 pays all three with one transaction id.
 */

/** The journey's own products, retired after it. */
const ownProducts: string[] = [];
test.afterEach(async ({ request }) => {
  await retireProducts(request, ownProducts.splice(0));
});

test('three products checked out together and paid once, after a declined card', async ({
  tokens,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const request = page.request;
  const admin = await tokens.admin();
  const tag = unique();
  const tyre = await addProduct(request, admin, {
    name: `Checkout Touring ${tag}`,
    price: 89.99,
    stock: 40,
    tyre: true,
  });
  const valve = await addProduct(request, admin, {
    name: `Checkout Valve ${tag}`,
    price: 4.5,
    stock: 40,
  });
  const voucher = await addProduct(request, admin, {
    name: `Checkout Alignment ${tag}`,
    price: 30,
    stock: 10,
  });
  ownProducts.push(tyre._id, valve._id, voucher._id);
  const made = [tyre, valve, voucher];
  // The bag itself is bag.spec's journey: here it is filled through the API.
  await emptyShoppersBag(request);
  await fillShoppersBag(request, [
    [tyre, 4],
    [valve, 4],
    [voucher, 1],
  ]);

  await gotoLive(page, '/login');
  await logIn(page, SHOPPER);
  await expect(page.getByRole('link', { name: /^Bag, 9 items$/ })).toBeVisible();
  await page.getByRole('link', { name: /^Bag, / }).click();
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  // The details, and fitting at the shop on the first day with a place.
  const summary = page.getByRole('region', { name: 'Your bag' });
  await expect(summary).toContainText('$407.96');
  await page.getByRole('textbox', { name: 'Name' }).fill('Demo Shopper');
  await page.getByRole('textbox', { name: 'Address' }).fill('12 Foundry Lane, Leeds LS1 4AB');
  await page.getByRole('textbox', { name: 'Phone Number' }).fill('0113 496 0000');
  await page.getByRole('radio', { name: 'Fitting at our shop' }).check();
  const days = page.getByRole('group', { name: 'Fitting day' });
  await days.getByRole('radio', { disabled: false }).first().check();
  await shootBothWidths(page, 'bag-checkout', 'details');
  await page.getByRole('button', { name: 'Place order' }).click();

  // One card payment for the three orders; a declined card changes nothing.
  await expect(
    page.getByRole('heading', { name: 'One card payment for all your orders' }),
  ).toBeVisible();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await shootBothWidths(page, 'bag-checkout', 'payment', () =>
    expect(page.getByLabel('Card number')).toBeVisible(),
  );
  await payWithCard(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert')).toContainText('Your card was declined.');

  await page.goto('/dashboard/myorder');
  for (const product of made) {
    const row = page.getByRole('row', { name: new RegExp(product.name) });
    await expect(row).toContainText('Fitting on');
  }
  const payAll = page.getByRole('link', { name: 'Pay all 3 together' }).first();
  await expect(payAll).toBeVisible();
  await shootBothWidths(page, 'bag-checkout', 'my-orders-unpaid');
  await payAll.click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]+\/pay$/);

  await payWithCard(page, '4242 4242 4242 4242');
  const paid = page.getByRole('status').filter({ hasText: copy.payment.success });
  await expect(paid).toBeVisible();
  const transactionId = await paid.locator('code').textContent();
  expect(transactionId).toMatch(/^pi_/);
  for (const product of made) await expect(page.getByText(product.name)).toBeVisible();
  await shootBothWidths(page, 'bag-checkout', 'paid');

  // My Orders: all three paid with the one transaction id; the stock left the shelves.
  await page.getByRole('link', { name: 'Go to My Orders' }).click();
  for (const product of made) {
    const row = page.getByRole('row', { name: new RegExp(product.name) });
    await expect(row).toContainText(transactionId!);
    await expect(row).toContainText('Paid together with 2 other orders');
  }
  await shootBothWidths(page, 'bag-checkout', 'my-orders-paid');
  const stock = async (id: string) =>
    (await (await request.get(`/api/productDetails/${id}`)).json()).availablequantity;
  expect(await stock(tyre._id)).toBe(36);
  expect(await stock(valve._id)).toBe(36);
  expect(await stock(voucher._id)).toBe(9);
});
