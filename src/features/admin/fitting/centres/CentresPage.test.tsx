import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { FittingCentre, FittingCentreBody } from '@contract/fittingCentres';
import { apiError } from '../../../../test/apiHandlers';
import { renderRoutes, signedInAuth } from '../../../../test/render';
import { server } from '../../../../test/server';
import { withToasts } from '../../../../test/toasts';
import { CentresPage } from './CentresPage';

const midtown: FittingCentre = {
  _id: '0b6f8f3e-2c1a-4b5e-9f00-000000000001',
  code: 'NYC-MIDTOWN',
  name: 'Midtown Tyre Centre',
  kind: 'own',
  street: '350 W 31st St',
  city: 'New York',
  postcode: '10001',
  country: 'US',
  timeZone: 'America/New_York',
  hours: [null, ...Array.from({ length: 6 }, () => ({ opens: '08:00', closes: '18:00' }))],
  closedDays: ['2026-12-25'],
  bays: 4,
  capabilities: { maxRim: 22, runFlat: true, tpms: true, highPerformance: true },
  mobile: { postcodes: [], radiusKm: 15 },
  active: true,
  latitude: 40.75,
  longitude: -73.99,
};

function centresApi() {
  const sent: Array<{ method: string; body: FittingCentreBody }> = [];
  server.use(
    http.get('/api/fitting-centres/all', () => HttpResponse.json([midtown])),
    http.post('/api/fitting-centres', async ({ request }) => {
      const body = (await request.json()) as FittingCentreBody;
      sent.push({ method: 'POST', body });
      if (body.postcode === '00000') {
        return apiError(400, 'The store does not know the US postcode 00000.', 'postcode');
      }
      return HttpResponse.json({ ...midtown, ...body, _id: 'new' }, { status: 201 });
    }),
    http.put('/api/fitting-centres/:id', async ({ request }) => {
      const body = (await request.json()) as FittingCentreBody;
      sent.push({ method: 'PUT', body });
      return HttpResponse.json({ ...midtown, ...body });
    }),
  );
  return sent;
}

function renderPage() {
  return renderRoutes(
    withToasts([{ path: '*', element: <CentresPage /> }]),
    '/dashboard/fitting/centres',
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

it('lists the centres and changes one’s hours, closed days and bays', async () => {
  const sent = centresApi();
  const user = userEvent.setup();
  renderPage();
  const card = within(await screen.findByRole('listitem'));
  expect(card.getByText(/4 bays · rims to 22″ · run-flat · TPMS/)).toBeInTheDocument();
  await user.click(card.getByRole('button', { name: /Edit/ }));

  const sunday = within(screen.getByRole('group', { name: 'Sunday' }));
  await user.click(sunday.getByRole('checkbox', { name: 'Open' }));
  const saturday = within(screen.getByRole('group', { name: 'Saturday' }));
  const closes = saturday.getByLabelText('Saturday: Closes');
  await user.clear(closes);
  await user.type(closes, '07:00');
  await user.click(screen.getByRole('button', { name: 'Save centre' }));
  expect(await screen.findByText('Closing time must be after opening time')).toBeInTheDocument();
  expect(sent).toHaveLength(0);

  await user.clear(closes);
  await user.type(closes, '14:00');
  const closed = screen.getByLabelText('Closed days');
  await user.type(closed, '{Enter}2026-12-24');
  const bays = screen.getByLabelText('Bays');
  await user.clear(bays);
  await user.type(bays, '5');
  await user.click(screen.getByRole('button', { name: 'Save centre' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]!.method).toBe('PUT');
  expect(sent[0]!.body).toMatchObject({
    code: 'NYC-MIDTOWN',
    bays: 5,
    closedDays: ['2026-12-24', '2026-12-25'],
    mobile: { postcodes: [], radiusKm: 15 },
  });
  expect(sent[0]!.body.hours[0]).toEqual({ opens: '09:00', closes: '17:00' });
  expect(sent[0]!.body.hours[6]).toEqual({ opens: '08:00', closes: '14:00' });
  expect(await screen.findByText('Midtown Tyre Centre was saved.')).toBeInTheDocument();
});

it('adds a centre, and shows the API’s refusal under its field', async () => {
  const sent = centresApi();
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'Add a centre' }));
  await user.type(screen.getByLabelText('Name'), 'Harlem Partner');
  await user.type(screen.getByLabelText('Code'), 'NYC-HARLEM');
  await user.type(screen.getByLabelText('Street'), '2300 Frederick Douglass Blvd');
  await user.type(screen.getByLabelText('City'), 'New York');
  await user.type(screen.getByLabelText('Postcode or ZIP'), '00000');
  await user.click(screen.getByRole('button', { name: 'Save centre' }));
  expect(
    await screen.findByText('The store does not know the US postcode 00000.'),
  ).toBeInTheDocument();
  const postcode = screen.getByLabelText('Postcode or ZIP');
  await user.clear(postcode);
  await user.type(postcode, '10027');
  await user.click(screen.getByRole('button', { name: 'Save centre' }));
  await waitFor(() => expect(sent).toHaveLength(2));
  expect(sent[1]!.body).toMatchObject({
    name: 'Harlem Partner',
    timeZone: 'America/New_York',
    hours: [
      null,
      { opens: '08:00', closes: '18:00' },
      expect.anything(),
      expect.anything(),
      expect.anything(),
      expect.anything(),
      { opens: '09:00', closes: '14:00' },
    ],
    mobile: null,
    active: true,
  });
  expect(await screen.findByText('Harlem Partner was added.')).toBeInTheDocument();
});
