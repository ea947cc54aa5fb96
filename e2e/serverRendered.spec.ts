import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type ConsoleMessage,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test';
import { logIn } from '../playwright/accounts';
import { seedProducts, seedReviews } from '../server/src/db/seed-data';
import { answers } from '../src/features/about/qaContent';
import { portfolio } from '../src/features/portfolio/portfolioContent';
import { screenshots, gotoLive } from './support';
import { shopFirstPage } from '../playwright/storeApi';

/**
 * Issue 18: the public pages arrive as HTML React rendered on the server, read without
 * JavaScript, and hydrate without a warning, a second fetch of their data or a navbar that moves.
 */

const STORE = 'Tyre & Auto Parts Store';

/** Newest first, a page of 24: what the shop asks the API for its first page. */
const SHOP_PAGE = 'sort=newest&limit=24&offset=0';

interface PublicRoute {
  path: string;
  status: number;
  title: string;
  description: string;
  heading: string;
  /** Text the page's HTML holds before any script ran. */
  content: string[];
  /** Text it must not hold. */
  absent?: string[];
  /** The API call whose products the page shows, every one of them in the HTML. */
  products?: string;
}

const landing = {
  status: 200,
  title: STORE,
  description:
    'Tyres and auto parts: summer, winter and all-season tyres, wheels, brakes, batteries and service parts, ordered online and paid by card.',
  heading: 'The World Of Metal',
  // Oldest first: the landing page's six are the first six of the seed, whatever was added since.
  content: [
    'Trusted by drivers and workshops',
    'Our products',
    ...seedProducts.slice(0, 6).map((p) => p.name),
  ],
  products: '/api/product?limit=6&offset=0',
};

const shop = {
  status: 200,
  title: `Shop | ${STORE}`,
  description:
    'Find the tyre that fits by size, season and price, and wheels and parts, with the stock of each product.',
  heading: 'Tyres & auto parts',
};

const routes: PublicRoute[] = [
  { path: '/', ...landing },
  { path: '/home', ...landing },
  { path: '/shop', ...shop, content: ['Showing 1–'], products: `/api/product?${SHOP_PAGE}` },
  {
    path: '/shop?q=winter&page=1',
    ...shop,
    content: ['Alpine Winter 195/65 R15 91T', 'Nordica Winter Grip 205/55 R16 94H XL'],
    absent: ['RoadGrip Summer 205/55 R16 91V', 'FullSynth 5W-30 Engine Oil 5 L'],
    products: `/api/product?q=winter&${SHOP_PAGE}`,
  },
  {
    path: '/review',
    status: 200,
    title: `Reviews | ${STORE}`,
    description:
      'What drivers say about our tyres, parts and service, with their ratings, in their own words.',
    heading: 'Customer reviews',
    content: seedReviews.flatMap((r) => [r.name, r.description]),
    absent: seedReviews.map((r) => r.address),
  },
  {
    path: '/portfolio',
    status: 200,
    title: `Portfolio | ${STORE}`,
    description:
      'The developer behind the store: skills, education and projects, with links to each.',
    heading: portfolio.name,
    content: ['Education', 'Skills', ...portfolio.projects.map((p) => p.name)],
  },
  {
    path: '/about',
    status: 200,
    title: `Question And Answer | ${STORE}`,
    description:
      'Answers on fast React front ends, state management, prototype inheritance, unit tests and product search, with a search to try.',
    heading: 'Question And Answer',
    content: answers.flatMap((a) => [a.question, ...a.paragraphs]),
  },
  {
    path: '/login',
    status: 200,
    title: `Login | ${STORE}`,
    description: 'Sign in to order tyres and parts, pay by card and follow your orders.',
    heading: 'Login',
    content: ['Email', 'Password', "Don't have an account?"],
  },
  {
    path: '/register',
    status: 200,
    title: `Register | ${STORE}`,
    description: 'Create an account to order tyres and parts, pay by card and follow your orders.',
    heading: 'Register',
    content: ['Name', 'Email', 'Password'],
  },
  {
    path: '/no/such/page',
    status: 404,
    title: `Page not found | ${STORE}`,
    description: 'There is no page at this address in the Tyre & Auto Parts Store.',
    heading: 'OOPS!',
    content: ['No signal here! we cannot find the page you are looking for', 'Go back'],
  },
];

/** The pages a visitor without JavaScript reads, and what proves each one is there. */
const readable = [
  { path: '/', heading: landing.heading, text: seedProducts[0]!.name },
  { path: '/shop', heading: shop.heading, text: 'Showing 1–' },
  { path: '/review', heading: 'Customer reviews', text: seedReviews[0]!.description },
  { path: '/portfolio', heading: portfolio.name, text: portfolio.projects[0].name },
  { path: '/about', heading: 'Question And Answer', text: answers[0]!.paragraphs[0]! },
];

const decode = (html: string) =>
  html
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The text of an HTML fragment, as a reader sees it (tags and React's `<!-- -->` dropped). */
const textOf = (html: string) =>
  decode(html.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, ''));

/** A server-rendered page taken apart: head, the rendered `#root` and the data handed over. */
function pageParts(html: string) {
  const root =
    /<div id="root">([\s\S]*)<\/div><script type="application\/json" id="server-state">([\s\S]*?)<\/script>/.exec(
      html,
    );
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]!));
  const descriptions = [...html.matchAll(/<meta name="?description"? content="([^"]*)"/g)].map(
    (m) => decode(m[1]!),
  );
  const body = root?.[1] ?? '';
  return {
    titles,
    descriptions,
    root: body,
    text: textOf(body),
    h1: [...body.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => textOf(m[1]!)),
    nav: /<nav[^>]*aria-label="Main"[^>]*>([\s\S]*?)<\/nav>/.exec(body)?.[1] ?? '',
    state: root ? (JSON.parse(root[2]!) as { api?: { queries?: Record<string, unknown> } }) : null,
  };
}

async function productNames(request: APIRequestContext, url: string): Promise<string[]> {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  return ((await res.json()) as Array<{ name: string }>).map((p) => p.name);
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/**
 * Every console error and warning and every uncaught error from now on, but the browser's own
 * "Failed to load resource" for a document that answered 404 on purpose.
 */
function watchConsole(page: Page) {
  const problems: string[] = [];
  const onConsole = (msg: ConsoleMessage) => {
    if (msg.type() !== 'error' && msg.type() !== 'warning') return;
    const where = msg.location().url;
    const own404 =
      msg.text().startsWith('Failed to load resource: the server responded with a status of 404') &&
      new URL(where || 'http://x/').pathname === '/no/such/page';
    if (!own404) problems.push(`${msg.type()}: ${msg.text()} (at ${where})`);
  };
  const onError = (error: Error) => problems.push(`pageerror: ${error.message}`);
  page.on('console', onConsole);
  page.on('pageerror', onError);
  return {
    problems,
    stop: () => {
      page.off('console', onConsole);
      page.off('pageerror', onError);
    },
  };
}

/**
 * The API calls for data a page was rendered with: the products (but for the next page, loaded
 * ahead on purpose), the facets and the reviews.
 */
function watchDataRequests(page: Page) {
  const requests: string[] = [];
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (!/^\/api\/(product|review)/.test(url.pathname)) return;
    if (Number(url.searchParams.get('offset') ?? 0) > 0) return;
    requests.push(`${request.method()} ${url.pathname}${url.search}`);
  };
  page.on('request', onRequest);
  return { requests, stop: () => page.off('request', onRequest) };
}

/** Records every `<h1>` taken out of the document: a hydration that gave up re-renders the page. */
async function watchHeadings(page: Page) {
  await page.addInitScript(() => {
    const seen = window as unknown as { removedHeadings: string[] };
    seen.removedHeadings = [];
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (node instanceof Element && (node.matches('h1') || node.querySelector('h1'))) {
            seen.removedHeadings.push(node.outerHTML.slice(0, 120));
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

const removedHeadings = (page: Page) =>
  page.evaluate(() => (window as unknown as { removedHeadings: string[] }).removedHeadings);

/** Opens a page and waits until it hydrated, knows the visitor is signed out, and went quiet. */
async function openHydrated(page: Page, path: string) {
  const response = await page.goto(path, { waitUntil: 'networkidle' });
  // Only the hydrated app ever leaves the navbar's loading state.
  await expect(nav(page).getByRole('link', { name: 'Login', includeHidden: true })).toBeAttached();
  await expect(nav(page).getByText('Checking sign-in')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  return response;
}

async function noJsPage(browser: Browser, width: number) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width, height: width === 390 ? 844 : 900 },
  });
  return { context, page: await context.newPage() };
}

/** The boxes of the navbar's page links and of its last item (sign-in state or Login). */
async function navBoxes(page: Page, last: Locator) {
  const boxes: Record<string, unknown> = {};
  for (const name of ['Tyre & Parts', 'Home', 'Shop', 'Blogs', 'Review', 'Portfolio']) {
    boxes[name] = await nav(page).getByRole('link', { name, exact: true }).boundingBox();
  }
  boxes.last = await last.boundingBox();
  return boxes;
}

test.describe('the HTML a public page answers with', () => {
  test('each public route is its rendered page: heading, content, title, description, status', async ({
    request,
  }) => {
    for (const route of routes) {
      const res = await request.get(route.path);
      const where = route.path;
      expect(res.status(), where).toBe(route.status);
      expect(res.headers()['content-type'], where).toContain('text/html');
      const html = await res.text();
      const page = pageParts(html);
      expect(page.root, `${where}: a rendered #root followed by the page's data`).not.toBe('');
      expect(page.titles, where).toEqual([route.title]);
      expect(page.descriptions, where).toEqual([route.description]);
      expect(page.h1, where).toEqual([route.heading]);
      // index.html's notice for the bare app; a page may say what needs JavaScript on it (login).
      expect(html, `${where}: the "needs JavaScript" notice is gone`).not.toContain(
        'This store needs JavaScript to run.',
      );
      for (const text of route.content) expect(page.text, where).toContain(text);
      for (const text of route.absent ?? []) expect(page.text, where).not.toContain(text);
      if (route.products) {
        const names = await productNames(request, route.products);
        expect(names.length, route.products).toBeGreaterThan(0);
        for (const name of names) expect(page.text, `${where} shows ${name}`).toContain(name);
        // Nothing the API would not show for this search.
        for (const seeded of seedProducts.filter((p) => !names.includes(p.name))) {
          expect(page.text, `${where} leaves out ${seeded.name}`).not.toContain(seeded.name);
        }
      }
      // Who is signed in is known only in the browser: until then the navbar offers Login (issue
      // 35: an endless spinner without JavaScript), which the browser's first render keeps.
      expect(textOf(page.nav), where).not.toContain('Checking sign-in');
      expect(page.nav, where).toContain('href="/login"');
      expect(textOf(page.nav), where).not.toContain('LogOut');
      // The data the page was rendered with goes with it, for the browser to hydrate from.
      expect(page.state?.api?.queries, where).toBeDefined();
    }
  });

  test('the search in the URL is rendered: the box holds it and only matches are listed', async ({
    request,
  }) => {
    const html = await (await request.get('/shop?q=winter')).text();
    const page = pageParts(html);
    expect(page.root).toMatch(/<input[^>]*type="search"[^>]*name="q"[^>]*value="winter"/);
    const names = await productNames(request, `/api/product?q=winter&${SHOP_PAGE}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'Alpine Winter 195/65 R15 91T',
        'Nordica Winter Grip 205/55 R16 94H XL',
      ]),
    );
    const cards = [...page.root.matchAll(/<article[\s\S]*?<\/article>/g)].map((m) => textOf(m[0]));
    expect(cards).toHaveLength(names.length);
    for (const [i, name] of names.entries()) expect(cards[i], `card ${i + 1}`).toContain(name);
    expect(page.text).toContain(`of ${names.length} product`);
  });

  test('signed-in pages are still the bare app for the browser to render', async ({ request }) => {
    for (const path of ['/dashboard', '/dashboard/myorder']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      expect(html, path).toMatch(/<div id="?root"?><\/div>/);
      expect(html, path).not.toContain('id="server-state"');
    }
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('each public page reads, with its title', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const entry of readable) {
      await page.goto(entry.path);
      await expect(page.getByRole('heading', { level: 1, name: entry.heading })).toBeVisible();
      await expect(page.getByText(entry.text, { exact: false }).first()).toBeVisible();
      expect(await page.title(), entry.path).toContain(STORE);
      await expect(nav(page).getByRole('link', { name: 'Shop', exact: true })).toBeVisible();
    }
    await page.goto('/review');
    for (const review of seedReviews) {
      await expect(page.getByText(review.description)).toBeVisible();
    }
    await page.goto('/about');
    for (const answer of answers) {
      await expect(page.getByRole('heading', { level: 2, name: answer.question })).toBeVisible();
    }
  });

  test('its links lead from one rendered page to the next', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await page.getByRole('link', { name: 'Explore Now' }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole('heading', { level: 1, name: shop.heading })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();

    for (const [link, path, heading] of [
      ['Blogs', '/about', 'Question And Answer'],
      ['Review', '/review', 'Customer reviews'],
      ['Portfolio', '/portfolio', portfolio.name],
      ['Shop', '/shop', shop.heading],
      ['Home', '/', landing.heading],
    ] as const) {
      await nav(page).getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path === '/' ? '' : path}/?$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }

    // The shop's search is a form: Enter sends it as `?q=` and the server renders the matches.
    await page.goto('/shop');
    const box = page.getByRole('searchbox', { name: 'Search products' });
    await box.fill('winter');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/shop\?q=winter$/);
    await expect(box).toHaveValue('winter');
    const cards = page.getByRole('article');
    await expect(cards.filter({ hasText: 'Alpine Winter 195/65 R15 91T' })).toBeVisible();
    await expect(cards.filter({ hasText: 'RoadGrip Summer 205/55 R16 91V' })).toHaveCount(0);
  });

  test('on a phone, the footer links lead on (and the menu opens: e2e/htmlFirst)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    // The menu's links are in the HTML, folded away behind its (native) disclosure.
    await expect(nav(page).getByRole('link', { name: 'Shop', exact: true })).toBeHidden();
    const footer = page.getByRole('contentinfo');
    for (const [link, path, heading] of [
      ['Shop', '/shop', shop.heading],
      ['Reviews', '/review', 'Customer reviews'],
      ['Question And Answer', '/about', 'Question And Answer'],
      ['Portfolio', '/portfolio', portfolio.name],
    ] as const) {
      await footer.getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
  });

  test('the landing page shows its figures, not zeros', async ({ page }) => {
    // The counters count up from 0 only once scrolled to; until then (and without JavaScript)
    // they are the figures, not "0+ Country" (as they once were).
    await page.goto('/');
    await expect(page.getByTestId('counter-Country')).toHaveText('100+', { timeout: 1_000 });
    await expect(page.getByTestId('counter-FeedBacks')).toHaveText('650+', { timeout: 1_000 });
  });

  test('screenshots of the landing page and the shop at 390 and 1280 px', async ({ page }) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const [name, path] of [
        ['landing', '/'],
        ['shop', '/shop'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('article').first()).toBeVisible();
        // Lazy images load as they come into view, JavaScript or not.
        for (let i = 0; i < 30; i += 1) await page.mouse.wheel(0, 400);
        await page.mouse.wheel(0, -100_000);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
        await expect
          .poll(() =>
            page
              .locator('img')
              .evaluateAll((imgs) =>
                (imgs as HTMLImageElement[]).every((img) => img.complete && img.naturalWidth > 0),
              ),
          )
          .toBe(true);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `horizontal overflow of ${path} at ${width}px`).toBe(0);
        await page.screenshot({
          path: `${screenshots}/no-js-${name}-${width}.png`,
          fullPage: true,
        });
        await page.screenshot({ path: `${screenshots}/no-js-${name}-${width}-top.png` });
      }
    }
  });
});

test.describe('hydration', () => {
  for (const route of routes) {
    test(`${route.path} hydrates without a warning, a second fetch or a re-render`, async ({
      page,
    }) => {
      await watchHeadings(page);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        const logged = watchConsole(page);
        const fetched = watchDataRequests(page);
        const response = await openHydrated(page, route.path);
        logged.stop();
        fetched.stop();
        expect(response?.status(), route.path).toBe(route.status);
        expect(logged.problems, `${route.path} at ${width}px: console`).toEqual([]);
        expect(fetched.requests, `${route.path} at ${width}px: data fetched again`).toEqual([]);
        expect(await removedHeadings(page), `${route.path}: the server's h1 kept`).toEqual([]);
        await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
        await expect(page).toHaveTitle(route.title);
      }
      // Interactive: the phone menu opens and shows the Login link that replaced the spinner.
      await page.setViewportSize({ width: 390, height: 844 });
      await openHydrated(page, route.path);
      await expect(nav(page).getByRole('link', { name: 'Shop', exact: true })).toBeHidden();
      await nav(page).locator('summary').click();
      await expect(nav(page).getByRole('link', { name: 'Shop', exact: true })).toBeVisible();
      await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
    });
  }

  test('the landing page hydrates for a visitor who prefers reduced motion', async ({ page }) => {
    // The counters show their final figures at once in the browser, from 0 in the server's HTML.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await watchHeadings(page);
    const logged = watchConsole(page);
    await openHydrated(page, '/');
    logged.stop();
    expect(logged.problems).toEqual([]);
    expect(await removedHeadings(page)).toEqual([]);
    await expect(page.getByTestId('counter-FeedBacks')).toHaveText('650+');
  });

  test('the checks above see a page that does not match its HTML', async ({ page }) => {
    // The same page, its heading changed in the HTML: hydration must fail, and be seen failing.
    await page.route(
      (url) => url.pathname === '/review',
      async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace('>Customer reviews</h1>', '>Reviews</h1>');
        expect(body).toContain('>Reviews</h1>');
        await route.fulfill({ response, body });
      },
    );
    await watchHeadings(page);
    const logged = watchConsole(page);
    await openHydrated(page, '/review');
    logged.stop();
    expect(logged.problems.join('\n')).toMatch(/Minified React error #4\d\d|Hydration failed/);
    expect(await removedHeadings(page)).not.toEqual([]);
    await expect(page.getByRole('heading', { level: 1, name: 'Customer reviews' })).toBeVisible();
  });

  test('the hydrated shop searches as the visitor types', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const [newest] = await shopFirstPage(request);
    const logged = watchConsole(page);
    await openHydrated(page, '/shop');
    await expect(page.getByRole('article').filter({ hasText: newest!.name }).first()).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search products' }).pressSequentially('winter');
    await expect(page).toHaveURL(/\/shop\?q=winter$/);
    const cards = page.getByRole('article');
    await expect(cards.filter({ hasText: 'Alpine Winter 195/65 R15 91T' })).toBeVisible();
    await expect(cards.filter({ hasText: 'RoadGrip Summer 205/55 R16 91V' })).toHaveCount(0);
    expect(logged.problems).toEqual([]);
  });
});

test.describe('the navbar after hydration', () => {
  test("a signed-in shopper's navbar: Login in the HTML, their account once hydrated", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoLive(page, '/login');
    await logIn(page, 'shopper@store.test');
    await expect(nav(page).getByRole('link', { name: 'DashBoard' })).toBeVisible();

    await watchHeadings(page);
    for (const path of ['/', '/shop']) {
      const logged = watchConsole(page);
      const response = await page.goto(path, { waitUntil: 'commit' });
      const served = pageParts(await response!.text());
      expect(served.nav, path).toContain('href="/login"');
      expect(textOf(served.nav), path).not.toContain('Demo Shopper');
      await expect(nav(page).getByRole('link', { name: 'DashBoard' })).toBeVisible();
      const name = nav(page).getByText('Demo Shopper', { exact: true });
      await expect(name).toBeVisible();
      await expect(name).toHaveAttribute('title', 'shopper@store.test');
      await expect(nav(page).getByRole('button', { name: 'LogOut' })).toBeVisible();
      await expect(nav(page).getByRole('link', { name: 'Login' })).toHaveCount(0);
      await expect(nav(page).getByText('Checking sign-in')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      logged.stop();
      expect(logged.problems, `${path} signed in: console`).toEqual([]);
      expect(await removedHeadings(page), `${path}: the server's h1 kept`).toEqual([]);
    }
    await page.screenshot({ path: `${screenshots}/ssr-navbar-shopper-1280.png` });
  });

  test("a first-time visitor's Login is in the HTML, and nothing moves as it hydrates", async ({
    browser,
    page,
  }) => {
    const width = 1280;
    // The HTML as it arrives: what shows until the scripts ran.
    const plain = await noJsPage(browser, width);
    await plain.page.goto('/');
    const served = nav(plain.page).getByRole('link', { name: 'Login' });
    await expect(served).toBeVisible();
    const before = await navBoxes(plain.page, served.locator('xpath=..'));
    await plain.page.screenshot({ path: `${screenshots}/ssr-navbar-loading-1280.png` });
    await plain.context.close();

    // Layout shifts of anything in the header by a pixel or more, as the browser measures them
    // (a run once saw a 0.00002 shift of the Home link, a fraction of a pixel: not a move).
    await page.addInitScript(() => {
      const seen = window as unknown as { headerShifts: string[] };
      seen.headerShifts = [];
      interface Shift extends PerformanceEntry {
        value: number;
        sources?: Array<{
          node?: Node | null;
          previousRect: DOMRectReadOnly;
          currentRect: DOMRectReadOnly;
        }>;
      }
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[]) {
          for (const { node, previousRect: from, currentRect: to } of entry.sources ?? []) {
            const element = node instanceof Element ? node : node?.parentElement;
            const moved = Math.max(
              Math.abs(from.x - to.x),
              Math.abs(from.y - to.y),
              Math.abs(from.width - to.width),
              Math.abs(from.height - to.height),
            );
            if (element?.closest('header') && moved >= 1) {
              seen.headerShifts.push(`${element.outerHTML.slice(0, 80)} moved ${moved}px`);
            }
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.setViewportSize({ width, height: 900 });
    await openHydrated(page, '/');
    const login = nav(page).getByRole('link', { name: 'Login' });
    await expect(login).toBeVisible();
    const after = await navBoxes(page, login.locator('xpath=..'));
    expect(after).toEqual(before);
    expect(
      await page.evaluate(() => (window as unknown as { headerShifts: string[] }).headerShifts),
    ).toEqual([]);
    await page.screenshot({ path: `${screenshots}/ssr-navbar-login-1280.png` });
  });
});
