import { expect, test, type Page } from '@playwright/test';
import { seedProducts } from '../server/src/db/seed-data';
import { pngUpload } from './pngImage';
import { shootBothWidths, gotoLive } from './support';
import { ADMIN, SHOPPER, appToken, bearer, logIn, newAccount } from '../playwright/accounts';

/**
 * Issue 13: every message in the user's words, and no dead ends. Each journey drives a form
 * with bad input, and every message shown on the way (alerts, statuses, toasts, the messages
 * under fields) is collected and checked for the server's internals.
 */

/** What a person must never read: request parts, JSON pointers, JSON Schema keywords. */
const INTERNALS =
  /body\.|params\.|querystring\.|must NOT|must match|must be [<>]=|must have required|additionalProperties|must be integer|must be number|format "|pattern "|instancePath/;

/** Every message on screen now. */
async function shownMessages(page: Page): Promise<string[]> {
  return page
    .locator('[role="alert"], [role="status"], .Toastify__toast, [id$="-error"], [id$="-hint"]')
    .allInnerTexts();
}

/** Collects messages during a journey; `check` asserts none shows the server's internals. */
function messageLog(page: Page) {
  const seen = new Set<string>();
  return {
    async collect() {
      for (const text of await shownMessages(page)) if (text.trim()) seen.add(text.trim());
    },
    check() {
      const leaking = [...seen].filter((text) => INTERNALS.test(text));
      expect(leaking, 'messages showing the server’s internals').toEqual([]);
      return [...seen];
    },
  };
}

/** A description that contains `text` (a field's hint may come before its error). */
const containing = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

async function productId(page: Page, name: string): Promise<string> {
  const products = (await (await page.request.get('/api/product')).json()) as {
    _id: string;
    name: string;
  }[];
  return products.find((p) => p.name === name)!._id;
}

test('Book Now, then ordering: a visitor is told why to sign in and comes back to the product', async ({
  page,
}) => {
  const product = seedProducts[0]!;
  // Found by its name: the journeys before may have added pages of newer products.
  await page.goto(`/shop?q=${encodeURIComponent(product.name)}`);
  const card = page.getByRole('article').filter({ hasText: product.name }).first();
  await card.getByRole('link', { name: 'Book Now' }).click();
  // The product's page is public (issue 32); only ordering asks for an account.
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByRole('link', { name: 'Add to shopping bag' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText('Sign in to order: you will come back to this product afterwards.'),
  ).toBeVisible();
  await shootBothWidths(page, 'words', 'login-to-order');
  await logIn(page, SHOPPER);
  await expect(page).toHaveURL(/\/productdetails\//);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the order modal checks the API’s rules under each field, in words', async ({ page }) => {
    const log = messageLog(page);
    const product = seedProducts[0]!;
    const id = await productId(page, product.name);
    await page.goto(`/productdetails/${id}`);
    await page.getByRole('link', { name: 'Add to shopping bag' }).click();
    await logIn(page, SHOPPER);
    await expect(page).toHaveURL(new RegExp(`/productdetails/${id}$`));

    // The orderable number beside the stock, as the modal will say it.
    const orderable = product.availablequantity - product.orderquantity;
    await expect(page.locator('dt', { hasText: 'You can order' })).toBeVisible();
    await expect(page.getByText(`up to ${orderable}`)).toBeVisible();

    // 'Add to shopping bag' on one line at 390 px.
    const bag = page.getByRole('button', { name: 'Add to shopping bag' });
    const box = (await bag.boundingBox())!;
    const lineHeight = await bag.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect(box.height).toBeLessThan(lineHeight * 2);

    await bag.click();
    const dialog = page.getByRole('dialog', { name: 'Your order' });
    await expect(dialog.getByText(`You can order up to ${orderable}.`)).toBeVisible();
    const place = dialog.getByRole('button', { name: 'Place order' });
    const phone = dialog.getByLabel('Phone Number');
    const address = dialog.getByLabel('Address');
    const quantity = dialog.getByLabel('Quantity');

    // Refused in the form, before any request, under the field.
    await address.fill('x'.repeat(5000));
    await phone.fill('12');
    await quantity.fill('1');
    await place.click();
    await expect(phone).toHaveAccessibleDescription(/Phone Number must be 6 to 24 characters/);
    await expect(address).toHaveAccessibleDescription(
      containing('Address can be at most 300 characters.'),
    );
    await log.collect();
    await shootBothWidths(page, 'words', 'order-modal-field-errors');

    await phone.fill('call me');
    await place.click();
    await expect(phone).toHaveAccessibleDescription(/Phone Number must be/);
    await log.collect();

    // Quantity 0 passes the modal's own check (the spec); the API refuses it, in words,
    // under the field, and no 'Try again' dead end.
    await address.fill('12 Foundry Lane, Leeds');
    await phone.fill('0113 496 0000');
    await quantity.fill('0');
    await place.click();
    const zero = 'Quantity must be at least 1: an order is for one unit or more.';
    await expect(quantity).toHaveAccessibleDescription(containing(zero));
    await log.collect();

    await quantity.fill(String(orderable + 1));
    await place.click();
    await expect(dialog.getByText('please input a Available quantity').first()).toBeVisible();
    await log.collect();
    log.check();
  });

  test('Escape closes the phone menu', async ({ page }) => {
    // The script closes it (a native disclosure has no Escape): opened once the app runs.
    await gotoLive(page, '/shop');
    // The menu is a native disclosure (it opens without the script): its summary.
    const menuButton = page.getByRole('navigation', { name: 'Main' }).locator('summary');
    await menuButton.click();
    const menu = page.locator('#main-menu');
    await expect(menu.getByRole('link', { name: 'Portfolio' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu.getByRole('link', { name: 'Portfolio' })).toBeHidden();
    await expect(menuButton).toBeFocused();
  });
});

test('a bad payment link says so in words, with a way back and no useless retry', async ({
  page,
}) => {
  const log = messageLog(page);
  await page.goto('/dashboard/payment/nope');
  await logIn(page, SHOPPER);
  await expect(page).toHaveURL(/\/dashboard\/payment\/nope$/);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText("This link's id is not one the store uses.");
  await expect(alert.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(alert.getByRole('link', { name: 'Back to My Orders' })).toBeVisible();
  // The sidebar shows where the payment belongs.
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar.getByRole('link', { name: 'My Orders' })).toHaveClass(/active/);
  await log.collect();
  await shootBothWidths(page, 'words', 'payment-bad-link');

  await page.goto('/dashboard/payment/0b8e3c52-7a4d-4f1e-9c3b-000000000999');
  await expect(page.getByRole('alert')).toContainText('No order with this id.');
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await log.collect();

  // Someone else's order (the admin's, placed through the API).
  const adminOrder = await page.request.post('/api/order', {
    headers: bearer(await appToken(page.request, ADMIN)),
    data: {
      productId: await productId(page, seedProducts[0]!.name),
      name: 'Admin',
      address: '1 Road',
      number: '555 0100',
      quantity: 1,
    },
  });
  expect(adminOrder.status(), await adminOrder.text()).toBe(201);
  await page.goto(`/dashboard/payment/${(await adminOrder.json())._id}`);
  await expect(page.getByRole('alert')).toContainText('This order belongs to someone else.');
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await log.collect();

  await page.goto('/dashboard');
  await expect(sidebar.getByRole('link', { name: 'Profile' })).toHaveClass(/active/);
  log.check();
});

test('Add Product refuses an order quantity that leaves nothing to order', async ({ page }) => {
  const log = messageLog(page);
  await page.goto('/dashboard/addProduct');
  await logIn(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard\/addProduct$/);
  const form = page.getByRole('form', { name: 'Add Product' });
  await form.getByLabel('Available Quantity').fill('5');
  await form.getByLabel('Order Quantity').fill('5');
  await form.getByLabel('Price ($)').fill('-1');
  await form.getByRole('button', { name: 'Please Add Product' }).click();
  await expect(form.getByLabel('Order Quantity')).toHaveAccessibleDescription(
    containing(
      'Order Quantity must be less than the available quantity: shoppers can order only what is left above it.',
    ),
  );
  await expect(form.getByLabel('Price ($)')).toHaveAccessibleDescription(
    containing('Price ($) must be 0 or more.'),
  );
  await log.collect();
  await shootBothWidths(page, 'words', 'add-product-order-quantity');

  // The API refuses it too, in the same words (an older client, a script).
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const res = await page.request.post('/api/product', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: 'Never orderable',
      description: 'x',
      price: 1,
      orderquantity: 5,
      availableauantity: 5,
      img: '/p.png',
    },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).message).toBe(
    'Order Quantity must be less than the available quantity: shoppers can order only what is left above it.',
  );
  log.check();
});

test('a long unbroken word in a review wraps on /review', async ({ page }) => {
  const reviewer = await newAccount(page.request, 'reviewer');
  await page.goto('/dashboard/myreview');
  await logIn(page, reviewer);
  await expect(page).toHaveURL(/\/dashboard\/myreview$/);
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const word = `Superlongwordwithoutanybreak${'x'.repeat(120)}`;
  const res = await page.request.post('/api/review', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Long Word', description: word, Ratings: 4, address: 'Lodz', img: '/p.png' },
  });
  expect(res.status()).toBe(201);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/review');
    const text = page.getByText(word);
    await expect(text).toBeVisible();
    const card = page.getByRole('article').filter({ hasText: 'Long Word' }).first();
    const [textBox, cardBox] = [(await text.boundingBox())!, (await card.boundingBox())!];
    expect(textBox.x + textBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width + 1);
  }
  await shootBothWidths(page, 'words', 'review-long-word');
});

test('every other form says what is wrong in words, never in the server’s', async ({ page }) => {
  const log = messageLog(page);
  const bad = async (label: string, value: string) =>
    page.getByLabel(label, { exact: true }).fill(value);

  // Register and login: a malformed email, a short password, nothing at all.
  await gotoLive(page, '/register');
  await bad('Email', 'not-an-email');
  await bad('Password', '1');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await log.collect();
  await gotoLive(page, '/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await log.collect();
  await bad('Email', 'nobody@store.test');
  await bad('Password', 'wrong-password-1');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await log.collect();

  // Add Review: spaces only, stars out of range, an address too long to keep.
  await page.goto('/dashboard/myreview');
  await logIn(page, SHOPPER);
  await expect(page).toHaveURL(/\/dashboard\/myreview$/);
  await bad('Your Name', '   ');
  await bad('Description', '   ');
  await bad('Ratings', '9');
  await bad('Address', 'x'.repeat(400));
  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByLabel('Ratings')).toHaveAttribute('aria-invalid', 'true');
  await log.collect();
  await bad('Ratings', '0');
  await page.getByRole('button', { name: 'Add Review' }).click();
  await log.collect();

  // Update Profile: a link that is not a web address, blanks.
  await page.goto('/dashboard/profile/updateProfile');
  await bad('Name', ' ');
  await bad('Linkedin link', 'javascript:alert(1)');
  await bad('Department', 'x'.repeat(400));
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(page.getByLabel('Linkedin link')).toHaveAttribute('aria-invalid', 'true');
  await log.collect();

  const shown = log.check();
  expect(shown.length).toBeGreaterThan(8);
});

test('a product nobody can order says so, and Add to shopping bag is disabled', async ({
  page,
}) => {
  await page.goto('/dashboard/addProduct');
  await logIn(page, ADMIN);
  await expect(page).toHaveURL(/\/dashboard\/addProduct$/);
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const headers = { authorization: `Bearer ${token}` };
  const added = await page.request.post('/api/product', {
    headers,
    data: {
      name: `Last one ${Date.now()}`,
      description: 'One left in the warehouse.',
      price: 10,
      orderquantity: 0,
      availableauantity: 1,
      img: '/images/products/summer-tyre.svg',
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const product = (await added.json()) as { _id: string };
  const ordered = await page.request.post('/api/order', {
    headers,
    data: {
      productId: product._id,
      name: 'Admin',
      address: '1 Road',
      number: '555 0100',
      quantity: 1,
    },
  });
  expect(ordered.status(), await ordered.text()).toBe(201);

  await page.goto(`/productdetails/${product._id}`);
  const bag = page.getByRole('button', { name: 'Add to shopping bag' });
  await expect(bag).toBeDisabled();
  await expect(bag).toHaveAccessibleDescription('Out of stock: nothing can be ordered right now.');
  await shootBothWidths(page, 'words', 'out-of-stock');
});

test('a review sent twice for one submission is stored once', async ({ page }) => {
  const reviewer = await newAccount(page.request, 'reviewer');
  await page.goto('/dashboard/myreview');
  await logIn(page, reviewer);
  await expect(page).toHaveURL(/\/dashboard\/myreview$/);
  // The network delivers the submission twice (a double-click, a retry after a lost answer):
  // both carry the same Idempotency-Key, and the second gets the first one's answer.
  const keys: string[] = [];
  await page.route('**/api/review', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    await route.fetch();
    await route.fulfill({ response: await route.fetch() });
  });
  const description = `Sent twice (${Date.now()}).`;
  await page.getByLabel('Your Name').fill('Twice');
  await page.getByLabel('Description').fill(description);
  await page.getByLabel('Ratings').fill('4');
  await page.getByLabel('Address').fill('Lodz');
  await page.getByLabel('Image').setInputFiles(pngUpload('twice.png'));
  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByText('ThankYou Sir')).toBeVisible();
  expect(keys).toHaveLength(1);
  expect(keys[0]).toMatch(/\S{8,}/);
  const reviews = (await (await page.request.get('/api/review')).json()) as {
    description: string;
  }[];
  expect(reviews.filter((review) => review.description === description)).toHaveLength(1);
});
