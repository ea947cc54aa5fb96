import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { seedProducts, seedReviews } from '../server/src/db/seed-data';
import { portfolio } from '../src/features/portfolio/portfolioContent';
import { answers } from '../src/features/about/qaContent';
import { SHOP_PAGE_SIZE, shopFirstPage } from '../playwright/storeApi';
import { expectAtLeast, gotoLive, loadLazyImages, screenshots } from './support';

/** Every public page, and what proves it rendered its content rather than a spinner. */
const publicPages = [
  { name: 'landing', path: '/', heading: 'The World Of Metal', ready: 'article' },
  { name: 'shop', path: '/shop', heading: 'Tyres & auto parts', ready: 'article' },
  { name: 'reviews', path: '/review', heading: 'Customer reviews', ready: 'article' },
  { name: 'portfolio', path: '/portfolio', heading: portfolio.name, ready: 'article' },
  { name: 'qa', path: '/about', heading: 'Question And Answer', ready: 'article' },
  { name: 'not-found', path: '/no/such/page', heading: 'OOPS!', ready: null },
] as const;

/** Opens a page and waits until its heading and (for data pages) its cards are there. */
async function open(page: Page, { path, heading, ready }: (typeof publicPages)[number]) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  if (ready) await expect(page.getByRole(ready).first()).toBeVisible();
}

async function brokenImages(page: Page) {
  return page.$$eval('img', (imgs) =>
    (imgs as HTMLImageElement[]).filter((img) => img.naturalWidth === 0).map((img) => img.src),
  );
}

/** How many cards share the first card's row. */
async function columnsOf(page: Page) {
  const tops = await page
    .getByRole('article')
    .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
  return tops.filter((top) => top === tops[0]).length;
}

test.describe('the public store', () => {
  test('the landing page has its hero, counters, products, reviews and footer', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const path of ['/', '/home']) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(path);
      await expect(page).toHaveTitle('Tyre & Auto Parts Store');
      await expect(
        page.getByRole('heading', { level: 1, name: 'The World Of Metal' }),
      ).toBeVisible();
      await expect(page.getByText(/buy and sell scrap metal/)).toBeVisible();

      const summary = page.getByRole('region', { name: 'Trusted by drivers and workshops' });
      for (const figure of ['100+', '350+', '140M+', '650+']) {
        await expect(summary.getByText(figure, { exact: true }).first()).toBeAttached();
      }
      for (const label of ['Country', 'products', 'Yearly Income', 'FeedBacks']) {
        await expect(summary.getByText(label, { exact: true })).toBeVisible();
      }

      const products = page.getByRole('list', { name: 'Products' }).getByRole('article');
      await expect(products).toHaveCount(6);
      await expect(products.first().getByRole('heading')).toHaveText(seedProducts[0]!.name);

      const reviews = page.getByRole('list', { name: 'Customer reviews' }).getByRole('article');
      await expect(reviews).toHaveCount(3);
      // The newest three: seeded ones, or ones the dashboard journeys added in this run.
      const shownReviews = await reviews.getByRole('heading').allTextContents();
      for (const name of shownReviews) {
        const card = reviews.filter({ hasText: name });
        await expect(card.getByRole('img', { name: /^Rated [1-5] out of 5$/ })).toBeVisible();
        const seed = seedReviews.find((r) => r.name === name);
        if (!seed) continue;
        await expect(card.getByText(seed.description)).toBeVisible();
        await expect(
          card.getByRole('img', { name: `Rated ${seed.Ratings} out of 5` }),
        ).toBeVisible();
        await expect(card).not.toContainText(seed.address);
      }

      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('heading', { name: 'Services' })).toBeVisible();
      await expect(footer.getByRole('heading', { name: 'Metal trade' })).toBeVisible();
      await expect(footer.locator('address')).toContainText('12 Foundry Lane');
      await expect(footer).toContainText(`Copyright © ${new Date().getFullYear()}`);
    }
  });

  test('the counters count up over 10 s once scrolled into view', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 600 });
    await page.goto('/');
    const feedbacks = page.getByTestId('counter-FeedBacks');
    // Below the fold on a small phone: not started yet, so the figure as the server rendered it.
    await page.waitForTimeout(1_000);
    await expect(feedbacks).toHaveText('650+');

    // Scrolled to: it counts up from 0.
    await feedbacks.scrollIntoViewIfNeeded();
    await expect(feedbacks).not.toHaveText('650+');
    const early = Number((await feedbacks.textContent())!.replace('+', ''));
    expect(early).toBeLessThan(650);
    await expect(feedbacks).toHaveText('650+', { timeout: 15_000 });
    await expect(page.getByTestId('counter-Country')).toHaveText('100+');
    await expect(page.getByTestId('counter-products')).toHaveText('350+');
    await expect(page.getByTestId('counter-Yearly Income')).toHaveText('140M+');
  });

  test('the counters show their final values at once when motion is reduced', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 390, height: 600 });
    await page.goto('/');
    await expect(page.getByTestId('counter-FeedBacks')).toHaveText('650+');
    await expect(page.getByTestId('counter-Country')).toHaveText('100+');
  });

  test('the shop shows its first page in 3, 2 and 1 columns', async ({ page, request }) => {
    for (const [width, columns] of [
      [1280, 3],
      [800, 2],
      [390, 1],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/shop');
      await expect(page).toHaveTitle('Shop | Tyre & Auto Parts Store');
      const cards = page.getByRole('article');
      await expectAtLeast(cards, SHOP_PAGE_SIZE);
      expect(await columnsOf(page), `columns at ${width}px`).toBe(columns);
    }
    // Every card of the first page, as the spec draws it: the newest products, the seed's and
    // those the journeys before added.
    const names = await page.getByRole('article').getByRole('heading').allTextContents();
    const newest = await shopFirstPage(request);
    expect(names).toEqual(expect.arrayContaining(newest.map((p) => p.name)));
    await loadLazyImages(page);
    expect(await brokenImages(page)).toEqual([]);
  });

  test("'Explore Now' leads from the landing page to the shop", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Explore Now' }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole('article').first()).toBeVisible();
  });

  test("'Book Now' takes a visitor towards the product's details", async ({ page }) => {
    await page.goto('/shop');
    const first = page.getByRole('article').first();
    const href = await first.getByRole('link', { name: 'Book Now' }).getAttribute('href');
    expect(href).toMatch(/^\/productdetails\/[0-9a-f-]{36}$/);
    await first.getByRole('link', { name: 'Book Now' }).click();
    // Today the details route is open to visitors; once the sign-in issue guards it, a visitor
    // lands on /login instead. Either is right for this issue.
    await expect(page).toHaveURL(new RegExp(`(${href}|/login)$`));
  });

  test('the reviews page shows every review, without addresses', async ({ page }) => {
    await page.goto('/review');
    await expect(page).toHaveTitle('Reviews | Tyre & Auto Parts Store');
    const cards = page.getByRole('list', { name: 'Customer reviews' }).getByRole('article');
    await expectAtLeast(cards, seedReviews.length);
    for (const review of seedReviews) {
      const card = cards.filter({ has: page.getByRole('heading', { name: review.name }) });
      await expect(card.getByText(review.description)).toBeVisible();
      await expect(
        card.getByRole('img', { name: `Rated ${review.Ratings} out of 5` }),
      ).toBeVisible();
      await expect(card.getByRole('img', { name: `Photo of ${review.name}` })).toBeVisible();
    }
    for (const review of seedReviews)
      await expect(page.locator('main')).not.toContainText(review.address);
    await loadLazyImages(page);
    expect(await brokenImages(page)).toEqual([]);
  });

  test('the portfolio shows a round photo, education, skills and three projects', async ({
    page,
  }) => {
    await page.goto('/portfolio');
    await expect(page).toHaveTitle('Portfolio | Tyre & Auto Parts Store');
    const photo = page.getByRole('img', { name: portfolio.photo.alt });
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((img) => getComputedStyle(img).borderRadius)).toBe('50%');
    await expect(page.getByRole('heading', { name: 'Education' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Skills' })).toBeVisible();
    const projects = page.getByRole('list', { name: 'Projects' }).getByRole('article');
    await expect(projects).toHaveCount(3);
    for (const project of portfolio.projects) {
      await expect(
        projects
          .filter({ hasText: project.name })
          .getByRole('link', { name: 'Live site (opens in a new tab)' }),
      ).toHaveAttribute('href', project.liveUrl);
    }
    await loadLazyImages(page);
    expect(await brokenImages(page)).toEqual([]);
  });

  test('the Q&A page has five answers and the exact-match demo search', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    // The nav says 'Blogs' on desktop...
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Blogs' })
      .click();
    await expect(page).toHaveURL(/\/about$/);
    // A link clicked before the app took over is the browser's: a new page, to be taken over
    // before its search form is the app's.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page).toHaveTitle('Question And Answer | Tyre & Auto Parts Store');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Question And Answer' }),
    ).toBeVisible();
    for (const answer of answers) {
      await expect(page.getByRole('heading', { level: 2, name: answer.question })).toBeVisible();
    }

    const input = page.locator('input[name="product"]');
    await expect(input).toHaveAttribute('placeholder', 'Search Product');
    const result = page.getByRole('region', { name: 'Search Product is :' });
    const search = async (text: string) => {
      await input.fill(text);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
    };
    await search('keyboard');
    await expect(result).toContainText('keyboard');
    await expect(result).toContainText('$750.00');
    await expect(result).toContainText('Lorem ipsum');
    for (const miss of ['Keyboard', ' pen', 'pen ', 'pe']) {
      await search(miss);
      await expect(result).toContainText('keyboard');
    }
    await search('pen');
    await expect(result).toContainText('$5.00');

    // ...and 'About' on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.locator('summary').click();
    await expect(nav.getByRole('link', { name: 'About' })).toBeVisible();
    await expect(nav.getByText('Blogs')).toBeHidden();
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'OOPS!' })).toBeVisible();
    await expect(
      page.getByText('No signal here! we cannot find the page you are looking for'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Go back' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  for (const width of [1280, 390]) {
    test(`axe finds no serious or critical problem on any public page at ${width}px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const found: string[] = [];
      for (const entry of publicPages) {
        await open(page, entry);
        await loadLazyImages(page);
        const { violations } = await new AxeBuilder({ page }).analyze();
        for (const v of violations) {
          const line = `${entry.path} [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length})`;
          if (v.impact === 'serious' || v.impact === 'critical') found.push(line);
          else console.log(`axe (not failing): ${line}`);
        }
      }
      expect(found).toEqual([]);
    });
  }

  test('the shop says when the API cannot be reached, and retries on request', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // Opened from the landing page, by the app (a link followed before it runs loads the shop
    // from the server): a shop opened directly comes with its products in the HTML.
    await gotoLive(page, '/');
    await expect(page.getByRole('article').first()).toBeVisible();
    // The shop asks for a page of products (`/api/product?limit=24&offset=0`).
    const products = /\/api\/product(\?.*)?$/;
    await page.route(products, (route) => route.abort('failed'));
    await page.getByRole('link', { name: 'Explore Now' }).click();
    // The loading indicator shows while the store retries (3 times, backing off) on its own.
    // The cards' own (empty) Add to bag status regions are statuses too: the shop's is named.
    await expect(page.getByRole('status').filter({ hasText: 'Loading products' })).toBeVisible();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('We could not load the products.', { timeout: 20_000 });
    await page.screenshot({ path: `${screenshots}/public-shop-error-390.png` });

    await page.unroute(products);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expectAtLeast(page.getByRole('article'), SHOP_PAGE_SIZE);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a chunk that fails to load is retried once, then shows a way to reload', async ({
    page,
  }) => {
    // The app's own navigation: a click before it runs loads /reviews as HTML, whose entry
    // asks for the chunk too (4 requests, not 2: flaky in CI).
    await gotoLive(page, '/');
    await expect(page.getByRole('heading', { level: 1, name: 'The World Of Metal' })).toBeVisible();

    let requests = 0;
    await page.route(/\/static\/js\/reviews\.[^/]+\.chunk\.js$/, (route) => {
      requests += 1;
      return route.abort('failed');
    });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Review' })
      .click();

    const alert = page.getByRole('alert');
    await expect(
      alert.getByRole('heading', { name: 'This page could not be loaded' }),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    expect(requests).toBe(2);
    await alert.getByText('Technical details').click();
    await expect(alert).toContainText('ChunkLoadError: Loading chunk');

    // The connection is back: Reload brings the page.
    await page.unroute(/\/static\/js\/reviews\.[^/]+\.chunk\.js$/);
    await alert.getByRole('button', { name: 'Reload page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Customer reviews' })).toBeVisible();
    await page.screenshot({ path: `${screenshots}/public-chunk-error-reloaded.png` });
  });

  test('a chunk that fails once loads on the automatic retry', async ({ page }) => {
    let requests = 0;
    await page.route(/\/static\/js\/portfolio\.[^/]+\.chunk\.js$/, (route) => {
      requests += 1;
      return requests === 1 ? route.abort('failed') : route.continue();
    });
    await page.goto('/portfolio');
    // The server's HTML shows the page at once; the chunk it hydrates with comes on the retry.
    await expect.poll(() => requests).toBe(2);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1, name: portfolio.name })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(requests).toBe(2);
  });

  test('the chunk error screen on a first visit', async ({ page }) => {
    await page.route(/\/static\/js\/about\.[^/]+\.chunk\.js$/, (route) => route.abort('failed'));
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/about');
      await expect(
        page.getByRole('heading', { name: 'This page could not be loaded' }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Reload page' })).toBeVisible();
      await page.screenshot({ path: `${screenshots}/public-chunk-error-${width}.png` });
    }
  });

  test('screenshots of every public page at 390 and 1280 px', async ({ page }) => {
    // Every public page twice, each scrolled through for its lazy pictures: on a machine busy
    // with the security suite beside it this once took the whole default time.
    test.slow();
    // Counters at their final values, so the pictures show the finished page.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const entry of publicPages) {
        await open(page, entry);
        await loadLazyImages(page);
        expect(await brokenImages(page)).toEqual([]);
        // Nothing may stick out sideways on a phone.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `horizontal overflow on ${entry.path} at ${width}px`).toBe(0);
        await page.screenshot({
          path: `${screenshots}/public-${entry.name}-${width}.png`,
          fullPage: true,
        });
        await page.screenshot({ path: `${screenshots}/public-${entry.name}-${width}-top.png` });
      }
    }
    // The phone menu, open.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/shop');
    await page.getByRole('navigation', { name: 'Main' }).locator('summary').click();
    await page.screenshot({ path: `${screenshots}/public-menu-390.png` });
  });
});
