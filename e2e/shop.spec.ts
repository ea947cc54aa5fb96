import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAtLeast, gotoLive, loadLazyImages, screenshots, shootBothWidths } from './support';
import { shopFirstPage } from '../playwright/storeApi';

const PAGE_SIZE = 24;

/** The admin's app token: the demo admin signs in at the Auth emulator, then the exchange. */
async function adminToken(request: APIRequestContext): Promise<string> {
  const config = await (await request.get('/api/config')).json();
  const signIn = await request.post(
    `${config.firebase.authEmulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=k`,
    { data: { email: 'admin@store.test', password: 'demo-pass-123', returnSecureToken: true } },
  );
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const { idToken } = await signIn.json();
  const exchange = await request.put('/api/users/admin%40store.test', {
    headers: { authorization: `Bearer ${idToken}` },
    data: { email: 'admin@store.test' },
  });
  expect(exchange.ok(), await exchange.text()).toBe(true);
  return (await exchange.json()).token;
}

const totalProducts = async (request: APIRequestContext) =>
  Number((await request.get('/api/product?limit=1')).headers()['x-total-count']);

/**
 * Adds products through the admin API (as the Add Product page does) until the shop has at
 * least `pages` full pages and a part of one more. Returns the number of products.
 */
async function stockShopWithPages(request: APIRequestContext, pages: number): Promise<number> {
  const wanted = pages * PAGE_SIZE + 5;
  let total = await totalProducts(request);
  if (total >= wanted) return total;
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const run = Date.now().toString(36);
  while (total < wanted) {
    total += 1;
    const res = await request.post('/api/product', {
      headers,
      data: {
        name: `ServiceLine oil filter ${run}-${total}`,
        description: 'Spin-on oil filter for petrol and diesel engines.',
        price: 9.5,
        orderquantity: 1,
        availableauantity: 50,
        img: '/images/products/oil-filter.svg',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  return totalProducts(request);
}

const showing = (from: number, to: number, total: number) =>
  `Showing ${from.toLocaleString('en-US')}–${to.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} products`;

const pagination = (page: Page) => page.getByRole('navigation', { name: 'Product pages' });
const productList = (page: Page) => page.getByRole('list', { name: 'Products' });

test.describe('a shopper browsing the store', () => {
  test('opens the store, goes to the shop and sees the seeded catalogue', async ({
    page,
    request,
  }) => {
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
    await expectAtLeast(cards, PAGE_SIZE);
    // Newest first: the seeded products, after any the journeys before added.
    const product = (await shopFirstPage(request))[0]!;
    const first = cards.filter({ has: page.getByRole('heading', { name: product.name }) });
    await expect(first.getByRole('heading', { name: product.name })).toBeVisible();
    await expect(first.getByText(`$${product.price.toFixed(2)}`)).toBeVisible();
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
      await expectAtLeast(cards, PAGE_SIZE);
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

  test('the landing page asks for the six products it shows, not the whole catalogue', async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/product') asked.push(url.search);
    });
    const shown = page.getByRole('list', { name: 'Products' }).getByRole('article');
    // Opened directly, it comes from the server with its six in it: the browser asks for none.
    await page.goto('/');
    await expect(shown).toHaveCount(6);
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);

    // Opened from another page, it asks for the six it shows.
    await page.goto('/about');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Home' })
      .click();
    await expect(shown).toHaveCount(6);
    expect(asked).toEqual(['?limit=6&offset=0']);
  });

  test('the API answers JSON to a bad product id', async ({ request }) => {
    const response = await request.get('/api/productDetails/not-a-uuid');
    expect(response.status()).toBe(400);
    // In words, without the request part or the schema's keyword.
    expect(await response.json()).toEqual({
      error: 'Bad Request',
      message: expect.stringMatching(/^This link.s id is not one the store uses\.$/),
    });
  });

  // Last in this file: it adds products, so the shop has pages from here on.
  test('the shop pages through a larger catalogue, page in the URL', async ({ page, request }) => {
    const total = await stockShopWithPages(request, 2);
    const last = Math.ceil(total / PAGE_SIZE);
    await page.setViewportSize({ width: 1280, height: 900 });
    // Live: a page link followed before hydration is the browser's, which moves no focus.
    await gotoLive(page, '/shop');

    await expect(page.getByText(showing(1, PAGE_SIZE, total))).toBeVisible();
    await expect(productList(page).getByRole('article')).toHaveCount(PAGE_SIZE);
    const nav = pagination(page);
    await expect(nav.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: /Previous/ })).toHaveCount(0);
    // The first row's pictures load at once and first; the others when scrolled near.
    // The pictures themselves (each is hidden from screen readers: the name's link speaks).
    const images = productList(page).locator('img');
    await expect(images.nth(0)).toHaveAttribute('fetchpriority', 'high');
    await expect(images.nth(2)).toHaveAttribute('loading', 'eager');
    await expect(images.nth(3)).toHaveAttribute('loading', 'lazy');

    // Next, from the bottom of the list: the view goes to the top of the new cards.
    await nav.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\/shop\?page=2$/);
    const second = page.getByText(showing(PAGE_SIZE + 1, 2 * PAGE_SIZE, total));
    await expect(second).toBeVisible();
    await expect(second).toBeFocused();
    await expect(second).toBeInViewport();
    await expect(nav.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    const firstOfSecond = await productList(page).getByRole('heading').first().textContent();

    // The last page, by its number.
    await nav.getByRole('link', { name: `Page ${last}` }).click();
    await expect(page).toHaveURL(new RegExp(`/shop\\?page=${last}$`));
    await expect(page.getByText(showing((last - 1) * PAGE_SIZE + 1, total, total))).toBeVisible();
    await expect(productList(page).getByRole('article')).toHaveCount(
      total - (last - 1) * PAGE_SIZE,
    );
    await expect(nav.getByRole('link', { name: /Next/ })).toHaveCount(0);

    // Back and Forward walk the pages.
    await page.goBack();
    await expect(page).toHaveURL(/\/shop\?page=2$/);
    await expect(productList(page).getByRole('heading').first()).toHaveText(firstOfSecond!);
    await page.goBack();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByText(showing(1, PAGE_SIZE, total))).toBeVisible();
    await page.goForward();
    await expect(page.getByText(showing(PAGE_SIZE + 1, 2 * PAGE_SIZE, total))).toBeVisible();

    // A shared link opens that page; a page past the end becomes the last; junk the first.
    await page.goto('/shop?page=2');
    await expect(page.getByText(showing(PAGE_SIZE + 1, 2 * PAGE_SIZE, total))).toBeVisible();
    await page.goto('/shop?page=999');
    await expect(page).toHaveURL(new RegExp(`/shop\\?page=${last}$`));
    await expect(productList(page).getByRole('article').first()).toBeVisible();
    await page.goto('/shop?page=abc');
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByText(showing(1, PAGE_SIZE, total))).toBeVisible();
  });

  test('while the next page loads, the cards shown stay, dimmed and marked busy', async ({
    page,
    request,
  }) => {
    const total = await stockShopWithPages(request, 2);
    await page.setViewportSize({ width: 1280, height: 900 });
    // The app's own paging: a click before it runs loads page 3 as HTML, never busy.
    await gotoLive(page, '/shop');
    await expect(page.getByText(showing(1, PAGE_SIZE, total))).toBeVisible();
    const firstName = await productList(page).getByRole('heading').first().textContent();

    // Page 3's answer is held back until the test has looked.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/product\?.*\boffset=48(&|$)/, async (route) => {
      await released;
      await route.continue();
    });
    await pagination(page).getByRole('link', { name: 'Page 3' }).click();
    await expect(page).toHaveURL(/\/shop\?page=3$/);
    await expect(productList(page)).toHaveAttribute('aria-busy', 'true');
    await expect(productList(page).getByRole('heading').first()).toHaveText(firstName!);
    await expect(page.getByRole('status').filter({ hasText: 'Loading page 3' })).toBeVisible();
    expect(await productList(page).evaluate((el) => getComputedStyle(el).opacity)).not.toBe('1');
    await page.screenshot({ path: `${screenshots}/shop-loading-next-1280.png` });

    release();
    await expect(
      page.getByText(showing(2 * PAGE_SIZE + 1, Math.min(3 * PAGE_SIZE, total), total)),
    ).toBeVisible();
    await expect(productList(page)).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
  });

  test('screenshots of the shop in pages at 390 and 1280 px', async ({ page, request }) => {
    const total = await stockShopWithPages(request, 2);
    for (const path of ['/shop', '/shop?page=2']) {
      await page.goto(path);
      await expect(productList(page).getByRole('article').first()).toBeVisible();
      const name = path === '/shop' ? 'paged-first' : 'paged-second';
      await shootBothWidths(page, 'shop', name, async () => {
        await loadLazyImages(page);
        await expect(pagination(page)).toBeVisible();
      });
    }
    expect(total).toBeGreaterThan(2 * PAGE_SIZE);
  });
});
