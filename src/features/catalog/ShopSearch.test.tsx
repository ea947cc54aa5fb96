import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Product, ProductFacets } from '@contract/products';
import { battery, tyre } from '../../test/fixtures';
import { PendingResponses } from '../../test/pendingResponses';
import { renderPage } from '../../test/render';
import { server } from '../../test/server';
import { ShopPage } from './ShopPage';
import { NO_SEARCH, readShopSearch, shopSearchString } from './shopSearch';

// What is typed is also looked up among the cars ("golf 2016"): none of these words is one.
beforeEach(() => server.use(http.get('/api/vehicles/search', () => HttpResponse.json([]))));

const winter: Product = {
  ...tyre,
  _id: '7d6f8f3e-2c1a-4b5e-9f00-000000000003',
  name: 'Nordic Grip 205/55 R16 91H',
  season: 'winter',
};

const FACETS: ProductFacets = {
  category: [
    { value: 'tyre', count: 2 },
    { value: 'wheel', count: 0 },
    { value: 'part', count: 1 },
  ],
  season: [
    { value: 'summer', count: 1 },
    { value: 'winter', count: 1 },
    { value: 'all-season', count: 0 },
  ],
  width: [{ value: 205, count: 2 }],
  aspect: [{ value: 55, count: 2 }],
  rim: [{ value: 16, count: 2 }],
  fuel: [
    { value: 'A', count: 0 },
    { value: 'B', count: 1 },
    { value: 'C', count: 2 },
    { value: 'D', count: 2 },
    { value: 'E', count: 2 },
  ],
  wetGrip: [
    { value: 'A', count: 1 },
    { value: 'B', count: 2 },
    { value: 'C', count: 2 },
    { value: 'D', count: 2 },
    { value: 'E', count: 2 },
  ],
  maxNoise: [
    { value: 70, count: 1 },
    { value: 72, count: 2 },
  ],
  snow: 1,
  oeMark: [],
  runFlat: 0,
  reinforced: 1,
  mudSnow: 1,
  price: { min: 89.99, max: 129.99 },
  suggestion: null,
};

/**
 * The catalogue API for these tests: answers by the search asked (a word in the name, a season),
 * and keeps every query string it was sent.
 */
function searchApi(pending?: PendingResponses) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/api/product', async ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const q = params.get('q')?.toLowerCase() ?? '';
      const seasons = params.getAll('season');
      const found = [winter, tyre, battery].filter(
        (p) =>
          p.name.toLowerCase().includes(q) &&
          (seasons.length === 0 || seasons.includes(p.season ?? '')),
      );
      if (pending) {
        const held = await pending.next();
        if (held.status !== 200) return held;
      }
      return HttpResponse.json(found, { headers: { 'x-total-count': String(found.length) } });
    }),
    // "nordc" finds nothing; the API suggests the closest word of the catalogue.
    http.get('/api/product/facets', ({ request }) =>
      HttpResponse.json({
        ...FACETS,
        suggestion: new URL(request.url).searchParams.get('q') === 'nordc' ? 'nordic' : null,
      }),
    ),
  );
  return asked;
}

/** The filters, opened as on a phone (jsdom knows no screen width: the phone's layout). */
async function openFilters() {
  // A native disclosure (it opens without the script): its summary.
  await userEvent.click(screen.getByText(/^Filters/, { selector: 'summary' }));
  return within(screen.getByRole('complementary', { name: 'Filters' }));
}

/** Lets the next held catalogue answer go. */
const answer = (pending: PendingResponses) => pending.respond(new Response(null, { status: 200 }));

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Products' }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

describe('the shop search in the URL', () => {
  it('reads what it can of a URL and writes it back the same', () => {
    const search = readShopSearch(
      new URLSearchParams(
        'q=winter&width=205&width=abc&season=winter&season=spring&minPrice=100&maxPrice=50&sort=bogus&inStock=true&category=tyre',
      ),
    );
    expect(search).toEqual({
      ...NO_SEARCH,
      q: 'winter',
      width: [205],
      season: ['winter'],
      category: ['tyre'],
      // Upside down: turned the right way up.
      minPrice: 50,
      maxPrice: 100,
      inStock: true,
    });
    const written = shopSearchString(search, 2);
    expect(written).toBe(
      '?q=winter&category=tyre&season=winter&width=205&minPrice=50&maxPrice=100&inStock=true&page=2',
    );
    expect(readShopSearch(new URLSearchParams(written))).toEqual(search);
    expect(shopSearchString(NO_SEARCH)).toBe('');
  });
});

describe('the filters and sort as a form (what is sent before or without the script)', () => {
  // The car in the URL is remembered in this browser: forgotten, or it would join later tests.
  afterEach(() => localStorage.clear());

  it('sends every parameter of the search back as the URL had it, page aside', async () => {
    searchApi();
    server.use(http.get('/api/vehicles/:id', () => HttpResponse.json(null, { status: 404 })));
    const car = '7d6f8f3e-2c1a-4b5e-9f00-0000000000aa';
    const url =
      `/shop?q=grip&category=tyre&season=winter&width=205&aspect=55&rim=16&minPrice=50` +
      `&maxPrice=200&inStock=true&fuel=B&wetGrip=A&maxNoise=72&snow=true&sort=price-asc` +
      `&vehicle=${car}&year=2018&alternatives=true&page=2`;
    renderPage(<ShopPage />, url);
    await screen.findByRole('combobox', { name: 'Fuel efficiency' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Width' })).toHaveValue('205'));
    const form = document.querySelector<HTMLFormElement>('form[action="/shop"]')!;
    expect(form).toHaveAttribute('method', 'get');
    // The form data set as a browser builds it (the test's FormData is Node's, not the DOM's).
    const sent = new URLSearchParams();
    for (const field of form.elements as unknown as Array<HTMLInputElement | HTMLSelectElement>) {
      if (!field.name || field.disabled) continue;
      if (field instanceof HTMLInputElement && field.type === 'checkbox' && !field.checked)
        continue;
      if (field instanceof HTMLButtonElement) continue;
      sent.append(field.name, field.value);
    }
    const asked = readShopSearch(new URLSearchParams(url.split('?')[1]));
    // A new search shows page 1: the page is the one parameter left behind.
    expect(readShopSearch(sent)).toEqual(asked);
    expect(shopSearchString(readShopSearch(sent))).toBe(shopSearchString(asked));
    // The sort select outside the form joins it.
    expect(sent.get('sort')).toBe('price-asc');
  });
});

describe('searching the shop', () => {
  it('follows the typing, keeping the cards shown until the new ones arrive', async () => {
    const pending = new PendingResponses();
    const asked = searchApi(pending);
    const { router } = renderPage(<ShopPage />, '/shop');
    answer(pending);
    expect(await screen.findByText('Showing 1–3 of 3 products')).toBeInTheDocument();
    // The shop always asks for a search, newest first.
    expect(asked[0]?.get('sort')).toBe('newest');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search products' }), 'nordic');
    // While the answer is on its way, the cards before stay.
    await waitFor(() => expect(asked.at(-1)?.get('q')).toBe('nordic'));
    expect(cardNames()).toHaveLength(3);
    expect(screen.getByRole('list', { name: 'Products' })).toHaveAttribute('aria-busy', 'true');
    answer(pending);
    await waitFor(() => expect(cardNames()).toEqual([winter.name]));
    expect(screen.getByText('Showing 1–1 of 1 product')).toHaveAttribute('role', 'status');
    expect(router.state.location.search).toBe('?q=nordic');
    // Typing paused before the whole word was sent at most once or twice, not per letter.
    expect(asked.filter((params) => params.has('q')).length).toBeLessThanOrEqual(2);
  });

  it('filters by a season with its count, back to page 1, and Back undoes it', async () => {
    const asked = searchApi();
    const { router } = renderPage(<ShopPage />, '/shop?page=1&q=');
    await screen.findByText('Showing 1–3 of 3 products');
    const filters = await openFilters();
    const winterBox = filters.getByRole('checkbox', { name: /Winter/ });
    expect(winterBox.closest('label')).toHaveTextContent('Winter1');

    await userEvent.click(winterBox);
    await waitFor(() => expect(cardNames()).toEqual([winter.name]));
    expect(router.state.location.search).toBe('?season=winter');
    expect(asked.at(-1)?.getAll('season')).toEqual(['winter']);
    expect(asked.at(-1)?.get('offset')).toBe('0');

    await act(() => router.navigate(-1));
    await waitFor(() => expect(cardNames()).toHaveLength(3));
    expect(filters.getByRole('checkbox', { name: /Winter/ })).not.toBeChecked();
  });

  it('picks a tyre size from the sizes that exist', async () => {
    const asked = searchApi();
    const { router } = renderPage(<ShopPage />, '/shop');
    await screen.findByText('Showing 1–3 of 3 products');
    const width = (await openFilters()).getByRole('combobox', { name: 'Width' });
    expect(
      within(width)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any', '205 (2)']);
    await userEvent.selectOptions(width, '205');
    await waitFor(() => expect(router.state.location.search).toBe('?width=205'));
    expect(asked.at(-1)?.getAll('width')).toEqual(['205']);
  });

  it('filters by the EU tyre label: a class or better, the most noise, the snow symbol', async () => {
    const asked = searchApi();
    const { router } = renderPage(<ShopPage />, '/shop');
    await screen.findByText('Showing 1–3 of 3 products');
    const filters = await openFilters();
    const options = (name: string) =>
      within(filters.getByRole('combobox', { name }))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(options('Fuel efficiency')).toEqual([
      'Any',
      'A (0)',
      'B or better (1)',
      'C or better (2)',
      'D or better (2)',
      'E or better (2)',
    ]);
    expect(options('Rolling noise')).toEqual(['Any', 'At most 70 dB (1)', 'At most 72 dB (2)']);
    const snow = filters.getByRole('checkbox', { name: /Snow symbol/ });
    expect(snow.closest('label')).toHaveTextContent('Snow symbol (3PMSF)1');

    await userEvent.selectOptions(filters.getByRole('combobox', { name: 'Wet grip' }), 'A');
    await waitFor(() => expect(router.state.location.search).toBe('?wetGrip=A'));
    expect(asked.at(-1)?.get('wetGrip')).toBe('A');
    await userEvent.selectOptions(filters.getByRole('combobox', { name: 'Rolling noise' }), '72');
    await userEvent.click(filters.getByRole('checkbox', { name: /Snow symbol/ }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?wetGrip=A&maxNoise=72&snow=true'),
    );
    expect(asked.at(-1)?.get('snow')).toBe('true');
    expect(asked.at(-1)?.get('maxNoise')).toBe('72');
    // A reload reads them back from the URL.
    expect(readShopSearch(new URLSearchParams('fuel=C&maxNoise=300&snow=true'))).toEqual({
      ...NO_SEARCH,
      fuel: 'C',
      snow: true,
    });
  });

  it('filters by a price range on Enter, the right way up', async () => {
    const asked = searchApi();
    const { router } = renderPage(<ShopPage />, '/shop');
    await screen.findByText('Showing 1–3 of 3 products');
    const filters = await openFilters();
    expect(filters.getByRole('spinbutton', { name: 'Lowest' })).toHaveAttribute(
      'placeholder',
      '89',
    );
    await userEvent.type(filters.getByRole('spinbutton', { name: 'Lowest' }), '120');
    await userEvent.type(filters.getByRole('spinbutton', { name: 'Highest' }), '90{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?minPrice=90&maxPrice=120'));
    expect(asked.at(-1)?.get('minPrice')).toBe('90');
    expect(asked.at(-1)?.get('maxPrice')).toBe('120');
  });

  it('shows the search of a link or reload, and sorts on request', async () => {
    const asked = searchApi();
    const { router } = renderPage(<ShopPage />, '/shop?q=nordic&season=winter&sort=price-asc');
    await waitFor(() => expect(cardNames()).toEqual([winter.name]));
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('nordic');
    expect((await openFilters()).getByRole('checkbox', { name: /Winter/ })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-asc');
    expect(asked[0]?.get('sort')).toBe('price-asc');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'name');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?q=nordic&season=winter&sort=name'),
    );
  });

  it('offers the search the API suggests when nothing matches, as a link', async () => {
    searchApi();
    const { router } = renderPage(<ShopPage />, '/shop?q=nordc');
    expect(await screen.findByText('No products match your search.')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'nordic' });
    expect(link.closest('p')).toHaveTextContent('Did you mean nordic?');
    expect(link).toHaveAttribute('href', '/shop?q=nordic');
    await userEvent.click(link);
    await waitFor(() => expect(cardNames()).toEqual(['Nordic Grip 205/55 R16 91H']));
    expect(router.state.location.search).toBe('?q=nordic');
  });

  it('says when nothing matches, what was searched, and clears the filters on request', async () => {
    searchApi();
    const { router } = renderPage(<ShopPage />, '/shop?q=zzz&season=summer&inStock=true&sort=name');
    expect(await screen.findByText('No products match your search.')).toBeInTheDocument();
    expect(screen.getByText('You searched for “zzz” · Summer · in stock.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Clear all filters' }));
    expect(await screen.findByText('Showing 1–3 of 3 products')).toBeInTheDocument();
    // The order asked for stays.
    expect(router.state.location.search).toBe('?sort=name');
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
  });

  it('leaves a Clear all opened in a new tab (ctrl, cmd, shift or middle click) to the browser', async () => {
    searchApi();
    const { router } = renderPage(<ShopPage />, '/shop?q=zzz&season=summer&sort=name');
    const link = await screen.findByRole('link', { name: 'Clear all filters' });
    expect(link).toHaveAttribute('href', '/shop?sort=name');
    // jsdom opens no tab: the point is that this page's search stays as it is.
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      fireEvent.click(link, init);
    }
    expect(router.state.location.search).toBe('?q=zzz&season=summer&sort=name');
  });

  it('opens the filters in a panel of their own on a phone', async () => {
    searchApi();
    renderPage(<ShopPage />, '/shop?season=winter&width=205');
    await screen.findByText('Showing 1–1 of 1 product');
    const button = screen.getByText('Filters (2)', { selector: 'summary' });
    const disclosure = button.closest('details')!;
    expect(disclosure.open).toBe(false);
    await userEvent.click(button);
    expect(disclosure.open).toBe(true);
    // Show N products closes it again.
    await userEvent.click(screen.getByRole('button', { name: 'Show 1 product' }));
    expect(disclosure.open).toBe(false);
  });
});
