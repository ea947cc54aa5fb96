import { http, HttpResponse } from 'msw';
import { renderToString } from 'react-dom/server';
import type { SendApiRequest } from '@contract/renderedPages';
import { noFacetsHandler } from '../test/apiHandlers';
import { battery, golf, otherReview, review, tyre } from '../test/fixtures';
import { server } from '../test/server';
import { createPageRenderer } from './renderPage';
import { roadGrip, wideSize } from '../features/models/modelFixtures';

// Counted, still React's own: one call is one render of a page.
jest.mock('react-dom/server', () => ({
  ...jest.requireActual('react-dom/server'),
  renderToString: jest.fn(),
}));
const react = jest.requireActual<{ renderToString: typeof renderToString }>('react-dom/server');

/** What happened while pages rendered, in order: each API call, each render. */
let events: string[] = [];
jest.mocked(renderToString).mockImplementation((...args) => {
  events.push('render');
  return react.renderToString(...args);
});

/** What a model's review adds to the spec's: the size, car and distance driven. */
const reviewOfWideSize = {
  size: { _id: wideSize._id, name: wideSize.name },
  car: { make: 'VW', model: 'Golf', year: 2016 },
  distanceKm: 32187,
  createdAt: '2026-11-20T10:00:00.000Z',
};

/** The API process's answers (here MSW's, through fetch), each call recorded. */
const send: SendApiRequest = (request) => {
  const { pathname, search } = new URL(request.url);
  events.push(`${request.method} ${pathname}${search}`);
  return fetch(request);
};

const renderer = createPageRenderer(send);

beforeEach(() => {
  events = [];
  server.use(
    http.get('/api/product', () =>
      HttpResponse.json([tyre, battery], { headers: { 'X-Total-Count': '2' } }),
    ),
    http.get('/api/review', () =>
      HttpResponse.json([review, otherReview], { headers: { 'X-Total-Count': '2' } }),
    ),
    noFacetsHandler(),
    http.get('/api/productDetails/:id', ({ params }) =>
      params.id === tyre._id
        ? HttpResponse.json(tyre)
        : HttpResponse.json({ error: 'Not Found', message: 'No product' }, { status: 404 }),
    ),
    http.get('/api/vehicles/makes', () => HttpResponse.json(['Audi', 'VW'])),
    http.get('/api/vehicles/models', ({ request }) =>
      HttpResponse.json(new URL(request.url).searchParams.get('make') === 'VW' ? ['Golf'] : []),
    ),
    http.get('/api/vehicles/years', () => HttpResponse.json([2016, 2015])),
    http.get('/api/vehicles', () => HttpResponse.json([golf])),
    http.get('/api/vehicles/:id', () => HttpResponse.json(golf)),
    http.get('/api/models/:id/reviews', () =>
      HttpResponse.json([{ ...review, ...reviewOfWideSize }], {
        headers: { 'X-Total-Count': '1', 'X-Average-Rating': '4.00' },
      }),
    ),
    http.get('/api/models/:id', ({ params }) =>
      params.id === roadGrip._id
        ? HttpResponse.json(roadGrip)
        : HttpResponse.json({ error: 'Not Found', message: 'No model' }, { status: 404 }),
    ),
  );
});

async function render(url: string) {
  const page = await renderer.render(url);
  if (!page) throw new Error(`${url} is not rendered on the server`);
  return page;
}

describe('the server renderer', () => {
  it.each([
    ['/', [tyre.name, battery.name, review.description]],
    ['/home', [tyre.name, review.name]],
    ['/shop', [tyre.name, 'Showing 1–2 of 2 products']],
    ['/shop?q=summer&inStock=true&page=1', [tyre.name]],
    ['/review', [review.description, otherReview.description]],
    ['/portfolio', []],
    ['/about', ['Question And Answer']],
    ['/login', ['Email']],
    ['/register', ['Name']],
    ['/no/such/page', ['OOPS!']],
    [`/productdetails/${tyre._id}`, [tyre.name, tyre.description, '$89.99', 'In stock: 240']],
    [
      `/model/${roadGrip._id}?size=${wideSize._id}`,
      [
        roadGrip.name,
        '225/45 R17 94Y',
        '$119.50',
        'In stock: 12',
        review.description,
        'VW Golf (2016)',
        '20,000 miles',
      ],
    ],
    [`/compare?ids=${tyre._id}`, [tyre.name, 'Wet grip class', 'Not rated yet']],
  ])('renders %s once, its data asked for before and nothing after', async (url, shown) => {
    const page = await render(url);
    const renders = events.filter((event) => event === 'render');
    expect(renders).toHaveLength(1);
    // Every call came from the page's loader, before the render; none from the render itself.
    expect(events.at(-1)).toBe('render');
    for (const text of shown) expect(page.body).toContain(text);
    // The data the page rendered with goes with it, and the router's answers for hydrating.
    const state = JSON.parse(page.state) as {
      api: { queries: Record<string, { status: string }> };
      router: { loaderData: Record<string, unknown> };
    };
    expect(Object.keys(state.api.queries)).toHaveLength(events.length - 1);
    expect(state.router.loaderData).toBeDefined();
  });

  it('says what each page shows: each product and review, and the lists', async () => {
    const landing = await render('/');
    expect(landing.shows).toEqual(
      [
        `Product:${tyre._id}`,
        `Product:${battery._id}`,
        'Product:LIST',
        `Review:${review._id}`,
        `Review:${otherReview._id}`,
        'Review:LIST',
        // The car picker's makes, for a visitor without the script.
        'Vehicle:__internal_without_id',
      ].sort(),
    );
    expect((await render('/shop')).shows).toEqual(
      [
        `Product:${tyre._id}`,
        `Product:${battery._id}`,
        'Product:LIST',
        'Vehicle:__internal_without_id',
      ].sort(),
    );
    // Only products in stock: a list that another product's stock can change.
    expect((await render('/shop?inStock=true')).shows).toContain('Product:IN_STOCK');
    expect((await render('/review')).shows).not.toContain('Product:LIST');
    expect((await render('/portfolio')).shows).toEqual([]);
  });

  it('renders a page in the address’s market, its euro prices asked before the render', async () => {
    const address = (url: string) => renderer.address(url)?.canonical;
    // Its own page beside the US one; the US (the default) and what is no market left out.
    expect(address('/shop?utm_source=x&market=DE')).toBe('/shop?market=DE');
    expect(address('/about?market=GB')).toBe('/about?market=GB');
    expect(address('/?market=US')).toBe('/');
    expect(address('/?market=de')).toBe('/');
    server.use(
      // A list asked in a market carries its products' shelf prices there (as the API folds them).
      http.get('/api/product', ({ request }) => {
        const market = new URL(request.url).searchParams.get('market');
        const shelfPrice = { market: 'DE', currency: 'EUR', minor: 8299 };
        return HttpResponse.json(
          [tyre, battery].map((product) =>
            market === 'DE' ? { ...product, shelfPrice } : product,
          ),
          { headers: { 'X-Total-Count': '2' } },
        );
      }),
      http.get('/api/markets/DE/prices', ({ request }) => {
        const ids = new URL(request.url).searchParams.get('ids')!.split(',');
        return HttpResponse.json({
          market: 'DE',
          currency: 'EUR',
          prices: ids.map((productId) => ({ productId, minor: 8299, own: false })),
        });
      }),
    );
    const page = await render(`/productdetails/${tyre._id}?market=DE`);
    expect(page.body).toMatch(/82,99\s€/);
    expect(page.body).toMatch(/incl\. 19\s%\sVAT/);
    expect(page.body).not.toContain('$89.99');
    expect(events.at(-1)).toBe('render');
    events = [];
    const landing = await render('/?market=DE');
    expect(landing.body).toMatch(/82,99\s€/);
    // The landing's products are asked in the market, their prices with them: one call.
    expect(events).toContain('GET /api/product?limit=6&offset=0&market=DE');
    expect(events.filter((event) => event.includes('/api/markets/DE/prices'))).toEqual([]);
    expect(landing.body).toContain('<option value="DE" selected="">');
  });

  it('renders a product’s page for anyone: the product, its offer for search engines, its address', async () => {
    const page = await render(`/productdetails/${tyre._id}`);
    expect(page.status).toBe(200);
    expect(page.title).toBe(`${tyre.name} | Tyre & Auto Parts Store`);
    expect(page.description).toBe(`${tyre.name}, $89.99. ${tyre.description}`);
    expect(page.body).toContain('Delivered in 2–4 working days');
    expect(page.body).toContain('Specification');
    expect(page.shows).toContain(`Product:${tyre._id}`);
    const [, json] = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(page.body) ?? [];
    const data = JSON.parse(json!) as { name: string; offers: Record<string, string> };
    expect(data.name).toBe(tyre.name);
    expect(data.offers).toEqual({
      '@type': 'Offer',
      price: '89.99',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
    });
    // One of many pages of its route; only the store's own pages are listed as public paths.
    expect(renderer.address(`/productdetails/${tyre._id}`)).toEqual({
      canonical: `/productdetails/${tyre._id}`,
      moved: false,
      oneOfMany: true,
    });
    expect(renderer.address('/shop')).toEqual({
      canonical: '/shop',
      moved: false,
      oneOfMany: false,
    });
    expect(renderer.publicPaths()).not.toContainEqual(expect.stringContaining('productdetails'));
  });

  it('renders a tyre model’s page: its sizes, the chosen one, what it shows, one page per size', async () => {
    const page = await render(`/model/${roadGrip._id}?size=${wideSize._id}`);
    expect(page.status).toBe(200);
    expect(page.title).toBe(`${roadGrip.name} | Tyre & Auto Parts Store`);
    expect(page.description).toBe(`${roadGrip.name}: 2 sizes from $89.99. ${roadGrip.description}`);
    expect(page.body).toContain('aria-current="true" aria-label="Chosen: 225/45 R17 94Y"');
    expect(page.body).toContain(`href="/model/${roadGrip._id}?size=${tyre._id}"`);
    expect(page.shows).toEqual(
      [
        `Model:${roadGrip._id}`,
        `Product:${tyre._id}`,
        `Product:${wideSize._id}`,
        `Review:${review._id}`,
        'Review:LIST',
      ].sort(),
    );
    const address = (url: string) => renderer.address(url)?.canonical;
    // The page of reviews is the page's too; page 1 is the page without it.
    expect(address(`/model/${roadGrip._id}?reviews=2&size=${wideSize._id}`)).toBe(
      `/model/${roadGrip._id}?size=${wideSize._id}&reviews=2`,
    );
    expect(address(`/model/${roadGrip._id}?reviews=1`)).toBe(`/model/${roadGrip._id}`);
    expect(address(`/model/${roadGrip._id}?utm_source=x&size=${wideSize._id.toUpperCase()}`)).toBe(
      `/model/${roadGrip._id}?size=${wideSize._id}`,
    );
    expect(address(`/model/${roadGrip._id}?size=nonsense`)).toBe(`/model/${roadGrip._id}`);
    const ids = [1, 2, 3, 4, 5, 6].map((n) => `7d6f8f3e-2c1a-4b5e-9f00-00000000004${n}`);
    expect(address(`/compare?ids=${ids[0]},junk,${ids.slice(1).join(',')}&x=1`)).toBe(
      `/compare?ids=${ids.slice(0, 5).join(',')}`,
    );
    expect(renderer.publicPaths()).not.toContainEqual(expect.stringContaining('/model/'));
  });

  it('keeps a shared comparison from search engines: noindex, and not in the sitemap', async () => {
    const page = await render(`/compare?ids=${tyre._id}`);
    expect(page.noindex).toBe(true);
    expect(renderer.publicPaths()).not.toContain('/compare');
    expect((await render(`/model/${roadGrip._id}`)).noindex).toBe(false);
  });

  it('answers a model none of whose sizes is sold with its missing page and status 404', async () => {
    const page = await render('/model/00000000-0000-4000-8000-000000000000');
    expect(page.status).toBe(404);
    expect(page.body).toContain('This tyre model is not in the store');
  });

  it('answers a product nobody sells with its missing page and status 404, for search engines too', async () => {
    const page = await render('/productdetails/00000000-0000-4000-8000-000000000000');
    expect(page.status).toBe(404);
    expect(page.body).toContain('role="alert"');
    // The 404 goes with the page: the browser hydrates the same "not found" it shows, not a
    // loading state (React's hydration error #418).
    const state = JSON.parse(page.state) as {
      api: { queries: Record<string, { status: string; error?: { status: number } }> };
    };
    expect(Object.values(state.api.queries)).toContainEqual(
      expect.objectContaining({
        status: 'rejected',
        error: expect.objectContaining({ status: 404 }),
      }),
    );
  });

  it('keeps a product’s text from ending its JSON-LD element', async () => {
    server.use(
      http.get('/api/productDetails/:id', () =>
        HttpResponse.json({ ...tyre, description: '</script><script>alert(1)</script>' }),
      ),
    );
    const page = await render(`/productdetails/${tyre._id}`);
    const [, json] = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(page.body) ?? [];
    expect(json).not.toContain('<');
    expect((JSON.parse(json!) as { description: string }).description).toBe(
      '</script><script>alert(1)</script>',
    );
  });

  describe('the car picker without the script: a GET form, a page a step', () => {
    /** The picker's HTML: on the landing page in its noscript, on the shop as it is. */
    const pickerOf = (body: string) =>
      /<form aria-labelledby[^>]*method="get".*?<\/form>/s.exec(body)?.[0] ?? '';

    it('renders the landing page’s picker in noscript, its makes listed', async () => {
      const page = await render('/');
      // A browser with the script reads a noscript's text up to its first end tag: the whole
      // picker is before it (a noscript inside would end it early, and hydration fail).
      const [, noScript] = /<noscript>(<section.*?)<\/noscript>/s.exec(page.body) ?? [];
      expect(noScript).toContain('My car');
      expect(noScript).toContain('</form>');
      expect(noScript).not.toContain('<noscript');
      const form = pickerOf(page.body);
      expect(form).toContain('<option>VW</option>');
      expect(form).toContain('name="make"');
      expect(form).toContain('>Next<');
      expect(form).not.toContain('action=');
    });

    it('renders the next list for the choices in the address, and the last step sends to the shop', async () => {
      const model = pickerOf((await render('/?make=VW')).body);
      expect(model).toMatch(/<option selected="">VW<\/option>/);
      expect(model).toContain('<option>Golf</option>');
      const version = pickerOf((await render('/?make=VW&model=Golf&year=2016')).body);
      expect(version).toContain('action="/shop"');
      expect(version).toContain(
        `<option value="${golf._id}">VW Golf VII 1.4 TSI · 205/55 R16</option>`,
      );
      expect(version).toContain('name="vehicle"');
      expect(version).not.toContain('>Next<');
    });

    it('keeps the shop’s search in its picker, and shows a chosen car’s name', async () => {
      const form = pickerOf((await render('/shop?q=summer&make=VW')).body);
      expect(form).toContain('<input type="hidden" name="q" value="summer"/>');
      expect(form).toContain('<option>Golf</option>');
      const chosen = await render(`/shop?vehicle=${golf._id}&year=2016`);
      expect(chosen.body).toContain('Tyres for VW Golf VII 1.4 TSI (2016)');
    });

    it('keeps one page per step: only the picker’s choices, in its order, and none beside a car', () => {
      const address = (url: string) => renderer.address(url)?.canonical;
      expect(address('/?utm_source=x&model=Golf&make=VW')).toBe('/?make=VW&model=Golf');
      expect(address('/?model=Golf')).toBe('/');
      expect(address('/shop?make=VW&q=summer')).toBe('/shop?q=summer&make=VW');
      expect(address(`/shop?make=VW&model=Golf&year=2016&vehicle=${golf._id}`)).toBe(
        `/shop?vehicle=${golf._id}&year=2016`,
      );
    });
  });
});
