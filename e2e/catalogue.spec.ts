import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { expectWellFormed, signInAt } from './support';
import { ADMIN, unique, appToken } from '../playwright/accounts';

/**
 * Running the catalogue in Chromium against the whole stack: an admin edits, restocks, retires
 * and restores products and imports a price list from the back office, and a shopper sees each
 * change in the shop. Each journey adds the products it works on (unique names), so runs that
 * share a database never depend on one another.
 */

interface Made {
  _id: string;
  name: string;
  sku: string;
  version: number;
}

/** A product of this run, added through the admin API. */
async function addProduct(request: APIRequestContext, name: string): Promise<Made> {
  const res = await request.post('/api/product', {
    headers: { authorization: `Bearer ${await appToken(request, ADMIN)}` },
    data: {
      name,
      description: 'Touring tyre for the e2e journeys.',
      price: 89.99,
      orderquantity: 1,
      availableauantity: 50,
      img: '/images/products/summer-tyre.svg',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

async function newPage(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  return page;
}

/** Screenshots at 390 and 1280 px into test-results/, each checked first (axe, no overflow). */
async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectWellFormed(page, `${name} at ${width}px`);
    // From the top, so the sticky navbar is drawn there and not over the middle of the page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `test-results/catalogue-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const table = (page: Page) => page.getByRole('table', { name: 'Products' });
const rowOf = (page: Page, name: string) => table(page).getByRole('row').filter({ hasText: name });

/** The back office's table, searched for `name`. */
async function findInBackOffice(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
  await expect(table(page).getByRole('row')).toHaveCount(2);
  return rowOf(page, name);
}

/** The shop's search for `name`: its card, or the no-match message. */
async function searchShop(page: Page, name: string) {
  await page.goto(`/shop?q=${encodeURIComponent(name)}`);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('an admin edits a price, and a shopper sees it in the shop; a stale edit is shown, not lost', async ({
  page,
  browser,
}, testInfo) => {
  const name = `CityRoute Touring ${unique()}`;
  const product = await addProduct(page.request, name);
  const shopper = await newPage(browser, testInfo);
  await searchShop(shopper, name);
  const card = shopper.getByRole('article').filter({ hasText: name });
  await expect(card.getByText('$89.99')).toBeVisible();

  await signInAt(page, '/dashboard/products', ADMIN);
  await expect(
    page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Products' }),
  ).toHaveClass(/active/);
  await expect(table(page)).toBeVisible();
  await shoot(page, 'products-table');
  const row = await findInBackOffice(page, name);
  await expect(row).toContainText('$89.99');
  await expect(row).toContainText(product.sku);
  await row.getByRole('link', { name: `Edit ${name}` }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}` })).toBeVisible();
  await expect(page.getByLabel('Price ($)')).toHaveValue('89.99');
  await page.getByLabel('Price ($)').fill('84.99');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Saved: ${name} is updated in the shop.`)).toBeVisible();

  // The shopper's next look at the shop has the new price.
  await searchShop(shopper, name);
  await expect(card.getByText('$84.99')).toBeVisible();

  // Another admin saves in between: the form says what changed and keeps what was typed.
  const token = await appToken(page.request, ADMIN);
  const behind = await page.request.patch(`/api/product/${product._id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { version: product.version + 1, price: 82.5 },
  });
  expect(behind.ok(), await behind.text()).toBe(true);
  await page.getByLabel('Order Quantity').fill('3');
  await page.getByRole('button', { name: 'Save changes' }).click();
  const conflict = page.getByRole('region', { name: 'Changed since you opened it' });
  await expect(conflict).toContainText('Price 84.99 → 82.50');
  await expect(page.getByLabel('Order Quantity')).toHaveValue('3');
  await shoot(page, 'edit-conflict');
  await conflict.getByRole('button', { name: 'Save mine over it' }).click();
  await expect(conflict).toHaveCount(0);
  await expect(page.getByText(`Saved: ${name} is updated in the shop.`).first()).toBeVisible();

  // The history, newest first.
  const history = page.getByRole('list', { name: 'Changes, newest first' });
  await expect(history.getByRole('listitem').first()).toContainText('Order quantity 1 → 3');
  await expect(history).toContainText('Price 84.99 → 82.50');
  await expect(history).toContainText('Price 89.99 → 84.99');
  await expect(history.getByRole('listitem').last()).toContainText('Added');
  await shopper.context().close();
});

test('an admin restocks, retires and restores; the shop follows', async ({
  page,
  browser,
}, testInfo) => {
  const name = `QuietRide Comfort ${unique()}`;
  const product = await addProduct(page.request, name);
  await signInAt(page, '/dashboard/products', ADMIN);
  let row = await findInBackOffice(page, name);

  // Restock: stock never goes below zero, said under the units.
  await row.getByRole('button', { name: `Restock ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Restock ${name}` });
  const units = dialog.getByLabel('Units in (+) or out (−)');
  await expect(units).toBeFocused();
  await units.fill('-60');
  await dialog.getByLabel('Reason').fill('damaged');
  await dialog.getByRole('button', { name: 'Save stock' }).click();
  await expect(dialog.getByText(/Stock cannot go below zero: 50 units are in stock/)).toBeVisible();
  await shoot(page, 'restock-dialog');
  // Escape closes it; nothing was saved.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await row.getByRole('button', { name: `Restock ${name}` }).click();
  await dialog.getByRole('button', { name: 'One unit more' }).click();
  await units.fill('40');
  await dialog.getByLabel('Reason').fill('delivery');
  await expect(dialog.getByText('In stock: 50 +40 = 90.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save stock' }).click();
  await expect(page.getByText(`Stock of ${name} is now 90.`)).toBeVisible();
  await expect(row).toContainText('90');

  // Retire, after a confirm: the shop no longer finds it, its page says it is no longer sold.
  await row.getByRole('button', { name: `Retire ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Retire this product?' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Retire' }).click();
  await expect(page.getByText(`${name} is retired: the shop no longer sells it.`)).toBeVisible();
  row = rowOf(page, name);
  await expect(row).toContainText('Retired');

  // A visitor: product pages are public, and what the shop sells is the same for everyone.
  const shopper = await newPage(browser, testInfo);
  const ordering = shopper.getByRole('link', { name: 'Add to shopping bag' });
  await shopper.goto(`/productdetails/${product._id}`);
  await expect(shopper.getByText('This product is no longer sold.')).toBeVisible();
  await expect(shopper.getByRole('button', { name: 'Add to shopping bag' })).toHaveCount(0);
  await expect(ordering).toHaveCount(0);
  await searchShop(shopper, name);
  await expect(shopper.getByText('No products match your search.')).toBeVisible();

  // Restore: back in the shop, and orderable (for a visitor, after signing in).
  await row.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(page.getByText(`${name} is back in the shop.`)).toBeVisible();
  await searchShop(shopper, name);
  await expect(shopper.getByRole('article').filter({ hasText: name })).toBeVisible();
  await shopper.goto(`/productdetails/${product._id}`);
  await expect(ordering).toBeVisible();

  // The product's page lists it all, newest first.
  await row.getByRole('link', { name: `Edit ${name}` }).click();
  const history = page.getByRole('list', { name: 'Changes, newest first' });
  await expect(history.getByRole('listitem').nth(0)).toContainText('Restored');
  await expect(history.getByRole('listitem').nth(1)).toContainText('Retired');
  await expect(history.getByRole('listitem').nth(2)).toContainText('Stock +40 ‘delivery’');
  await expect(history.getByRole('listitem').nth(0)).toContainText(ADMIN);
  await shopper.context().close();
});

test('an admin imports a price list with good and bad rows, and exports the catalogue', async ({
  page,
  browser,
}, testInfo) => {
  const run = unique();
  const good = `Imported AllWeather ${run}`;
  const csv = [
    'sku,name,description,price,orderquantity,availablequantity,category',
    `IMP-${run}-1,${good},All-season tyre from a price list.,99.5,1,30,tyre`,
    `IMP-${run}-2,Imported Wiper ${run},Wiper blade.,-4,1,10,part`,
    `IMP-${run}-3,Imported Filter ${run},Cabin filter.,12,1,20,part`,
  ].join('\n');

  await signInAt(page, '/dashboard/products', ADMIN);
  // Export: the whole catalogue as CSV, downloaded with the admin's token.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);

  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import products' })).toBeVisible();
  await page.getByLabel('Price list (CSV)').setInputFiles({
    name: 'prices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Check the file' }).click();

  const report = page.getByRole('region', { name: 'What the import would do' });
  await expect(report).toContainText('3 rows read: 2 would be added, 0 updated');
  const rejected = report.getByRole('table', { name: 'Rejected rows' });
  await expect(rejected.getByRole('row')).toHaveCount(2);
  await expect(rejected.getByRole('row').nth(1)).toContainText('3');
  await expect(rejected.getByRole('row').nth(1)).toContainText(`IMP-${run}-2`);
  await shoot(page, 'import-report');

  await page.getByRole('button', { name: 'Import 2 rows, skip the rejected' }).click();
  const done = page.getByRole('region', { name: 'What the import did' });
  await expect(done).toContainText('Imported: 2 added, 0 updated, 0 unchanged. 1 row rejected');

  const shopper = await newPage(browser, testInfo);
  await searchShop(shopper, good);
  await expect(shopper.getByRole('article').filter({ hasText: good })).toContainText('$99.50');
  await searchShop(shopper, `Imported Wiper ${run}`);
  await expect(shopper.getByText('No products match your search.')).toBeVisible();
  await shopper.context().close();
});
