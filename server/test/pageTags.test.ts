import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import { callAs } from './calls';
import { eventually } from './eventually';
import { appToken, uniqueEmail } from './identity';
import { renderNumber, standInSpa } from './standInSpa';
import { startTestApp, type TestApp } from './testApp';

/**
 * A stand-in for the webpack-built renderer that tags its pages as the real one does
 * (src/ssr/renderPage.test.tsx checks those tags): a list of products shows `Product:LIST` and
 * each product on it, a list of products in stock `Product:IN_STOCK` too, the reviews
 * `Review:LIST`. Each page numbers its renders.
 */
const TAGGING_RENDERER = `
let renders = 0;
exports.createPageRenderer = (send) => ({
  address: (url) => ({ canonical: url, moved: false, oneOfMany: url.includes('?') }),
  async render(url) {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    renders += 1;
    let shows = [];
    if (pathname === '/review') {
      await send(new Request('http://localhost/api/review'));
      shows = ['Review:LIST'];
    } else {
      // Two products a page: the landing page's are the first two, the shop's page 2 the next.
      const page = Number(searchParams.get('page') ?? 1);
      const inStock = searchParams.get('inStock') === 'true';
      const asked = 'limit=2&offset=' + (page - 1) * 2 + (inStock ? '&inStock=true' : '');
      const products = await (await send(new Request('http://localhost/api/product?' + asked))).json();
      shows = ['Product:LIST', ...(inStock ? ['Product:IN_STOCK'] : []), ...products.map((p) => 'Product:' + p._id)];
    }
    return {
      shows, status: 200, title: 'Store', description: null, preloadImage: null, styles: '',
      body: '<p>render ' + renders + '</p>', state: '{}', chunk: 'shop',
      year: new Date().getUTCFullYear(),
    };
  },
  publicPaths: () => ['/'],
});
`;

const PAGES = ['/', '/shop?page=2', '/shop?inStock=true&page=2', '/review'] as const;

describe('pages kept by what they show', () => {
  let t: TestApp;
  let dir: string;
  const admin = uniqueEmail('admin');
  let adminToken: string;
  beforeAll(async () => {
    dir = standInSpa('store-page-tags-', TAGGING_RENDERER);
    t = await startTestApp({ spaDir: dir, adminEmails: [admin] });
    adminToken = await appToken(t.app, admin, { verified: true });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const renderOf = (url: string) => renderNumber(t, url);
  const renders = async () =>
    Object.fromEntries(await Promise.all(PAGES.map(async (url) => [url, await renderOf(url)])));
  /** Waits until `url` was rendered again since `before`, then tells what else was. */
  const afterRenderOf = async (url: string, before: Record<string, number>) => {
    expect(await eventually(async () => (await renderOf(url)) > before[url]!, true)).toBe(true);
    return renders();
  };
  const firstProduct = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product?limit=1&offset=0' });
    return (res.json() as Array<{ _id: string }>)[0]!._id;
  };

  it("renders again, on a product's stock change, only the pages showing it and the lists of products in stock", async () => {
    const before = await renders();
    expect(await renders()).toEqual(before);
    const shown = await firstProduct();

    await t.db.execute(
      sql`update products set available_quantity = available_quantity + 1 where id = ${shown}`,
    );
    const after = await afterRenderOf('/', before);
    expect(after['/shop?inStock=true&page=2']).toBeGreaterThan(
      before['/shop?inStock=true&page=2']!,
    );
    // Neither shows that product nor a list its stock can change.
    expect(after['/shop?page=2']).toBe(before['/shop?page=2']);
    expect(after['/review']).toBe(before['/review']);
  });

  it('renders every list again on any other change of one product (it may move in or out)', async () => {
    const before = await renders();
    const shown = await firstProduct();
    await t.db.execute(sql`update products set price_cents = price_cents + 1 where id = ${shown}`);
    const after = await afterRenderOf('/', before);
    expect(after['/shop?page=2']).toBeGreaterThan(before['/shop?page=2']!);
    expect(after['/shop?inStock=true&page=2']).toBeGreaterThan(
      before['/shop?inStock=true&page=2']!,
    );
    expect(after['/review']).toBe(before['/review']);
  });

  it("renders again, on a product's own price in a market set through the API, only the pages showing it", async () => {
    const before = await renders();
    const shown = await firstProduct();
    const set = await callAs(t, adminToken, 'PUT', `/api/markets/DE/prices/${shown}`, {
      minor: 4242,
    });
    expect(set.statusCode).toBe(204);
    const after = await afterRenderOf('/', before);
    // The shop's page 2 shows other products: its euro prices did not move.
    expect(after['/shop?page=2']).toBe(before['/shop?page=2']);
    expect(after['/shop?inStock=true&page=2']).toBe(before['/shop?inStock=true&page=2']);
    expect(after['/review']).toBe(before['/review']);

    const again = await renders();
    const removed = await callAs(t, adminToken, 'DELETE', `/api/markets/DE/prices/${shown}`);
    expect(removed.statusCode).toBe(204);
    const afterRemoval = await afterRenderOf('/', again);
    expect(afterRemoval['/shop?page=2']).toBe(again['/shop?page=2']);
  });

  it("renders every page of products again when a market's conversion changes", async () => {
    const before = await renders();
    const changed = await callAs(t, adminToken, 'PUT', '/api/markets/DE', {
      conversion: { perDollar: 0.93, ending: 99 },
    });
    expect(changed.statusCode).toBe(200);
    const after = await afterRenderOf('/shop?page=2', before);
    expect(after['/']).toBeGreaterThan(before['/']!);
    expect(after['/review']).toBe(before['/review']);
  });
});
