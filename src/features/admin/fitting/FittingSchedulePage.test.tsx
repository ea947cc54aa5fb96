import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { FITTING_PLACES_MAX } from '@contract/fitting';
import { fittingCopy } from './fittingCopy';
import { apiError } from '../../../test/apiHandlers';
import { renderRoutes, signedInAuth } from '../../../test/render';
import { server } from '../../../test/server';
import { withToasts } from '../../../test/toasts';
import { FittingSchedulePage } from './FittingSchedulePage';

function renderPage() {
  return renderRoutes(
    withToasts([{ path: '*', element: <FittingSchedulePage /> }]),
    '/dashboard/fitting',
    {
      auth: signedInAuth({
        user: { email: 'admin@store.test', displayName: 'Admin' },
        admin: true,
      }),
    },
  );
}

/** The schedule API with its week, Sunday first, recording what was saved. */
function scheduleApi(places: number[]) {
  const saved: unknown[] = [];
  server.use(
    http.get('/api/fitting-schedule', () => HttpResponse.json({ places })),
    http.put('/api/fitting-schedule', async ({ request }) => {
      const body = (await request.json()) as { places: number[] };
      saved.push(body);
      places = body.places;
      return HttpResponse.json(body);
    }),
  );
  return saved;
}

const field = (day: string) => screen.findByLabelText(fittingCopy.places(day));

beforeEach(() => localStorage.setItem('accessToken', 'admin-token'));
afterEach(() => localStorage.clear());

it('shows the week Monday first and saves it Sunday first', async () => {
  const saved = scheduleApi([0, 8, 8, 8, 8, 8, 4]);
  renderPage();
  const labels = (await screen.findAllByLabelText(/: fittings$/)).map((input) =>
    input.getAttribute('name'),
  );
  expect(labels).toEqual([
    'places.1',
    'places.2',
    'places.3',
    'places.4',
    'places.5',
    'places.6',
    'places.0',
  ]);
  expect(await field('Saturday')).toHaveValue('4');
  expect(screen.getByText(/44 fittings a week/)).toBeInTheDocument();

  await userEvent.clear(await field('Sunday'));
  await userEvent.type(await field('Sunday'), '2');
  await userEvent.clear(await field('Monday'));
  await userEvent.type(await field('Monday'), '0');
  await userEvent.click(screen.getByRole('button', { name: fittingCopy.save }));
  expect(await screen.findByText(fittingCopy.saved)).toBeInTheDocument();
  expect(saved).toEqual([{ places: [2, 0, 8, 8, 8, 8, 4] }]);
});

it('says what is wrong with a day before sending anything', async () => {
  const saved = scheduleApi([0, 8, 8, 8, 8, 8, 4]);
  renderPage();
  await userEvent.clear(await field('Tuesday'));
  await userEvent.type(await field('Tuesday'), '2.5');
  await userEvent.clear(await field('Friday'));
  await userEvent.type(await field('Friday'), '999');
  await userEvent.click(screen.getByRole('button', { name: fittingCopy.save }));
  expect(await screen.findByText(fittingCopy.wholeNumber)).toBeInTheDocument();
  expect(screen.getByText(fittingCopy.tooMany(FITTING_PLACES_MAX))).toBeInTheDocument();
  expect(await field('Tuesday')).toHaveAttribute('aria-invalid', 'true');
  expect(saved).toEqual([]);
});

it("shows the API's refusal in its words", async () => {
  scheduleApi([0, 8, 8, 8, 8, 8, 4]);
  server.use(http.put('/api/fitting-schedule', () => apiError(403, 'Only an admin can do this.')));
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: fittingCopy.save }));
  await waitFor(() => expect(screen.getByText('Only an admin can do this.')).toBeInTheDocument());
});
