import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PageTemplate } from '../src/http/pageTemplate';
import { sendThrough, ServerPages } from '../src/http/pages';
import { eventually } from './eventually';
import { startTestApp, testDatabases, type TestApp } from './testApp';

/**
 * A stand-in for the webpack-built renderer (dist/server/renderPage.js): it numbers its renders
 * and shows what the API answered it in-process, so the tests see when a page is rendered again
 * and that the renderer's calls reach the real routes. The real renderer is covered end to end
 * in e2e/serverRendered.spec.ts.
 */
const FAKE_RENDERER = `
let renders = 0;
exports.createPageRenderer = (send) => ({
  async render(url) {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname.startsWith('/dashboard')) return null;
    if (pathname === '/broken') throw new Error('this page does not render');
    renders += 1;
    const products = await send(new Request('http://localhost/api/product?limit=1&offset=0'));
    const [first] = await products.json();
    const reviews = await (await send(new Request('http://localhost/api/review'))).json();
    return {
      status: pathname === '/no/such/page' ? 404 : 200,
      title: 'Shop & <more> | Store',
      description: 'Tyres "that fit"',
      preloadImage: '/images/hero.svg',
      styles: '<style data-styled="true">.a{color:red}</style>',
      body: '<p>render ' + renders + ': ' + first.name + ' of ' + products.headers.get('x-total-count') + ', ' + reviews.length + ' reviews</p>',
      state: '{"api":{}}',
      chunk: 'shop',
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

describe.each(testDatabases)('server-rendered pages (%s)', (kind) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-pages-'));
    fs.mkdirSync(path.join(dir, 'server'));
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(dir, 'server', 'renderPage.js'), FAKE_RENDERER);
    fs.writeFileSync(
      path.join(dir, 'server', 'page-chunks.json'),
      JSON.stringify({ main: ['static/js/main.1.js'], shop: ['static/js/shop.2.chunk.js'] }),
    );
    t = await startTestApp(kind, { spaDir: dir });
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
    expect(html).toContain(
      '<link rel="preload" as="image" href="/images/hero.svg" fetchpriority="high"><style data-styled="true">.a{color:red}</style><link rel="preload" as="script" href="/static/js/shop.2.chunk.js"></head>',
    );
    // The renderer's calls went through the API's own routes.
    expect(html).toMatch(
      /<div id="root"><p>render \d+: .+ of \d+, \d+ reviews<\/p><\/div><script type="application\/json" id="server-state">\{"api":\{\}\}<\/script>/,
    );
    expect(html).not.toContain('<noscript>');
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

  it('renders a page once and answers 304 to a browser that has it', async () => {
    const first = await get('/review');
    const again = await get('/review');
    expect(renderNumber(again.body)).toBe(renderNumber(first.body));
    const revalidated = await get('/review', { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
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
      const page = await pages.page('/shop');
      return renderNumber(page!.bodies.identity.toString());
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

  it('lists the public pages in robots.txt and sitemap.xml at the address it was reached by', async () => {
    const robots = await get('/robots.txt', { host: 'tyres.example' });
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain('User-agent: *\nDisallow: /api/\n');
    expect(robots.body).toContain('Disallow: /dashboard\n');
    expect(robots.body).toContain('Sitemap: http://tyres.example/sitemap.xml\n');
    const sitemap = await get('/sitemap.xml', { host: 'tyres.example' });
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(sitemap.body.match(/<loc>[^<]+<\/loc>/g)).toEqual([
      '<loc>http://tyres.example/</loc>',
      '<loc>http://tyres.example/shop</loc>',
      '<loc>http://tyres.example/review</loc>',
    ]);
  });
});
