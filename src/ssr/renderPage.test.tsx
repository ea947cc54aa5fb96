import { http, HttpResponse } from 'msw';
import { renderToString } from 'react-dom/server';
import type { SendApiRequest } from '@contract/renderedPages';
import { noFacetsHandler } from '../test/apiHandlers';
import { battery, otherReview, review, tyre } from '../test/fixtures';
import { server } from '../test/server';
import { createPageRenderer } from './renderPage';

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
      ].sort(),
    );
    expect((await render('/shop')).shows).toEqual(
      [`Product:${tyre._id}`, `Product:${battery._id}`, 'Product:LIST'].sort(),
    );
    // Only products in stock: a list that another product's stock can change.
    expect((await render('/shop?inStock=true')).shows).toContain('Product:IN_STOCK');
    expect((await render('/review')).shows).not.toContain('Product:LIST');
    expect((await render('/portfolio')).shows).toEqual([]);
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
});
