import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { seedProducts } from '../server/src/db/seed-data';
import { allOrdersColumns } from '../src/test/orderColumns';
import { shootBothWidths } from './support';
import { ADMIN, SHOPPER, logIn } from '../playwright/accounts';

/**
 * The checkout in Chromium against the whole stack: order from the product page (the order
 * modal), My Orders with its delete-confirm modal, paying by card with the local provider's
 * Stripe test cards, and All Orders for the admin. Runs share one database, so each journey
 * reads the stock it starts from and never depends on another journey.
 */

const RED = 'rgb(185, 28, 28)';

interface ApiProduct {
  _id: string;
  name: string;
  price: number;
  availablequantity: number;
  orderquantity: number;
}

async function productNamed(page: Page, name: string): Promise<ApiProduct> {
  const products = (await (await page.request.get('/api/product')).json()) as ApiProduct[];
  const product = products.find((p) => p.name === name);
  if (!product) throw new Error(`No product ${name}`);
  return product;
}

/** Opens `path`, signs in on the login page it leads to, and lands back on `path`. */
async function signInAt(page: Page, path: string, email: string) {
  await page.goto(path);
  // A product's page is public: its 'Add to shopping bag' asks a visitor to sign in.
  if (path.startsWith('/productdetails/')) {
    await page.getByRole('link', { name: 'Add to shopping bag' }).click();
  }
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** The AvailableQuantity on the product page. */
const stockCell = (page: Page) =>
  page.locator('dt', { hasText: 'AvailableQuantity' }).locator('xpath=following-sibling::dd[1]');

async function shownStock(page: Page): Promise<number> {
  await expect(stockCell(page)).toHaveText(/^\d+$/);
  return Number(await stockCell(page).textContent());
}

const expectStock = (page: Page, stock: number) =>
  expect(stockCell(page)).toHaveText(String(stock));

const orderDialog = (page: Page) => page.getByRole('dialog', { name: 'Your order' });

/** Fills the order modal and presses Place order. */
async function placeOrder(dialog: Locator, quantity: string) {
  await dialog.getByLabel('Address').fill('12 Foundry Lane, Leeds LS1 4AB');
  await dialog.getByLabel('Phone Number').fill('0113 496 0000');
  await dialog.getByLabel('Quantity').fill(quantity);
  await dialog.getByRole('button', { name: 'Place order' }).click();
}

/** A toast showing this text (inside the order modal while it is open). */
const toast = (where: Page | Locator, text: string) =>
  where.locator('.Toastify__toast[role="alert"]', { hasText: text });

async function typeCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
}

/** The signed-in user's app token, for setting up through the API what a test is not about. */
const accessToken = (page: Page) =>
  page.evaluate(() => localStorage.getItem('accessToken') as string);

async function orderThroughApi(page: Page, product: ApiProduct, quantity: number) {
  const response = await page.request.post('/api/order', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: {
      productId: product._id,
      name: 'Demo Shopper',
      address: '12 Foundry Lane, Leeds',
      number: '0113 496 0000',
      quantity,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { _id: string };
}

async function signedInPage(browser: Browser, baseURL: string, path: string, email: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAt(page, path, email);
  return page;
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('a shopper orders, sees the order in My Orders and pays for it by card', async ({ page }) => {
  // The longest journey: ten pages checked by axe at two widths (a minute on a busy machine).
  test.setTimeout(120_000);
  const seed = seedProducts[1]!;
  const product = await productNamed(page, seed.name);
  await signInAt(page, `/productdetails/${product._id}`, SHOPPER);

  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText('22 reviews')).toBeVisible();
  const stock = await shownStock(page);
  expect(stock).toBe(product.availablequantity);

  await page.getByRole('button', { name: 'Add to shopping bag' }).click();
  const dialog = orderDialog(page);
  await expect(dialog).toBeVisible();
  // What is ordered and for whom, read-only.
  const shown = (term: string) =>
    dialog.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
  await expect(shown('Product')).toHaveText(product.name);
  await expect(shown('Price')).toHaveText(`$${product.price.toFixed(2)}`);
  await expect(shown('Name')).toHaveText('Demo Shopper');
  await expect(shown('Email')).toHaveText(SHOPPER);
  await expect(dialog.getByLabel('Address')).toBeFocused();

  // Required fields first: red text under each, nothing sent. (The form may open filled in from
  // an earlier order of the shopper's: emptied here.)
  await dialog.getByLabel('Address').fill('');
  await dialog.getByLabel('Phone Number').fill('');
  await dialog.getByRole('button', { name: 'Place order' }).click();
  for (const message of [
    'Address is required',
    'Phone number is required',
    'Quantity is required',
  ]) {
    await expect(dialog.getByText(message)).toHaveCSS('color', RED);
  }
  await shootBothWidths(page, 'checkout', 'order-modal-required');
  // A filled field's message goes at the first key.
  await dialog.getByLabel('Address').pressSequentially('1');
  await expect(dialog.getByText('Address is required')).toHaveCount(0);
  await expect(dialog.getByText('Phone number is required')).toBeVisible();

  // The spec's quantity checks, as toasts above the modal.
  await placeOrder(dialog, '-1');
  await expect(toast(dialog, 'wrong input a quantity')).toBeVisible();
  await placeOrder(dialog, String(stock));
  await expect(toast(dialog, 'please input a Available quantity')).toBeVisible();
  // The field says what exactly is wrong; the toast sits under the title bar, not over it.
  await expect(dialog.getByLabel('Quantity')).toHaveAccessibleDescription(
    new RegExp(`That is more than the ${stock - product.orderquantity} you can order\\.`),
  );
  const toastBox = (await toast(dialog, 'please input a Available quantity').boundingBox())!;
  for (const part of [
    dialog.getByRole('heading', { name: 'Your order' }),
    dialog.getByRole('button', { name: 'Close', exact: true }),
  ]) {
    const box = (await part.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(toastBox.y);
  }
  await shootBothWidths(page, 'checkout', 'order-modal-refused');
  // 0 passes the client's check; the server says why it refuses, once, under Quantity.
  await placeOrder(dialog, '0');
  const tooFew = 'Quantity must be at least 1: an order is for one unit or more.';
  await expect(dialog.getByLabel('Quantity')).toHaveAccessibleDescription(
    new RegExp(tooFew.replace(/[.:]/g, '\\$&')),
  );
  await expect(dialog.getByText(tooFew)).toHaveCount(1);
  await expect(toast(dialog, tooFew)).toHaveCount(0);
  await expectStock(page, stock);

  await placeOrder(dialog, '3');
  const ordered = toast(page, 'Your product ordered');
  await expect(ordered).toBeVisible();
  await expect(dialog).toBeHidden();
  await expectStock(page, stock - 3);
  // The success toast offers the order's payment page.
  await expect(ordered.getByRole('link', { name: 'Pay now' })).toHaveAttribute(
    'href',
    /^\/dashboard\/payment\/[0-9a-f-]{36}$/,
  );
  await shootBothWidths(page, 'checkout', 'ordered-pay-now');

  // My Orders: the order, to pay.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'DashBoard' })
    .click();
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'My Orders' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/myorder$/);
  const row = page.getByRole('row', { name: new RegExp(product.name) }).first();
  await expect(row.getByRole('cell', { name: '3', exact: true })).toBeVisible();
  await shootBothWidths(page, 'checkout', 'my-orders', () => expect(row).toBeVisible());
  await row.getByRole('link', { name: 'Pay' }).click();

  // The payment page: what is paid for, and the card form.
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  const summary = page.getByRole('region', { name: /Pay for/ });
  await expect(summary.getByRole('heading')).toHaveText(`Pay for ${product.name}`);
  await expect(summary.getByText(`$${(product.price * 3).toFixed(2)}`)).toBeVisible();
  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(pay).toBeEnabled();
  await expect(page.getByLabel('Card number')).toHaveCSS('font-size', '16px');
  await shootBothWidths(page, 'checkout', 'payment', () => expect(pay).toBeEnabled());

  // A declined card: Stripe's message, in red; Pay again.
  await typeCard(page, '4000 0000 0000 0002');
  await pay.click();
  const declined = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(declined).toBeVisible();
  await expect(declined).toHaveCSS('color', RED);
  await expect(pay).toBeEnabled();
  await shootBothWidths(page, 'checkout', 'payment-declined');

  // The good test card.
  await typeCard(page, '4242 4242 4242 4242');
  await pay.click();
  await expect(page.getByText('congrats ! your payment is succuss')).toBeVisible();
  const transaction = page.getByRole('status').locator('code');
  await expect(transaction).toHaveText(/^pi_local_/);
  const transactionId = await transaction.textContent();
  await expect(pay).toBeDisabled();
  await shootBothWidths(page, 'checkout', 'payment-paid');

  // My Orders shows it paid, with the transaction id, without a reload.
  await page.getByRole('link', { name: 'Back to My Orders' }).click();
  const paidRow = page.getByRole('row', { name: new RegExp(product.name) }).first();
  await expect(paidRow.getByText('paid', { exact: true })).toBeVisible();
  await expect(paidRow.getByText(transactionId!)).toBeVisible();
  await expect(paidRow.getByRole('link', { name: 'Pay' })).toHaveCount(0);

  // Reopening the payment page of a paid order starts paid.
  await page.goBack();
  await expect(page.getByText('congrats ! your payment is succuss')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeDisabled();
});

test('a shopper deletes an unpaid order through the confirm modal and the stock comes back', async ({
  page,
}) => {
  const product = await productNamed(page, seedProducts[2]!.name);
  await signInAt(page, `/productdetails/${product._id}`, SHOPPER);
  const stock = await shownStock(page);

  await page.getByRole('button', { name: 'Add to shopping bag' }).click();
  await placeOrder(orderDialog(page), '2');
  await expect(toast(page, 'Your product ordered')).toBeVisible();
  await expectStock(page, stock - 2);

  await page.goto('/dashboard/myorder');
  const rows = page.getByRole('row', { name: new RegExp(product.name) });
  await expect(rows).toHaveCount(1);
  const row = rows.first();

  // Cancel keeps it.
  await row.getByRole('button', { name: 'DELETE ORDER' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this order?' });
  await expect(confirm).toContainText(`Your order of 2 × ${product.name}`);
  await shootBothWidths(page, 'checkout', 'delete-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(rows).toHaveCount(1);

  // Delete removes it, and the list is current without a reload.
  await row.getByRole('button', { name: 'DELETE ORDER' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(rows).toHaveCount(0);

  await page.goto(`/productdetails/${product._id}`);
  await expectStock(page, stock);
});

test('a paid order cannot be deleted: its button is disabled and says why', async ({ page }) => {
  const product = await productNamed(page, seedProducts[3]!.name);
  await signInAt(page, '/dashboard/myorder', SHOPPER);
  const order = await orderThroughApi(page, product, 1);

  // Paid through the payment page.
  await page.goto(`/dashboard/payment/${order._id}`);
  await typeCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('congrats ! your payment is succuss')).toBeVisible();

  await page.goto('/dashboard/myorder');
  const row = page.getByRole('row', { name: new RegExp(product.name) }).first();
  await expect(row.getByText('paid', { exact: true })).toBeVisible();
  // The spec's column stays; the button is disabled with the reason instead of a dead end.
  const remove = row.getByRole('button', { name: 'DELETE ORDER' });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription(/A paid order cannot be deleted\./);
  await expect(row.getByText('A paid order cannot be deleted.')).toBeVisible();
  await shootBothWidths(page, 'checkout', 'paid-order-not-deletable');
});

test('the admin sees every order in All Orders', async ({ page, browser, baseURL }) => {
  const product = await productNamed(page, seedProducts[4]!.name);
  await signInAt(page, '/dashboard/myorder', SHOPPER);
  const order = await orderThroughApi(page, product, 5);

  const admin = await signedInPage(browser, baseURL!, '/dashboard/allOrders', ADMIN);
  await expect(admin.getByRole('heading', { level: 1, name: 'All Orders' })).toBeVisible();
  const table = admin.getByRole('table', { name: 'All Orders' });
  await expect(table.getByRole('columnheader')).toHaveText(allOrdersColumns);
  const row = table
    .getByRole('row')
    .filter({ has: admin.locator(`a[href="/dashboard/payment/${order._id}"]`) });
  await expect(row).toContainText(product.name);
  await expect(row).toContainText(SHOPPER);
  await expect(row).toContainText(`$${product.price.toFixed(2)}`);
  await expect(row).toContainText('0113 496 0000');
  await expect(row.getByRole('cell', { name: '5', exact: true })).toBeVisible();
  await shootBothWidths(admin, 'checkout', 'all-orders', () => expect(row).toBeVisible());

  // The admin's Pay leads to the same payment page.
  await row.getByRole('link', { name: 'Pay' }).click();
  await expect(admin.getByRole('heading', { name: `Pay for ${product.name}` })).toBeVisible();
  await admin.context().close();
});
