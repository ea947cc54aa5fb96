import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, SHOPPER, unique, appToken, logIn } from '../playwright/accounts';
import { addProduct, paidShopperOrder, retireProducts } from '../playwright/storeApi';
import { shootBothWidths } from './support';

/**
 * An order's life after it is paid (issue 30), in Chromium against the whole stack: an admin
 * ships it with a tracking number, the shopper sees it shipped with the carrier's link, the
 * admin marks it delivered, the shopper asks for a return, and the admin receives it with
 * Restock, so the stock is back; and a shopper cancels a paid order not shipped yet and sees it
 * refunded. Each journey orders its own product, paid through the API (paying is checkout's
 * journey), and retires it after.
 */

/** The journey's own products, retired after it. */
const ownProducts: string[] = [];
test.afterEach(async ({ request }) => {
  await retireProducts(request, ownProducts.splice(0));
});

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

/** A product of the journey's own and a paid order of the shopper's for `quantity` of it. */
async function paidOrder(page: Page, quantity: number, stock: number) {
  const request = page.request;
  const admin = await appToken(request, ADMIN);
  const product = await addProduct(request, admin, {
    name: `Lifecycle Battery ${unique()}`,
    price: 25,
    stock,
  });
  ownProducts.push(product._id);
  const orderId = await paidShopperOrder(request, product._id, quantity);
  return { product, orderId };
}

const stockOf = async (page: Page, id: string) =>
  (await (await page.request.get(`/api/productDetails/${id}`)).json()).availablequantity as number;

/** A new browser window signed in as `email`, on `path`. */
async function signedInAt(browser: Browser, baseURL: string, path: string, email: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(path);
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  return page;
}

const details = (page: Page) => page.getByRole('region', { name: 'Order details' });
const actions = (page: Page) => page.getByRole('region', { name: 'What can be done' });
const toast = (page: Page, text: string) =>
  page.locator('.Toastify__toast[role="alert"]', { hasText: text });
const statusIs = (page: Page, word: string) =>
  expect(details(page).getByText(word, { exact: true })).toBeVisible();

test('an admin ships, the shopper follows the parcel and returns it, the admin restocks it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { product, orderId } = await paidOrder(page, 2, 20);
  expect(await stockOf(page, product._id)).toBe(18);

  // The admin ships it with the carrier's tracking number and page.
  const admin = await signedInAt(browser, baseURL!, `/dashboard/allOrders/${orderId}`, ADMIN);
  await statusIs(admin, 'Paid');
  await expect(actions(admin).getByRole('button')).toHaveText(['Ship', 'Cancel order', 'Refund']);
  await admin.getByRole('button', { name: 'Ship' }).click();
  const ship = admin.getByRole('dialog', { name: 'Ship this order' });
  await ship.getByLabel('Carrier').fill('DHL');
  await ship.getByLabel('Tracking number').fill('JD0146 0000 6281');
  await ship.getByLabel('Tracking link (optional)').fill('https://www.dhl.com/track?id=JD01460000');
  await ship.getByRole('button', { name: 'Ship' }).click();
  await expect(toast(admin, 'The order is shipped.')).toBeVisible();
  await statusIs(admin, 'Shipped');
  await expect(actions(admin).getByRole('button')).toHaveText(['Mark delivered', 'Refund']);
  const history = admin.getByRole('region', { name: 'History' }).getByRole('listitem');
  await expect(history).toHaveCount(3);
  await expect(history.nth(2)).toContainText('Shipped');
  await expect(history.nth(2)).toContainText(ADMIN);
  await shootBothWidths(admin, 'order-lifecycle', 'admin-order-shipped', () =>
    expect(history).toHaveCount(3),
  );

  // The shopper finds it in My Orders, shipped, and opens it: the carrier's link.
  const shopper = await signedInAt(browser, baseURL!, '/dashboard/myorder', SHOPPER);
  const row = shopper.getByRole('row', { name: new RegExp(product.name) });
  await expect(row.getByText('Shipped', { exact: true })).toBeVisible();
  await row.getByRole('link', { name: product.name }).click();
  await expect(shopper).toHaveURL(new RegExp(`/dashboard/myorder/${orderId}$`));
  await statusIs(shopper, 'Shipped');
  const track = shopper
    .getByRole('region', { name: 'Shipment' })
    .getByRole('link', { name: /Track the parcel/ });
  await expect(track).toHaveAttribute('href', 'https://www.dhl.com/track?id=JD01460000');
  await expect(track).toHaveAttribute('target', '_blank');
  await expect(track).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(actions(shopper)).toContainText('Nothing can be done to this order now.');
  await shootBothWidths(shopper, 'order-lifecycle', 'my-order-shipped', () =>
    expect(track).toBeVisible(),
  );

  // The admin marks it delivered.
  await admin.getByRole('button', { name: 'Mark delivered' }).click();
  const deliver = admin.getByRole('dialog', { name: 'Mark this order delivered?' });
  await deliver.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(toast(admin, 'The order is marked delivered.')).toBeVisible();
  await statusIs(admin, 'Delivered');

  // The shopper asks for a return (the page is read again on the way back to it).
  await shopper.reload();
  await statusIs(shopper, 'Delivered');
  await shopper.getByRole('button', { name: 'Return' }).click();
  const ask = shopper.getByRole('dialog', { name: 'Return this order' });
  await ask.getByRole('button', { name: 'Ask for a return' }).click();
  await expect(ask.getByText('Say why you are returning the order.')).toBeVisible();
  await ask.getByLabel('Reason for the return').fill('One battery arrived cracked');
  await ask.getByRole('button', { name: 'Ask for a return' }).click();
  await expect(toast(shopper, 'Your return is asked for.')).toBeVisible();
  await statusIs(shopper, 'Return requested');
  await expect(
    shopper.getByRole('region', { name: 'History' }).getByText('One battery arrived cracked'),
  ).toBeVisible();

  // The admin receives it with Restock: the rest is refunded and the units are on sale again.
  await admin.reload();
  await statusIs(admin, 'Return requested');
  await admin.getByRole('button', { name: 'Receive return' }).click();
  const receive = admin.getByRole('dialog', { name: 'Receive this return?' });
  await expect(receive).toContainText('$50.00 is refunded');
  await receive.getByRole('checkbox', { name: 'Restock: put the units back on sale' }).check();
  await receive.getByRole('button', { name: 'Receive return' }).click();
  await expect(toast(admin, 'The return is received.')).toBeVisible();
  await statusIs(admin, 'Returned');
  await expect(details(admin)).toContainText('Refunded so far$50.00');
  await expect(actions(admin)).toContainText('Nothing can be done to this order now.');
  await expect.poll(() => stockOf(page, product._id)).toBe(20);
  await admin.context().close();
  await shopper.context().close();
});

test('a shopper cancels a paid order not shipped yet and sees it refunded', async ({
  page,
  browser,
  baseURL,
}) => {
  const { product, orderId } = await paidOrder(page, 3, 10);
  const shopper = await signedInAt(browser, baseURL!, `/dashboard/myorder/${orderId}`, SHOPPER);
  await statusIs(shopper, 'Paid');
  await expect(actions(shopper).getByRole('button')).toHaveText(['Cancel order']);
  await shopper.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = shopper.getByRole('dialog', { name: 'Cancel this order?' });
  await expect(dialog).toContainText('$75.00 is refunded to the card it was paid with');
  await dialog.getByLabel('Reason (optional)').fill('Ordered the wrong size');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(toast(shopper, 'The order is cancelled.')).toBeVisible();
  await statusIs(shopper, 'Cancelled');
  await expect(details(shopper)).toContainText('Refunded so far$75.00');
  const cancelled = shopper.getByRole('region', { name: 'History' }).getByRole('listitem').last();
  await expect(cancelled).toContainText('Cancelled · $75.00');
  await expect(cancelled).toContainText('Ordered the wrong size');
  await expect.poll(() => stockOf(page, product._id)).toBe(10);
  await shootBothWidths(shopper, 'order-lifecycle', 'my-order-cancelled', () =>
    expect(cancelled).toBeVisible(),
  );

  // My Orders says so too, without a reload.
  await shopper.getByRole('link', { name: '← Back to My Orders' }).click();
  const row = shopper.getByRole('row', { name: new RegExp(product.name) });
  await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
  await shopper.context().close();
});
