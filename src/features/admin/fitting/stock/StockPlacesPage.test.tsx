import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { PlacedProducts, StockPlaces } from '@contract/stockPlaces';
import { apiError } from '../../../../test/apiHandlers';
import { renderRoutes, signedInAuth } from '../../../../test/render';
import { server } from '../../../../test/server';
import { withToasts } from '../../../../test/toasts';
import { stockPlacesCopy as words } from './stockPlacesCopy';
import { StockPlacesPage } from './StockPlacesPage';

const midtown = {
  _id: '0b6f8f3e-2c1a-4b5e-9f00-000000000001',
  code: 'NYC-MIDTOWN',
  name: 'Tyre Store Midtown',
  city: 'New York',
};
const berlin = {
  _id: '0b6f8f3e-2c1a-4b5e-9f00-000000000002',
  code: 'BER-MITTE',
  name: 'Reifenservice Berlin Mitte',
  city: 'Berlin',
};
const tyre = { _id: '0b6f8f3e-2c1a-4b5e-9f00-0000000000f1', name: 'Pilot Sport 5', sku: 'P000001' };

function placesApi() {
  const sent: Array<{ method: string; url: string; body: unknown }> = [];
  const view: StockPlaces = {
    places: [
      {
        code: 'MAIN',
        name: 'Main warehouse',
        centreId: null,
        centreName: null,
        products: 40,
        units: 1200,
      },
      {
        code: 'SHELF-MIDTOWN',
        name: 'Midtown shelf',
        centreId: midtown._id,
        centreName: midtown.name,
        products: 0,
        units: 0,
      },
    ],
    centres: [midtown, berlin],
    leadTimes: [{ placeCode: 'MAIN', centreId: berlin._id, days: 5 }],
    defaultLeadDays: 2,
  };
  const record = async (request: Request) => {
    const body = request.method === 'GET' ? null : await request.json();
    sent.push({ method: request.method, url: new URL(request.url).pathname, body });
    return body as Record<string, unknown>;
  };
  server.use(
    http.get('/api/stock-places', () => HttpResponse.json(view)),
    http.post('/api/stock-places', async ({ request }) => {
      const body = await record(request);
      if (body.code === 'MAIN') {
        return apiError(409, 'The code MAIN is taken by another place: choose another.', 'code');
      }
      return HttpResponse.json(
        { ...body, centreName: null, products: 0, units: 0 },
        { status: 201 },
      );
    }),
    http.put('/api/stock-places/:code/lead-times', async ({ request }) => {
      await record(request);
      return HttpResponse.json([]);
    }),
    http.get('/api/stock-places/:code/products', ({ params }) =>
      HttpResponse.json<PlacedProducts>(
        params.code === 'MAIN'
          ? { total: 1, products: [{ ...tyre, stock: 30 }] }
          : { total: 0, products: [] },
      ),
    ),
    http.put('/api/stock-places/:code/products', async ({ request }) => {
      await record(request);
      return HttpResponse.json(view.places[1]);
    }),
  );
  return sent;
}

function renderPage() {
  return renderRoutes(
    withToasts([{ path: '*', element: <StockPlacesPage /> }]),
    '/dashboard/fitting/stock',
    {
      auth: signedInAuth({
        user: { email: 'admin@store.test', displayName: 'Admin' },
        admin: true,
      }),
    },
  );
}

beforeEach(() => localStorage.setItem('accessToken', 'admin-token'));
afterEach(() => localStorage.clear());

it('lists the places with what they keep, and adds one, showing a refusal under its field', async () => {
  const sent = placesApi();
  const user = userEvent.setup();
  renderPage();
  const main = await screen.findByRole('listitem', { name: /Main warehouse/ });
  expect(main).toHaveTextContent(words.warehouse);
  expect(main).toHaveTextContent(words.counts(40, 1200));
  const shelf = screen.getByRole('listitem', { name: /Midtown shelf/ });
  expect(shelf).toHaveTextContent(words.shelfOf(midtown.name));
  expect(within(main).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: words.add }));
  await user.click(screen.getByRole('button', { name: words.form.save }));
  expect(await screen.findByText(words.form.codeRequired)).toBeInTheDocument();
  await user.type(screen.getByLabelText(words.form.code), 'main');
  await user.type(screen.getByLabelText(words.form.name), 'Another');
  await user.selectOptions(screen.getByLabelText(words.form.kind), 'shelf');
  await user.selectOptions(screen.getByLabelText(words.form.centre), berlin._id);
  await user.click(screen.getByRole('button', { name: words.form.save }));
  expect(
    await screen.findByText('The code MAIN is taken by another place: choose another.'),
  ).toBeInTheDocument();
  expect(sent[0]).toEqual({
    method: 'POST',
    url: '/api/stock-places',
    body: { code: 'MAIN', name: 'Another', centreId: berlin._id },
  });
});

it('sets the days to each centre, empty for the default; no field for a shelf’s own centre', async () => {
  const sent = placesApi();
  const user = userEvent.setup();
  renderPage();
  const shelf = await screen.findByRole('listitem', { name: /Midtown shelf/ });
  await user.click(within(shelf).getByRole('button', { name: /Lead times/ }));
  expect(screen.getByText(words.lead.ownShelf)).toBeInTheDocument();
  expect(screen.queryByLabelText(words.lead.daysOf(midtown.name))).not.toBeInTheDocument();
  const toBerlin = screen.getByLabelText(words.lead.daysOf(berlin.name));
  expect(toBerlin).toHaveValue('');
  await user.type(toBerlin, '61');
  await user.click(screen.getByRole('button', { name: words.lead.save }));
  expect(await screen.findByText(words.lead.wholeDays)).toBeInTheDocument();
  expect(sent).toEqual([]);
  await user.clear(toBerlin);
  await user.type(toBerlin, '3');
  await user.click(screen.getByRole('button', { name: words.lead.save }));
  expect(await screen.findByText(words.lead.saved('Midtown shelf'))).toBeInTheDocument();
  expect(sent).toEqual([
    {
      method: 'PUT',
      url: '/api/stock-places/SHELF-MIDTOWN/lead-times',
      body: { leadTimes: [{ centreId: berlin._id, days: 3 }] },
    },
  ]);
});

it('brings products from another place', async () => {
  const sent = placesApi();
  const user = userEvent.setup();
  renderPage();
  const shelf = await screen.findByRole('listitem', { name: /Midtown shelf/ });
  await user.click(within(shelf).getByRole('button', { name: /Products/ }));
  expect(await screen.findByText(words.stock.none)).toBeInTheDocument();
  const move = screen.getByRole('button', { name: words.stock.move(0) });
  expect(move).toBeDisabled();
  await user.click(await screen.findByRole('checkbox', { name: words.stock.choose(tyre.name) }));
  await user.click(screen.getByRole('button', { name: words.stock.move(1) }));
  expect(await screen.findByText(words.stock.moved(1, 'Midtown shelf'))).toBeInTheDocument();
  expect(sent).toEqual([
    {
      method: 'PUT',
      url: '/api/stock-places/SHELF-MIDTOWN/products',
      body: { productIds: [tyre._id] },
    },
  ]);
});
