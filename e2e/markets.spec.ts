import type { Page } from '@playwright/test';
import { expect, test } from '../playwright/fixtures';
import { copy } from '../contract/copy';
import { marketCopy } from '../contract/marketCopy';
import { SHOPPER, bearer, unique, logIn } from '../playwright/accounts';
import {
  addProduct,
  emptyShoppersBag,
  fillShoppersBag,
  retireProducts,
} from '../playwright/storeApi';
import { shootBothWidths, gotoLive, payWithCard } from './support';

/**
 * Markets in Chromium (issue 46): a German shopper sees euro prices with VAT included from the
 * landing page to the receipt; a Californian sees sales tax added at checkout; the fully fitted
 * switch changes every tyre's card; the shop sorts by the euro price, and a dollar price range is
 * cleared when the shopper chooses Germany.
 */

/**
 * Signs the shopper in and opens the checkout of their bag of `items`; `subtotal`: what the bag
 * says before it.
 */
async function checkOutBag(page: Page, items: number, subtotal?: RegExp) {
  await gotoLive(page, '/login');
  await logIn(page, SHOPPER);
  await expect(page.getByRole('link', { name: `Bag, ${items} items` })).toBeVisible();
  await page.getByRole('link', { name: /^Bag, / }).click();
  if (subtotal)
    await expect(page.getByRole('region', { name: 'Subtotal' })).toContainText(subtotal);
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout(\?market=[A-Z]{2})?$/);
}

async function fillDetails(page: Page, address: string) {
  await page.getByRole('textbox', { name: 'Name' }).fill('Demo Shopper');
  await page.getByRole('textbox', { name: 'Address' }).fill(address);
  await page.getByRole('textbox', { name: 'Phone Number' }).fill('0113 496 0000');
}

/** Prices on cards: every card's price paragraph (first on the line under its name), in order. */
const cardPrices = (page: Page) =>
  page.getByRole('article').locator(':is(h2, h3) + div > p:first-child');

const ownProducts: string[] = [];
test.afterEach(async ({ request }) => {
  await retireProducts(request, ownProducts.splice(0));
});

test('a German shopper sees euro prices with VAT from the landing page to the receipt', async ({
  tokens,
  page,
}) => {
  // One journey from the landing page to the receipt, four pages shot at two widths.
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const tag = unique();
  const tyre = await addProduct(page.request, await tokens.admin(), {
    name: `Autobahn Touring ${tag}`,
    price: 89.5,
    stock: 20,
    tyre: true,
  });
  ownProducts.push(tyre._id);

  // The server renders the landing page in the address's market: euros, VAT included.
  const html = await (await page.request.get('/?market=DE')).text();
  expect(html).toMatch(/\d+,\d\d\s€/);
  expect(html).toMatch(/incl\. 19\s% VAT/);

  // Chosen in the header, the market goes into the address and stays in this browser.
  await gotoLive(page, '/');
  await expect(cardPrices(page).first()).toHaveText(/^\$\d+\.\d\d$/);
  await page.getByLabel('Prices for').selectOption('DE');
  await expect(page).toHaveURL(/\?market=DE$/);
  await expect(cardPrices(page).first()).toHaveText(/^\d+,\d\d\s€$/);
  await expect(page.getByText(/incl\. 19\s% VAT/).first()).toBeVisible();
  await shootBothWidths(page, 'markets', 'landing-de');

  // A page opened without the market shows the remembered one, and writes it into the address.
  await gotoLive(page, `/productdetails/${tyre._id}`);
  await expect(page).toHaveURL(/\?market=DE$/);
  // $89.50 × 0.92 = €82.34, on the shelf as €81.99.
  await expect(page.getByText(/^81,99\s€$/)).toBeVisible();
  await shootBothWidths(page, 'markets', 'product-de');

  await gotoLive(page, `/shop?q=${encodeURIComponent(`Autobahn Touring ${tag}`)}`);
  await expect(page.getByRole('article', { name: tyre.name })).toContainText(/81,99\s€/);

  // The checkout starts in Germany and is priced there: the lines with VAT inside them.
  await emptyShoppersBag(page.request);
  await fillShoppersBag(page.request, [[tyre, 2]]);
  // The bag already shows the euro shelf prices: 2 × €81.99.
  await checkOutBag(page, 2, /163,98\s€\s*incl\. 19\s% VAT/);
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('DE');
  await fillDetails(page, 'Hauptstraße 5, 10115 Berlin');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
  // Two tyres at €81.99 and delivery €6.95: €170.93, VAT 19 % inside.
  const summary = page.getByRole('region', { name: /./ }).filter({ hasText: 'Delivery' });
  await expect(summary.first()).toContainText(/170,93\s€/);
  await expect(summary.first()).toContainText(/incl\. VAT 19\s%/);
  await shootBothWidths(page, 'markets', 'checkout-de', () =>
    expect(page.getByLabel('Card number')).toBeVisible(),
  );
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('status').filter({ hasText: copy.payment.success })).toBeVisible();
  await expect(page.getByText(/170,93\s€/).first()).toBeVisible();

  await page.getByRole('link', { name: marketCopy.receipt.link }).click();
  const receipt = page.getByRole('article', { name: /^Receipt / });
  // The seller as configured (STORE_LEGAL_NAME, STORE_ADDRESS: their defaults here).
  await expect(receipt).toContainText('Tyre & Auto Parts Store');
  await expect(receipt).toContainText('12 Foundry Lane, Springfield');
  await expect(receipt).toContainText(/170,93\s€/);
  await expect(receipt).toContainText(/19\s%/);
  await shootBothWidths(page, 'markets', 'receipt-de');
});

test('a Californian sees sales tax added at checkout', async ({ tokens, page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const tag = unique();
  const tyre = await addProduct(page.request, await tokens.admin(), {
    name: `Pacific Touring ${tag}`,
    price: 89.5,
    stock: 20,
    tyre: true,
  });
  ownProducts.push(tyre._id);
  await emptyShoppersBag(page.request);
  await fillShoppersBag(page.request, [[tyre, 4]]);

  await checkOutBag(page, 4);
  await fillDetails(page, '1 Market Street, San Francisco');
  await page.getByRole('combobox', { name: 'Country' }).selectOption('US');
  await page.getByRole('textbox', { name: 'State' }).fill('CA');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
  // $358.00 of tyres, CA's tyre fee 4 × $1.75, delivery $9.95, sales tax 7.25 % of the tyres.
  const summary = page.getByRole('region', { name: /./ }).filter({ hasText: 'Sales tax' });
  await expect(summary.first()).toContainText('CA state tyre fee');
  await expect(summary.first()).toContainText(/Sales tax 7\.25\s?%/);
  await expect(summary.first()).toContainText('$25.96');
  await expect(summary.first()).toContainText('$400.91');
  await shootBothWidths(page, 'markets', 'checkout-ca', () =>
    expect(page.getByLabel('Card number')).toBeVisible(),
  );
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('status').filter({ hasText: copy.payment.success })).toBeVisible();
  await expect(page.getByText('$400.91').first()).toBeVisible();
});

test('the fully fitted switch changes every tyre card, and is remembered', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoLive(page, '/shop');
  const prices = cardPrices(page);
  await expect(prices.first()).toHaveText(/^\$/);
  const before = await prices.allTextContents();
  expect(before.length).toBeGreaterThan(1);

  await page.getByLabel(/Fully fitted prices/).check();
  await expect(page.getByText(/fitted, with valves and disposal/).first()).toBeVisible();
  const after = await prices.allTextContents();
  const articles = await page.getByRole('article').all();
  let changed = 0;
  for (const [at, article] of articles.entries()) {
    const fitted = (await article.getByText(/fitted, with valves and disposal/).count()) > 0;
    if (fitted) {
      expect(after[at]).not.toBe(before[at]);
      changed += 1;
    } else expect(after[at]).toBe(before[at]);
  }
  expect(changed).toBeGreaterThan(0);
  await shootBothWidths(page, 'markets', 'shop-fully-fitted');

  await gotoLive(page, '/shop');
  await expect(page.getByLabel(/Fully fitted prices/)).toBeChecked();
  await expect(page.getByText(/fitted, with valves and disposal/).first()).toBeVisible();
});

test('the shop sorts by euro prices; a dollar price range is cleared on choosing Germany', async ({
  tokens,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const admin = await tokens.admin();
  const tag = unique();
  // In Germany: $29.99 → €27.99; $100.00, but its own €159.00 there; $150.00 → €137.99.
  const made: Record<string, string> = {};
  for (const [name, price] of [
    ['Budget', 29.99],
    ['Import', 100],
    ['Touring', 150],
  ] as const) {
    const product = await addProduct(page.request, admin, {
      name: `${name} ${tag}`,
      price,
      stock: 5,
      tyre: true,
    });
    made[name] = product._id;
    ownProducts.push(product._id);
  }
  const own = await page.request.put(`/api/markets/DE/prices/${made.Import}`, {
    headers: bearer(admin),
    data: { minor: 15900 },
  });
  expect(own.status()).toBe(204);
  const names = page.getByRole('article').getByRole('heading');

  await gotoLive(page, `/shop?q=${tag}&sort=price-asc&minPrice=20&maxPrice=200`);
  await expect(names).toHaveText([`Budget ${tag}`, `Import ${tag}`, `Touring ${tag}`]);

  await page.getByLabel('Prices for').selectOption('DE');
  await expect(page).toHaveURL(/[?&]market=DE/);
  expect(page.url()).not.toMatch(/minPrice|maxPrice/);
  const cleared = page
    .getByRole('status')
    .filter({ hasText: 'Your price range was in USD, so it was cleared' });
  await expect(cleared).toBeVisible();
  await expect(names).toHaveText([`Budget ${tag}`, `Touring ${tag}`, `Import ${tag}`]);
  await expect(cardPrices(page)).toHaveText([/^27,99\s€$/, /^137,99\s€$/, /^159,00\s€$/]);
  await shootBothWidths(page, 'markets', 'shop-price-sorted-de', () =>
    expect(cleared).toBeVisible(),
  );
});
