import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PageTemplate } from '../src/http/pageTemplate';
import { sendThrough, ServerPages } from '../src/http/pages';
import { eventually } from './eventually';
import { startTestApp, type TestApp } from './testApp';

/**
 * A stand-in for the webpack-built renderer (dist/server/renderPage.js): it numbers its renders
 * and shows what the API answered it in-process, so the tests see when a page is rendered again
 * and that the renderer's calls reach the real routes. The real renderer is covered end to end
 * in e2e/serverRendered.spec.ts.
 */
const FAKE_RENDERER = `
let renders = 0;
// How many renders ran at once, at most; a search for "slow…" takes 30 ms.
exports.stats = { running: 0, most: 0 };
// The year a render is made in (its footer's); a test sets it to last year.
exports.clock = { year: null };
const PAGES = ['/', '/shop', '/review', '/portfolio', '/broken'];
exports.createPageRenderer = (send) => ({
  address(url) {
    const [asked, query = ''] = url.split('?');
    const path = ('/' + asked).replace(/\\/{2,}/g, '/');
    if (path.startsWith('/dashboard')) return null;
    const page = PAGES.find((one) => one === path.toLowerCase().replace(/(.)\\/$/, '$1'));
    if (!page) return { canonical: '/*', moved: false, oneOfMany: false };
    const q = new URLSearchParams(query).get('q');
    const search = page === '/shop' && q ? '?q=' + encodeURIComponent(q) : '';
    return { canonical: page + search, moved: asked !== page, oneOfMany: search !== '' };
  },
  async render(url) {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (pathname === '/broken') throw new Error('this page does not render');
    renders += 1;
    exports.stats.running += 1;
    exports.stats.most = Math.max(exports.stats.most, exports.stats.running);
    if (searchParams.get('q')?.startsWith('slow')) await new Promise((r) => setTimeout(r, 30));
    exports.stats.running -= 1;
    // As the real pages do: the landing page shows products and reviews, the shop products,
    // /review reviews, the portfolio neither; each says what it showed.
    const showsProducts = pathname !== '/review' && pathname !== '/portfolio';
    const showsReviews = pathname === '/' || pathname === '/review';
    const products = await send(new Request('http://localhost/api/product?limit=1&offset=0'));
    const [first] = await products.json();
    const reviews = await (await send(new Request('http://localhost/api/review'))).json();
    return {
      shows: [...(showsProducts ? ['Product'] : []), ...(showsReviews ? ['Review'] : [])],
      status: pathname === '/*' ? 404 : 200,
      title: 'Shop & <more> | Store',
      description: 'Tyres "that fit"',
      // The landing page's hero: its largest paint is a picture, as on the real page.
      preloadImage: pathname === '/' ? '/images/hero.svg' : null,
      styles: '<style data-styled="true">.a{color:red}</style>',
      body: '<p>render ' + renders + ': ' + first.name + ' of ' + products.headers.get('x-total-count') + ', ' + reviews.length + ' reviews</p>',
      state: '{"api":{}}',
      chunk: 'shop',
      year: exports.clock.year ?? new Date().getUTCFullYear(),
    };
  },
  publicPaths: () => ['/', '/shop', '/review'],
});
`;

/** index.html as webpack minifies it. */
const INDEX_HTML =
  '<!doctype html><html lang=en><head><meta charset=utf-8><meta name=description content="The default.">' +
  '<title>Store</title><script defer src=/static/js/main.1.js></script></head>' +
  '<body><noscript>This store needs JavaScript to run.</noscript><div id=root></div></body></html>';

describe('server-rendered pages', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-pages-'));
    fs.mkdirSync(path.join(dir, 'server'));
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(dir, 'server', 'renderPage.js'), FAKE_RENDERER);
    fs.writeFileSync(
      path.join(dir, 'server', 'page-chunks.json'),
      JSON.stringify({
        main: ['static/js/main.1.js'],
        app: ['static/js/app.3.chunk.js'],
        shop: ['static/js/shop.2.chunk.js'],
      }),
    );
    t = await startTestApp({ spaDir: dir, publicUrl: 'https://tyres.example' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const renderNumber = (body: string) => Number(/render (\d+):/.exec(body)?.[1]);

  it('puts the rendered page into index.html: title, description, styles, chunk, body, data', async () => {
    const res = await get('/shop?q=winter');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toMatch(/^W\/"/);
    const html = res.body;
    expect(html).toContain('<title>Shop &amp; &lt;more&gt; | Store</title>');
    expect(html).toContain('<meta name="description" content="Tyres &quot;that fit&quot;">');
    expect(html).not.toContain('The default.');
    // The page's own scripts, named for the entry to fetch once the page is painted.
    expect(html).toContain(
      '<style data-styled="true">.a{color:red}</style><meta name="page-scripts" content="/static/js/shop.2.chunk.js"></head>',
    );
    expect(html).not.toContain('rel="preload" as="script"');
    // The renderer's calls went through the API's own routes.
    expect(html).toMatch(
      /<div id="root"><p>render \d+: .+ of \d+, \d+ reviews<\/p><\/div><script type="application\/json" id="server-state">\{"api":\{\}\}<\/script>/,
    );
    expect(html).not.toContain('<noscript>');
  });

  it('lets every page load its scripts after its largest paint (issue 35)', async () => {
    const html = (await get('/')).body;
    expect(html).toContain(
      '<link rel="preload" as="image" href="/images/hero.svg" fetchpriority="high"><style data-styled="true">.a{color:red}</style><meta name="page-scripts" content="/static/js/shop.2.chunk.js"></head>',
    );
    // The entry (src/boot.ts) fetches the app's chunk once the hero is painted.
    expect(html).not.toContain('app.3.chunk.js');
    expect((await get('/shop')).body).not.toContain('app.3.chunk.js');
  });

  it('sends the page compressed as the browser accepts, compressed once', async () => {
    const plain = await get('/portfolio');
    const br = await get('/portfolio', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get('/portfolio', { 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it('answers a page at once at a quick compression, then keeps it at the best', async () => {
    const brotliAt = (quality: number, html: string) =>
      zlib.brotliCompressSync(Buffer.from(html), {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
        },
      });
    const first = await get('/review', { 'accept-encoding': 'br' });
    const html = zlib.brotliDecompressSync(first.rawPayload).toString();
    const best = brotliAt(zlib.constants.BROTLI_MAX_QUALITY, html);
    expect(best.equals(brotliAt(5, html))).toBe(false);
    expect(first.rawPayload.equals(brotliAt(5, html))).toBe(true);
    // The same page, the same tag, now at brotli's best.
    const keptBest = async () =>
      (await get('/review', { 'accept-encoding': 'br' })).rawPayload.equals(best);
    expect(await eventually(keptBest, true)).toBe(true);
    expect((await get('/review', { 'accept-encoding': 'br' })).headers.etag).toBe(
      first.headers.etag,
    );
  });

  it('renders a page once and answers 304 to a browser that has it', async () => {
    const first = await get('/review');
    const again = await get('/review');
    expect(renderNumber(again.body)).toBe(renderNumber(first.body));
    const revalidated = await get('/review', { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('keeps a page only in the year it was rendered in: its footer shows that year', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the stand-in renderer
    const { clock } = require(path.join(dir, 'server', 'renderPage.js')) as {
      clock: { year: number | null };
    };
    clock.year = new Date().getUTCFullYear() - 1;
    const lastYear = await get('/shop?q=year-test');
    clock.year = null;
    const thisYear = await get('/shop?q=year-test');
    expect(renderNumber(thisYear.body)).toBeGreaterThan(renderNumber(lastYear.body));
    const again = await get('/shop?q=year-test');
    expect(renderNumber(again.body)).toBe(renderNumber(thisYear.body));
  });

  it('renders again after a product changes, from any process (the catalogue notification)', async () => {
    const before = await get('/');
    await t.db.execute(
      sql`update products set available_quantity = available_quantity + 1 where id = (select id from products order by created_at limit 1)`,
    );
    const rendered = async () => renderNumber((await get('/')).body) > renderNumber(before.body);
    expect(await eventually(rendered, true)).toBe(true);
    const after = await get('/');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await get('/', { 'if-none-match': String(before.headers.etag) })).statusCode).toBe(200);
  });

  it('renders again after a review is written or deleted (migration 0010 notifies)', async () => {
    const before = await get('/review');
    await t.db.execute(sql`delete from reviews where id = (select id from reviews limit 1)`);
    const rendered = async () =>
      renderNumber((await get('/review')).body) > renderNumber(before.body);
    expect(await eventually(rendered, true)).toBe(true);
  });

  it('renders again only the pages that show what changed: a review leaves the shop kept', async () => {
    const numbers = async () =>
      Object.fromEntries(
        await Promise.all(
          ['/', '/review', '/shop', '/portfolio'].map(
            async (url) => [url, renderNumber((await get(url)).body)] as const,
          ),
        ),
      );
    const before = await numbers();
    // Kept: asked again, nothing renders.
    expect(await numbers()).toEqual(before);

    await t.db.execute(
      sql`update reviews set ratings = 6 - ratings where id = (select id from reviews limit 1)`,
    );
    const reviewShown = async () => (await numbers())['/review']! > before['/review']!;
    expect(await eventually(reviewShown, true)).toBe(true);
    const afterReview = await numbers();
    expect(afterReview['/']).toBeGreaterThan(before['/']!);
    expect(afterReview['/shop']).toBe(before['/shop']);
    expect(afterReview['/portfolio']).toBe(before['/portfolio']);

    await t.db.execute(
      sql`update products set available_quantity = available_quantity + 1 where id = (select id from products order by created_at limit 1)`,
    );
    const shopShown = async () => (await numbers())['/shop']! > afterReview['/shop']!;
    expect(await eventually(shopShown, true)).toBe(true);
    const afterProduct = await numbers();
    expect(afterProduct['/']).toBeGreaterThan(afterReview['/']!);
    expect(afterProduct['/review']).toBe(afterReview['/review']);
    expect(afterProduct['/portfolio']).toBe(before['/portfolio']);
  });

  it('renders every request afresh while notifications are lost, and keeps nothing from before', async () => {
    let trusted = true;
    const template = new PageTemplate(INDEX_HTML, {});
    const pages = new ServerPages(
      path.join(dir, 'server', 'renderPage.js'),
      template,
      sendThrough(t.app),
      () => trusted,
    );
    const rendered = async () => {
      const answer = await pages.answer('/shop');
      if (answer.kind !== 'page') throw new Error(`not a page: ${answer.kind}`);
      return renderNumber(answer.page.bodies.identity.toString());
    };
    const first = await rendered();
    expect(await rendered()).toBe(first);
    trusted = false;
    const whileLost = await rendered();
    expect(whileLost).toBeGreaterThan(first);
    expect(await rendered()).toBeGreaterThan(whileLost);
    // Back: what was kept before the loss may be stale, so the next page is rendered again.
    trusted = true;
    pages.changed();
    const back = await rendered();
    expect(back).toBeGreaterThan(whileLost);
    expect(await rendered()).toBe(back);
  });

  it('answers an unknown path with the not-found page and status 404', async () => {
    const res = await get('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root"><p>render');
  });

  it('renders a page once whatever else its address says: parameters it does not read, any unknown path', async () => {
    const landing = renderNumber((await get('/')).body);
    for (const url of ['/?x=1', '/?y=2&z', '/?']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(renderNumber(res.body)).toBe(landing);
    }
    const search = renderNumber((await get('/shop?q=winter')).body);
    expect(renderNumber((await get('/shop?utm_source=mail&q=winter')).body)).toBe(search);
    const notFound = await get('/no/such/page');
    for (const url of ['/another/one', '//x', '//evil.example/', '/%E2%82%AC?x=1']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(renderNumber(res.body)).toBe(renderNumber(notFound.body));
    }
  });

  it("sends another way of writing a page's path to the page's own address (301)", async () => {
    for (const [url, to] of [
      ['/Shop', '/shop'],
      ['/shop/', '/shop'],
      ['//shop?q=winter&utm_source=x', '/shop?q=winter'],
      ['///review', '/review'],
    ]) {
      const res = await get(url!);
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe(to);
    }
  });

  it('renders one page at a time, and beyond a short queue answers the bare app at once', async () => {
    type Stats = { running: number; most: number };
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the stand-in renderer
    const renderer = require(path.join(dir, 'server', 'renderPage.js')) as { stats: Stats };
    const { stats } = renderer;
    const pages = new ServerPages(
      path.join(dir, 'server', 'renderPage.js'),
      new PageTemplate(INDEX_HTML, {}),
      sendThrough(t.app),
      () => true,
      null,
      // No render time saved up: each render is followed by a wait as long as it took.
      { waiting: 3, waitMs: 5000, plainWaitMs: 5000, share: 0.5, burstMs: 0 },
    );
    stats.most = 0;
    const started = Date.now();
    const searches = Array.from({ length: 10 }, (_, i) => pages.answer(`/shop?q=slow-${i}`));
    // A page at a plain address goes ahead of the searches, though the queue is full.
    const plain = pages.answer('/portfolio');
    const answers = await Promise.all(searches);
    expect((await plain).kind).toBe('page');
    const kinds = answers.map((answer) => answer.kind);
    // One renders, three wait their turn; the six beyond the queue get the bare app.
    expect(kinds.filter((kind) => kind === 'page')).toHaveLength(4);
    expect(answers.filter((answer) => answer.kind === 'app' && answer.why === 'busy')).toHaveLength(
      6,
    );
    expect(stats.most).toBe(1);
    // Renders take at most half the time: four renders of 30 ms or more took 210 ms at least.
    expect(Date.now() - started).toBeGreaterThanOrEqual(4 * 30 + 3 * 30);
    // The same page asked for many times at once is rendered once, in one place in the queue.
    const same = await Promise.all(
      Array.from({ length: 10 }, () => pages.answer('/shop?q=slow-again')),
    );
    expect(new Set(same.map((answer) => answer.kind))).toEqual(new Set(['page']));
  });

  it('lets a render wait its turn no longer than waitMs', async () => {
    const pages = new ServerPages(
      path.join(dir, 'server', 'renderPage.js'),
      new PageTemplate(INDEX_HTML, {}),
      sendThrough(t.app),
      () => true,
      null,
      { waiting: 10, waitMs: 20, plainWaitMs: 20, share: 0.1, burstMs: 0 },
    );
    const answers = await Promise.all([
      pages.answer('/shop?q=slow-first'),
      pages.answer('/shop?q=slow-second'),
    ]);
    expect(answers.map((answer) => answer.kind)).toEqual(['page', 'app']);
  });

  it('renders pages asked for one after another at once while render time is saved up', async () => {
    const pages = new ServerPages(
      path.join(dir, 'server', 'renderPage.js'),
      new PageTemplate(INDEX_HTML, {}),
      sendThrough(t.app),
      () => true,
      null,
      // No search may wait at all: each must find the renderer free.
      { waiting: 0, waitMs: 1, plainWaitMs: 1, share: 0.5, burstMs: 1000 },
    );
    for (const q of ['one', 'two', 'three', 'four']) {
      expect((await pages.answer(`/shop?q=slow-${q}`)).kind).toBe('page');
    }
  });

  it('answers signed-in pages, and a page that fails to render, with the bare app', async () => {
    for (const url of ['/dashboard/myorder', '/broken']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX_HTML);
    }
  });

  it('never serves the renderer itself', async () => {
    for (const url of ['/server/renderPage.js', '/server/page-chunks.json']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('createPageRenderer');
    }
  });

  it('lists the public pages in robots.txt and sitemap.xml at the configured address, never the Host asked', async () => {
    const robots = await get('/robots.txt', { host: 'evil.example' });
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain('User-agent: *\nDisallow: /api/\n');
    expect(robots.body).toContain('Disallow: /dashboard\n');
    expect(robots.body).toContain('Sitemap: https://tyres.example/sitemap.xml\n');
    expect(robots.body).not.toContain('evil');
    const sitemap = await get('/sitemap.xml', { host: 'evil.example' });
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = sitemap.body.match(/<loc>[^<]+<\/loc>/g) ?? [];
    expect(locs.slice(0, 3)).toEqual([
      '<loc>https://tyres.example/</loc>',
      '<loc>https://tyres.example/shop</loc>',
      '<loc>https://tyres.example/review</loc>',
    ]);
    // Then each product the shop lists, by its page (issue 32): public now, so not disallowed.
    expect(robots.body).not.toContain('productdetails');
    const listed = await get('/api/product?limit=100&offset=0');
    const products = listed.json<Array<{ _id: string }>>();
    expect(products.length).toBeGreaterThan(0);
    expect(Number(listed.headers['x-total-count'])).toBe(products.length);
    expect(locs.slice(3).sort()).toEqual(
      products.map(({ _id }) => `<loc>https://tyres.example/productdetails/${_id}</loc>`).sort(),
    );
  });
});
