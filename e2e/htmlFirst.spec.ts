import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
} from '@playwright/test';
import { bagCopy } from '../src/shared/bag/bagCopy';
import { copy } from '../contract/copy';
import { noScriptCopy } from '../src/app/noScriptCopy';
import { shopCopy } from '../src/features/catalog/shopCopy';
import { bagSays, screenshots, gotoLive } from './support';
import { SHOPPER, logIn } from '../playwright/accounts';
import { shopFirstPage } from '../playwright/storeApi';

/**
 * Issue 35: every public page works as HTML before its script (or without it): the phone menu,
 * the shop's filters and sort, a styled page for what needs JavaScript; and no page fails to
 * hydrate in any sign-in state (React's production errors #418, #423, #425 and the like).
 */

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const menuButton = (page: Page) => nav(page).locator('summary');

/** A winter search with a label filter, sorted: the shop's filters round-trip through the URL. */
const FILTERED = '/shop?season=winter&fuel=E&sort=price-asc&page=1';

async function publicPaths(browser: Browser): Promise<string[]> {
  const context = await browser.newContext();
  const [product] = (await shopFirstPage(context.request)) as Array<{ _id?: string }>;
  await context.close();
  return [
    '/',
    '/shop',
    FILTERED,
    `/productdetails/${product!._id}`,
    '/login',
    '/register',
    '/about',
    '/portfolio',
    '/review',
  ];
}

/** React's production errors and anything thrown, from now on. */
function watchReactErrors(page: Page) {
  const problems: string[] = [];
  const onConsole = (msg: ConsoleMessage) => {
    const text = msg.text();
    if (msg.type() === 'error' && /React error|#4(18|19|21|23|25)|[Hh]ydrat/.test(text)) {
      problems.push(`console: ${text}`);
    }
  };
  const onError = (error: Error) => problems.push(`pageerror: ${error.message}`);
  page.on('console', onConsole);
  page.on('pageerror', onError);
  return problems;
}

async function signIn(page: Page) {
  await gotoLive(page, '/login');
  await logIn(page, SHOPPER);
  await expect(page).toHaveURL(/\/$/);
  await expect(
    nav(page).getByRole('link', { name: 'DashBoard', includeHidden: true }),
  ).toBeAttached();
}

/** The three states a visitor arrives in; each returns the navbar link it settles on. */
const SIGN_IN_STATES: Array<{
  name: string;
  prepare: (page: Page) => Promise<void>;
  settled: string;
}> = [
  { name: 'a visitor', prepare: async () => {}, settled: 'Login' },
  { name: 'a signed-in shopper', prepare: signIn, settled: 'DashBoard' },
  {
    name: 'a shopper signed out everywhere (forced sign-out)',
    prepare: async (page) => {
      await signIn(page);
      // Another device signed out everywhere: this browser's app token and session are dead.
      const status = await page.evaluate(async () => {
        const res = await fetch('/api/logout', {
          method: 'POST',
          headers: {
            authorization: `Bearer ${localStorage.getItem('accessToken')}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ everywhere: true }),
        });
        return res.status;
      });
      expect(status).toBe(204);
      // The browser learns it at its next signed-in call: a signed-in page sends it to /login
      // with a notice, and a reload there must hydrate too (it once threw #418: the notice lives
      // in the history state, which the server never sees).
      await page.goto('/dashboard/profile');
      await expect(page).toHaveURL(/\/login$/);
      await expect(
        nav(page).getByRole('link', { name: 'Login', includeHidden: true }),
      ).toBeAttached();
      await page.reload({ waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    },
    settled: 'Login',
  },
];

test.describe('hydration in every sign-in state', () => {
  for (const state of SIGN_IN_STATES) {
    test(`no React error on any public page for ${state.name}`, async ({ browser, page }) => {
      test.setTimeout(180_000);
      const paths = await publicPaths(browser);
      await page.setViewportSize({ width: 1280, height: 900 });
      const problems = watchReactErrors(page);
      await state.prepare(page);
      expect(problems, `signing in, for ${state.name}`).toEqual([]);
      for (const path of paths) {
        await page.goto(path, { waitUntil: 'networkidle' });
        // Signed in, /login and /register lead home: the navbar shows who it is.
        await expect(
          nav(page).getByRole('link', { name: state.settled, exact: true, includeHidden: true }),
          `${path}: ${state.name}`,
        ).toBeAttached();
        await page.waitForLoadState('networkidle');
        expect(problems, `${path} for ${state.name}`).toEqual([]);
      }
    });
  }
});

async function noJs(
  browser: Browser,
  width: number,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width, height: width === 390 ? 844 : 900 },
  });
  return { context, page: await context.newPage() };
}

/** Cards' names on the page, in order. */
const cardNames = (page: Page) =>
  page.getByRole('article').getByRole('heading', { level: 2 }).allTextContents();

test.describe('without JavaScript', () => {
  test('on a phone the menu opens and leads on', async ({ browser }) => {
    const { context, page } = await noJs(browser, 390);
    await page.goto('/');
    const shopLink = nav(page).getByRole('link', { name: 'Shop', exact: true });
    await expect(shopLink).toBeHidden();
    await expect(menuButton(page).getByText(copy.nav.menu, { exact: true })).toBeVisible();
    await expect(menuButton(page).getByText(copy.nav.closeMenu, { exact: true })).toBeHidden();
    const box = await menuButton(page).boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await menuButton(page).click();
    await expect(shopLink).toBeVisible();
    await expect(menuButton(page).getByText(copy.nav.closeMenu, { exact: true })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await page.screenshot({ path: `${screenshots}/no-js-menu-open-390.png` });
    await shopLink.click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tyres & auto parts' })).toBeVisible();
    await context.close();
  });

  for (const width of [390, 1280]) {
    test(`at ${width} px a filter and a sort apply: the URL and the results change`, async ({
      browser,
      request,
    }) => {
      const { context, page } = await noJs(browser, width);
      await page.goto('/shop');
      const before = await cardNames(page);
      const filters = page.getByRole('complementary', { name: 'Filters' });
      if (width === 390) {
        await expect(filters.getByRole('checkbox', { name: /^Winter/ })).toBeHidden();
        await filters.locator('summary').click();
      }
      await filters.getByRole('checkbox', { name: /^Winter/ }).check();
      await filters.getByLabel(/^Fuel efficiency/).selectOption('E');
      await page.screenshot({ path: `${screenshots}/no-js-shop-filters-${width}.png` });
      if (width === 390) await filters.getByRole('button', { name: /^Show / }).click();
      else await filters.getByRole('button', { name: shopCopy.applyFilters }).click();
      await expect(page).toHaveURL(/[?&]season=winter/);
      await expect(page).toHaveURL(/[?&]fuel=E/);
      const winterOnly = await (
        await request.get('/api/product?season=winter&fuel=E&sort=newest&limit=24&offset=0')
      ).json();
      const winterNames = (winterOnly as Array<{ name: string }>).map((p) => p.name);
      await expect.poll(() => cardNames(page)).toEqual(winterNames);
      expect(winterNames).not.toEqual(before);
      await expect(
        filters.getByRole('checkbox', { name: /^Winter/, includeHidden: true }),
      ).toBeChecked();

      // The sort, sent with the filters kept.
      await page.getByLabel('Sort by').selectOption('price-asc');
      await page.getByRole('button', { name: shopCopy.applySort, exact: true }).click();
      await expect(page).toHaveURL(/[?&]sort=price-asc/);
      await expect(page).toHaveURL(/[?&]season=winter/);
      const sorted = await (
        await request.get('/api/product?season=winter&fuel=E&sort=price-asc&limit=24&offset=0')
      ).json();
      await expect
        .poll(() => cardNames(page))
        .toEqual((sorted as Array<{ name: string }>).map((p) => p.name));
      await page.screenshot({
        path: `${screenshots}/no-js-shop-sorted-${width}.png`,
        fullPage: true,
      });

      // Clear all is a link: the filters go, the sort stays.
      if (width === 390) await filters.locator('summary').click();
      await filters.getByRole('link', { name: 'Clear all' }).click();
      await expect(page).toHaveURL(/[?&]sort=price-asc/);
      await expect(page).not.toHaveURL(/season=|fuel=/);
      const all = await (await request.get('/api/product?sort=price-asc&limit=24&offset=0')).json();
      await expect
        .poll(() => cardNames(page))
        .toEqual((all as Array<{ name: string }>).map((p) => p.name));
      await context.close();
    });
  }

  test('every public page reads in the store look at 390 and 1280 px', async ({ browser }) => {
    test.setTimeout(180_000);
    const paths = await publicPaths(browser);
    for (const width of [390, 1280]) {
      const { context, page } = await noJs(browser, width);
      for (const path of paths) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
        // Styled: the navbar's charcoal band, the footer with its links.
        await expect(page.locator('header').first()).toHaveCSS(
          'background-color',
          'rgb(17, 24, 39)',
        );
        await expect(page.getByRole('contentinfo')).toBeVisible();
        await expect(page.getByRole('contentinfo')).toContainText(
          `© ${new Date().getUTCFullYear()}`,
        );
        const name =
          path === '/'
            ? 'home'
            : path.startsWith('/productdetails/')
              ? 'product'
              : path.slice(1).replace(/[^a-z0-9]+/gi, '-');
        await page.screenshot({ path: `${screenshots}/no-js-page-${name}-${width}.png` });
      }
      await context.close();
    }
  });

  test('what needs JavaScript says so in the store look, with links on', async ({ browser }) => {
    for (const width of [390, 1280]) {
      const { context, page } = await noJs(browser, width);
      for (const path of ['/dashboard', '/checkout/booking']) {
        await page.goto(path);
        await expect(
          page.getByRole('heading', { level: 1, name: noScriptCopy.heading }),
        ).toBeVisible();
        await expect(page.getByRole('main')).toContainText(noScriptCopy.text);
        await expect(page.locator('header').first()).toHaveCSS(
          'background-color',
          'rgb(17, 24, 39)',
        );
      }
      await page.screenshot({ path: `${screenshots}/no-js-needs-javascript-${width}.png` });
      await page.getByRole('main').getByRole('link', { name: 'Shop' }).click();
      await expect(page).toHaveURL(/\/shop$/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Tyres & auto parts' }),
      ).toBeVisible();
      await context.close();
    }
  });
});

/**
 * Before the page's script has run: the app's chunk is held back until the visitor has acted,
 * so what they did meets the bare HTML; then the app loads and must take it as done.
 */
test.describe('before the script runs', () => {
  async function holdTheApp(page: Page) {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/static\/js\/app\.[0-9a-f]+\.chunk\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }
  /**
   * Not until `load`: the app's chunk, held, is asked for once the page is painted, and under
   * load that can come before `load`, which then waits for it. The entry, a deferred script,
   * has run (and listens) by DOMContentLoaded.
   */
  const gotoHeld = (page: Page, path: string) => page.goto(path, { waitUntil: 'domcontentloaded' });

  test('a sign-in sent early is held, not posted, then made by the app', async ({ page }) => {
    const release = await holdTheApp(page);
    // The form's own post, to the page (the sign-in itself goes to Firebase, then /api).
    const posts: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/login')
        posts.push(req.url());
    });
    await gotoHeld(page, '/login');
    await logIn(page, SHOPPER);
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
    release();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      nav(page).getByRole('link', { name: 'DashBoard', includeHidden: true }),
    ).toBeAttached();
    // Never sent to the server, which answers a posted form with the page again, empty.
    expect(posts).toEqual([]);
  });

  test('a label filter picked early applies once the app runs', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const release = await holdTheApp(page);
    await gotoHeld(page, '/shop');
    await page.getByLabel('Wet grip', { exact: true }).selectOption('A');
    await expect(page).not.toHaveURL(/wetGrip=/);
    release();
    await expect(page).toHaveURL(/[?&]wetGrip=A/);
    const labels = page.getByRole('list', { name: 'EU tyre label' });
    await expect(labels.first()).toBeVisible();
    for (const badges of await labels.all()) {
      await expect(badges.getByText('Wet grip A')).toBeAttached();
    }
  });

  test("a guest's Add to bag tapped early, twice, adds one once the app runs", async ({ page }) => {
    const release = await holdTheApp(page);
    await gotoHeld(page, '/shop');
    const addToBag = { name: copy.bag.add, exact: true };
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('button', addToBag) })
      .first();
    // Tapped again, as nothing seemed to happen.
    await card.getByRole('button', addToBag).dblclick();
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
    // Not sent as HTML: its form sends nothing, so the page only reloaded (as /shop?).
    await expect(page).toHaveURL(/\/shop$/);
    release();
    await expect(bagSays(card)).toContainText(bagCopy.added(1, 1));
    await expect(page.getByRole('link', { name: /^Bag, / })).toHaveAccessibleName(
      copy.bag.navCount(1),
    );
  });
});
