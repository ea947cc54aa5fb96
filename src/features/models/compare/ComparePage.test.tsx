import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Product } from '@contract/products';
import { tyre } from '../../../test/fixtures';
import { renderPage, renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { wideSize } from '../modelFixtures';
import { ComparePage } from './ComparePage';
import { CompareToggle } from '../../../shared/models/CompareToggle';
import { keepCompared } from '../../../shared/models/compareList';

const winter: Product = {
  ...tyre,
  _id: '7d6f8f3e-2c1a-4b5e-9f00-000000000021',
  name: 'Alpine Winter 205/55 R16 94H',
  price: 99,
  season: 'winter',
  loadIndex: 94,
  speedRating: 'H',
  euLabel: { ...tyre.euLabel!, fuel: 'C', wetGrip: 'B', noiseDb: 68, noiseClass: 'A', snow: true },
};
const products = [tyre, wideSize, winter];
const missingId = '7d6f8f3e-2c1a-4b5e-9f00-0000000000ff';

function answerProducts() {
  server.use(
    http.get('/api/productDetails/:id', ({ params }) => {
      const found = products.find((product) => product._id === params.id);
      return found
        ? HttpResponse.json(found)
        : HttpResponse.json({ statusCode: 404, message: 'No product.' }, { status: 404 });
    }),
  );
}

function renderCompare(ids: string[]) {
  answerProducts();
  return renderRoutes(
    [{ path: '/compare', element: <ComparePage /> }],
    `/compare?ids=${ids.join(',')}`,
  );
}

/** A row of the comparison as its cells' words, "Best" where marked. */
function row(name: string) {
  const header = screen.getByRole('rowheader', {
    name: (accessible) => accessible.startsWith(name),
  });
  return within(header.closest('tr')!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

describe('comparing tyres', () => {
  beforeEach(() => keepCompared([]));

  it('shows the tyres of its address side by side, the best of each row marked in words', async () => {
    renderCompare(products.map((product) => product._id));
    expect(await screen.findByRole('link', { name: winter.name })).toBeVisible();
    expect(row('Price')).toEqual(['$89.99Best', '$119.50', '$99.00']);
    expect(row('Wet grip class')).toEqual(['ABest', 'B', 'B']);
    expect(row('External rolling noise')).toEqual(['70 dB (B)', '72 dB (B)', '68 dB (A)Best']);
    expect(row('Season')).toEqual(['Summer', 'Summer', 'Winter']);
    expect(row('Severe snow (3PMSF)')).toEqual(['No', 'No', 'YesBest']);
    expect(row('Customer rating')).toEqual(['Not rated yet', 'Not rated yet', 'Not rated yet']);
  });

  it('takes a tyre out: the address and this browser keep the others', async () => {
    const user = userEvent.setup();
    const { router } = renderCompare(products.map((product) => product._id));
    await screen.findByRole('link', { name: wideSize.name });
    const remove = screen.getAllByRole('button', { name: 'Remove from compare' })[1]!;
    await user.click(remove);
    expect(screen.queryByRole('link', { name: wideSize.name })).toBeNull();
    expect(router.state.location.search).toBe(`?ids=${tyre._id}%2C${winter._id}`);
    expect(localStorage.getItem('compare')).toBe(`${tyre._id},${winter._id}`);
  });

  it('says when a link names more than four tyres, or one no longer sold', async () => {
    renderCompare([
      missingId,
      tyre._id,
      wideSize._id,
      winter._id,
      '7d6f8f3e-2c1a-4b5e-9f00-0000000000fe',
    ]);
    expect(await screen.findByText('1 tyre in the link is no longer in the store.')).toBeVisible();
    expect(
      screen.getByText('A comparison shows 4 tyres: the others in the link were left out.'),
    ).toBeVisible();
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
  });

  it('has nothing to compare without tyres', () => {
    renderCompare([]);
    expect(screen.getByText(/Nothing to compare yet/)).toBeVisible();
  });
});

describe('Add to compare', () => {
  beforeEach(() => keepCompared([]));

  it('adds a tyre and leads to the comparison', async () => {
    const user = userEvent.setup();
    renderPage(<CompareToggle productId={tyre._id} />);
    await user.click(screen.getByRole('button', { name: 'Add to compare' }));
    expect(screen.getByRole('button', { name: 'Remove from compare' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Compare 1 tyre' })).toHaveAttribute(
      'href',
      `/compare?ids=${tyre._id}`,
    );
  });

  it('refuses a fifth tyre in words', async () => {
    const user = userEvent.setup();
    const four = [1, 2, 3, 4].map((n) => `7d6f8f3e-2c1a-4b5e-9f00-00000000003${n}`);
    keepCompared(four);
    renderPage(<CompareToggle productId={tyre._id} />);
    await user.click(await screen.findByRole('button', { name: 'Add to compare' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are comparing 4 tyres already, the most one comparison holds. Remove one to add this.',
    );
    expect(localStorage.getItem('compare')).toBe(four.join(','));
  });
});
