import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Product } from '@contract/products';
import { noFacetsHandler } from '../../test/apiHandlers';
import { battery, tyre } from '../../test/fixtures';
import { PendingResponses } from '../../test/pendingResponses';
import { renderPage } from '../../test/render';
import { server } from '../../test/server';
import { ShopPage } from './ShopPage';

/** A catalogue of `total` products, numbered from 1. */
const catalogue = (total: number): Product[] =>
  Array.from({ length: total }, (_, i) => ({
    ...tyre,
    _id: `7d6f8f3e-2c1a-4b5e-9f00-${String(i + 1).padStart(12, '0')}`,
    name: `Tyre ${i + 1}`,
  }));

/**
 * `GET /api/product?limit=&offset=` as the API answers it: a slice, and `X-Total-Count`. Keeps
 * the offsets asked for; `hold` makes the answers for those offsets wait for the test.
 */
function pagedApi(products: Product[], hold?: { offsets: number[]; pending: PendingResponses }) {
  const asked: number[] = [];
  server.use(
    http.get('/api/product', async ({ request }) => {
      const params = new URL(request.url).searchParams;
      const limit = Number(params.get('limit'));
      const offset = Number(params.get('offset'));
      expect(limit).toBe(24);
      asked.push(offset);
      const answer = HttpResponse.json(products.slice(offset, offset + limit), {
        headers: { 'x-total-count': String(products.length) },
      });
      if (!hold?.offsets.includes(offset)) return answer;
      const held = await hold.pending.next();
      return held.status === 200 ? answer : held;
    }),
  );
  return asked;
}

// The filter panel's counts: not what these tests are about.
beforeEach(() => server.use(noFacetsHandler()));

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Products' }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

const pages = () => within(screen.getByRole('navigation', { name: 'Product pages' }));

const names = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `Tyre ${from + i}`);

describe('the shop', () => {
  it('shows every product from the API as a card', async () => {
    server.use(http.get('/api/product', () => HttpResponse.json([tyre, battery])));
    renderPage(<ShopPage />, '/shop');

    expect(screen.getByRole('status')).toHaveTextContent('Loading products');
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);

    const card = within(cards[0]!);
    expect(card.getByRole('heading', { name: tyre.name })).toBeInTheDocument();
    // The picture links to the product for a pointer; the name's link is the one announced.
    expect(card.getByRole('img', { name: tyre.name, hidden: true })).toHaveAttribute(
      'src',
      tyre.img,
    );
    expect(card.getByText(tyre.description)).toBeInTheDocument();
    expect(card.getByText('$89.99')).toBeInTheDocument();
    expect(card.getByText('OrderQuantity').nextSibling).toHaveTextContent('2');
    expect(card.getByText('AvailableQuantity').nextSibling).toHaveTextContent('240');
    expect(card.getByRole('link', { name: 'Book Now' })).toHaveAttribute(
      'href',
      `/productdetails/${tyre._id}`,
    );
    expect(document.title).toBe('Shop | Tyre & Auto Parts Store');
    // One page only: no page links.
    expect(screen.getByText('Showing 1–2 of 2 products')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Product pages' })).not.toBeInTheDocument();
  });

  it('says when the products cannot be loaded and tries again on request', async () => {
    let calls = 0;
    server.use(
      http.get('/api/product', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              {
                error: 'Too Many Requests',
                message: 'Too many requests. Please wait a moment, then try again.',
              },
              { status: 429 },
            )
          : HttpResponse.json([battery]);
      }),
    );
    renderPage(<ShopPage />, '/shop');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the products');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: battery.name })).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('says so when there are no products yet, without page links', async () => {
    pagedApi([]);
    renderPage(<ShopPage />, '/shop');
    expect(await screen.findByText(/No products yet/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Product pages' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
  });
});

describe('the shop in pages', () => {
  // jsdom lays nothing out (every box is at 0, under the navbar's margin) and cannot scroll.
  const scrollIntoView = jest.fn();
  beforeEach(() => {
    scrollIntoView.mockClear();
    Element.prototype.scrollIntoView = scrollIntoView;
  });
  afterAll(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('shows the first 24 products, how many there are, and links to the other pages', async () => {
    const asked = pagedApi(catalogue(60));
    renderPage(<ShopPage />, '/shop');

    expect(await screen.findByText('Showing 1–24 of 60 products')).toBeInTheDocument();
    expect(cardNames()).toEqual(names(1, 24));
    expect(asked[0]).toBe(0);

    const nav = pages();
    expect(nav.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/shop?page=2');
    expect(nav.getByRole('link', { name: 'Page 2' })).not.toHaveAttribute('aria-current');
    expect(nav.getByRole('link', { name: 'Page 3' })).toHaveAttribute('href', '/shop?page=3');
    expect(nav.queryByRole('link', { name: /Previous/ })).not.toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/shop?page=2');
    // The next page is loaded ahead.
    await waitFor(() => expect(asked).toContain(24));
  });

  it('loads the first row of pictures at once and first, the rest lazily', async () => {
    pagedApi(catalogue(30));
    renderPage(<ShopPage />, '/shop');
    await screen.findByText('Showing 1–24 of 30 products');
    const images = within(screen.getByRole('list', { name: 'Products' })).getAllByRole('img', {
      hidden: true,
    });
    for (const [index, img] of images.entries()) {
      expect(img).toHaveAttribute('width', '400');
      expect(img).toHaveAttribute('height', '300');
      expect(img).toHaveAttribute('decoding', 'async');
      expect(img).toHaveAttribute('loading', index < 3 ? 'eager' : 'lazy');
      if (index < 3) expect(img).toHaveAttribute('fetchpriority', 'high');
      else expect(img).not.toHaveAttribute('fetchpriority');
    }
  });

  it('opens the page the URL names', async () => {
    const asked = pagedApi(catalogue(60));
    renderPage(<ShopPage />, '/shop?page=2');
    expect(await screen.findByText('Showing 25–48 of 60 products')).toBeInTheDocument();
    expect(cardNames()).toEqual(names(25, 48));
    expect(asked[0]).toBe(24);
    expect(pages().getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(pages().getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/shop');
  });

  it('goes to the next and previous page, keeping the cards shown until the next ones arrive', async () => {
    const pending = new PendingResponses();
    pagedApi(catalogue(60), { offsets: [24], pending });
    const { router } = renderPage(<ShopPage />, '/shop');
    await screen.findByText('Showing 1–24 of 60 products');
    // Let the page load ahead wait: the click below finds page 2 still on its way.
    await waitFor(() => expect(pending.received).toBe(1));

    await userEvent.click(pages().getByRole('link', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?page=2');
    // No spinner in place of the list: page 1 stays, dimmed and marked busy.
    const list = screen.getByRole('list', { name: 'Products' });
    expect(list).toHaveAttribute('aria-busy', 'true');
    expect(cardNames()).toEqual(names(1, 24));
    expect(screen.getByText('Loading page 2')).toBeInTheDocument();
    expect(pages().getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    act(() => pending.respond(new Response(null, { status: 200 })));
    expect(await screen.findByText('Showing 25–48 of 60 products')).toBeInTheDocument();
    expect(cardNames()).toEqual(names(25, 48));
    expect(screen.getByRole('list', { name: 'Products' })).toHaveAttribute('aria-busy', 'false');
    // The view went to the top of the list at once, and focus follows once the cards are there.
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toHaveTextContent(/^Showing/);
    await waitFor(() => expect(screen.getByText('Showing 25–48 of 60 products')).toHaveFocus());

    await userEvent.click(pages().getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('Showing 49–60 of 60 products')).toBeInTheDocument();
    expect(cardNames()).toEqual(names(49, 60));
    expect(pages().queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();

    await userEvent.click(pages().getByRole('link', { name: 'Page 1' }));
    expect(await screen.findByText('Showing 1–24 of 60 products')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('follows Back and Forward', async () => {
    pagedApi(catalogue(60));
    const { router } = renderPage(<ShopPage />, '/shop');
    await screen.findByText('Showing 1–24 of 60 products');
    await userEvent.click(pages().getByRole('link', { name: 'Page 3' }));
    expect(await screen.findByText('Showing 49–60 of 60 products')).toBeInTheDocument();

    scrollIntoView.mockClear();
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Showing 1–24 of 60 products')).toBeInTheDocument();
    // Back restores the scroll the browser's way (the router's ScrollRestoration).
    expect(scrollIntoView).not.toHaveBeenCalled();
    await act(() => router.navigate(1));
    expect(await screen.findByText('Showing 49–60 of 60 products')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');
  });

  it('sends a page past the end to the last page, in place of the address', async () => {
    const asked = pagedApi(catalogue(60));
    const { router } = renderPage(<ShopPage />, '/shop?page=9');
    expect(await screen.findByText('Showing 49–60 of 60 products')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(asked.slice(0, 2)).toEqual([192, 48]);
    // Never the empty-catalogue note on the way.
    expect(screen.queryByText(/No products yet/)).not.toBeInTheDocument();
  });

  it('sends a far-away page to the last page too, without asking the API anything invalid', async () => {
    const asked = pagedApi(catalogue(30));
    const { router } = renderPage(<ShopPage />, '/shop?page=99999999999');
    expect(await screen.findByText('Showing 25–30 of 30 products')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(asked[0]).toBeLessThanOrEqual(1_000_000_000);
  });

  it.each(['abc', '0', '-2', '1.5', '', '1', '2x'])(
    'treats ?page=%s as the first page and tidies the address',
    async (value) => {
      const asked = pagedApi(catalogue(60));
      const { router } = renderPage(<ShopPage />, `/shop?page=${value}`);
      expect(await screen.findByText('Showing 1–24 of 60 products')).toBeInTheDocument();
      expect(asked[0]).toBe(0);
      await waitFor(() => expect(router.state.location.search).toBe(''));
      expect(router.state.historyAction).toBe('REPLACE');
    },
  );

  it('keeps page links compact with 10,000 products', async () => {
    pagedApi(catalogue(10_000));
    renderPage(<ShopPage />, '/shop?page=200');
    expect(await screen.findByText('Showing 4,777–4,800 of 10,000 products')).toBeInTheDocument();
    const items = within(pages().getByRole('list'))
      .getAllByRole('listitem', { hidden: true })
      .map((item) => item.textContent);
    expect(items).toEqual(['1', '…', '199', '200', '201', '…', '417']);
    expect(pages().getByRole('link', { name: 'Page 417' })).toHaveAttribute(
      'href',
      '/shop?page=417',
    );
  });

  it('shows the failure of another page, not the page before it', async () => {
    const pending = new PendingResponses();
    pagedApi(catalogue(60), { offsets: [24], pending });
    const { router } = renderPage(<ShopPage />, '/shop');
    await screen.findByText('Showing 1–24 of 60 products');
    await userEvent.click(pages().getByRole('link', { name: 'Page 2' }));
    expect(router.state.location.search).toBe('?page=2');
    // The load ahead and the page's own load (with its retries) all fail.
    for (let i = 0; i < 5; i += 1) {
      act(() =>
        pending.respond(HttpResponse.json({ error: 'x', message: 'gone' }, { status: 404 })),
      );
    }
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the products');
    expect(screen.queryByText(/Showing 1–24/)).not.toBeInTheDocument();
  });
});

describe('the shop listing models', () => {
  const bigger: Product = {
    ...tyre,
    _id: '7d6f8f3e-2c1a-4b5e-9f00-000000000099',
    name: 'RoadGrip Summer 225/45 R17 94W',
    width: 225,
    aspect: 45,
    rim: 17,
    price: 119.5,
  };
  const model = {
    _id: '5a5a5a5a-0000-4000-8000-000000000001',
    brand: 'RoadGrip',
    pattern: 'Summer',
    name: 'RoadGrip Summer',
    category: 'tyre',
    season: 'summer',
    img: tyre.img,
    sizes: [tyre, bigger],
    priceFrom: tyre.price,
  };

  it('lists each model with its sizes, kept in the address, and counts models', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/product', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params.get('by') ?? 'size');
        return params.get('by') === 'model'
          ? HttpResponse.json([model], { headers: { 'x-total-count': '1' } })
          : HttpResponse.json([tyre, bigger], { headers: { 'x-total-count': '2' } });
      }),
    );
    const facetsAsked: string[] = [];
    server.use(
      http.get('/api/product/facets', ({ request }) => {
        facetsAsked.push(new URL(request.url).searchParams.get('by') ?? 'size');
        return HttpResponse.json(null, { status: 503 });
      }),
    );
    const { router } = renderPage(<ShopPage />, '/shop');
    expect(await screen.findByText('Showing 1–2 of 2 products')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Show'), 'Each model');
    expect(await screen.findByText('Showing 1–1 of 1 model')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?by=model');
    const list = screen.getByRole('list', { name: 'Tyre models' });
    const card = within(within(list).getByRole('article'));
    expect(card.getByRole('heading', { name: 'RoadGrip Summer' })).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'RoadGrip Summer' })).toHaveAttribute(
      'href',
      `/model/${model._id}`,
    );
    expect(card.getByText('from $89.99')).toBeInTheDocument();
    expect(card.getByText('2 sizes match')).toBeInTheDocument();
    const sizes = within(card.getByRole('list', { name: 'Sizes of RoadGrip Summer' }));
    expect(sizes.getByRole('link', { name: '225/45 R17 91V' })).toHaveAttribute(
      'href',
      `/productdetails/${bigger._id}`,
    );
    expect(sizes.getByText('$119.50')).toBeInTheDocument();
    expect(asked).toEqual(['size', 'model']);
    expect(facetsAsked).toContain('model');
  });
});
