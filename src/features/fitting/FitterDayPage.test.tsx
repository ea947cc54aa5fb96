import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { FitterAppointment, FitterDay } from '@contract/appointments';
import type { FittingCentre } from '@contract/fittingCentres';
import { renderRoutes, signedInAuth } from '../../test/render';
import { server } from '../../test/server';
import { withToasts } from '../../test/toasts';
import { fitterCopy } from './fitterCopy';
import { FitterDayPage } from './FitterDayPage';
import { addDays } from './fitterDays';

const centre: FittingCentre = {
  _id: '00000000-0000-4000-8000-000000000001',
  code: 'NYC-MIDTOWN',
  name: 'Tyre Store Midtown',
  kind: 'own',
  street: '350 W 31st St',
  city: 'New York, NY',
  postcode: '10001',
  country: 'US',
  timeZone: 'America/New_York',
  hours: [null, null, null, null, null, null, null],
  closedDays: [],
  bays: 2,
  capabilities: { maxRim: 22, runFlat: true, tpms: true, highPerformance: true },
  mobile: null,
  active: true,
  latitude: 40.75,
  longitude: -73.99,
};

const appointment = (over: Partial<FitterAppointment>): FitterAppointment => ({
  _id: '00000000-0000-4000-8000-0000000000a1',
  centre,
  startsAt: '2026-12-01T15:00:00.000Z',
  endsAt: '2026-12-01T16:00:00.000Z',
  bay: 1,
  job: 'four',
  tpms: false,
  car: 'BMW 3 Series',
  status: 'booked',
  checkoutId: null,
  tyresReadyAt: '2026-11-30T05:00:00.000Z',
  tyresArrived: true,
  paid: true,
  changeableUntil: '2026-11-30T15:00:00.000Z',
  customer: 'Maria K.',
  phone: '555 0102',
  tyres: [{ name: 'Pilot Sport 5 225/40 R19', quantity: 4 }],
  ...over,
});

/** The centre's days as the API answers them: two from `from` (today unless asked). */
function dayApi(day: Omit<FitterDay, 'days'>) {
  const marks: unknown[] = [];
  const asked: Array<string | null> = [];
  server.use(
    http.get('/api/fitting-centres/mine', () => HttpResponse.json([centre])),
    http.get(`/api/fitting-centres/${centre._id}/day`, ({ request }) => {
      const from = new URL(request.url).searchParams.get('from');
      asked.push(from);
      const first = from ?? day.today;
      return HttpResponse.json({ ...day, days: [first, addDays(first, 1)] });
    }),
    http.post('/api/appointments/:id/status', async ({ request, params }) => {
      const body = (await request.json()) as { status: FitterAppointment['status'] };
      marks.push({ id: params.id, ...body });
      day.appointments = day.appointments.map((a) =>
        a._id === params.id ? { ...a, status: body.status } : a,
      );
      return HttpResponse.json(day.appointments.find((a) => a._id === params.id));
    }),
  );
  return { marks, asked };
}

beforeEach(() => localStorage.setItem('accessToken', 'admin-token'));
afterEach(() => localStorage.clear());

it("lists today's and tomorrow's fittings in time order and marks one fitted", async () => {
  const { marks } = dayApi({
    centre,
    today: '2026-12-01',
    appointments: [
      appointment({}),
      appointment({
        _id: '00000000-0000-4000-8000-0000000000a2',
        startsAt: '2026-12-02T14:00:00.000Z',
        endsAt: '2026-12-02T14:30:00.000Z',
        job: 'pair',
        car: '',
        tyresArrived: false,
        tyresReadyAt: '2026-12-02T05:00:00.000Z',
        paid: false,
      }),
    ],
  });
  renderRoutes(
    withToasts([{ path: '*', element: <FitterDayPage /> }]),
    `/dashboard/fitting/day?centre=${centre._id}`,
    {
      auth: signedInAuth({
        user: { email: 'admin@store.test', displayName: 'Admin' },
        admin: true,
      }),
    },
  );
  const today = await screen.findByRole('region', { name: fitterCopy.today });
  const first = within(today).getByRole('listitem');
  expect(first).toHaveTextContent('10:00–11:00');
  expect(first).toHaveTextContent('BMW 3 Series');
  expect(first).toHaveTextContent('4 × Pilot Sport 5 225/40 R19');
  expect(first).toHaveTextContent(fitterCopy.tyresArrived);

  const tomorrow = screen.getByRole('region', { name: fitterCopy.tomorrow });
  const second = within(tomorrow).getByRole('listitem');
  expect(second).toHaveTextContent(fitterCopy.noCar);
  expect(second).toHaveTextContent(fitterCopy.unpaid);
  expect(within(second).getByRole('button', { name: fitterCopy.fitted })).toBeDisabled();

  await userEvent.click(within(first).getByRole('button', { name: fitterCopy.fitted }));
  expect(await screen.findByText(fitterCopy.marked(fitterCopy.fitted))).toBeInTheDocument();
  expect(marks).toEqual([{ id: '00000000-0000-4000-8000-0000000000a1', status: 'fitted' }]);
  expect(await within(today).findByText(fitterCopy.status.fitted!)).toBeInTheDocument();
});

it("opens a fitter's only centre at once, and says so when they run none", async () => {
  dayApi({ centre, today: '2026-12-01', appointments: [appointment({})] });
  const fitter = signedInAuth({
    user: { email: 'fitter@store.test', displayName: 'Fitter' },
    admin: true,
    permissions: ['fitting.run'],
  });
  const first = renderRoutes(
    withToasts([{ path: '*', element: <FitterDayPage /> }]),
    '/dashboard/fitting/day',
    { auth: fitter },
  );
  const today = await screen.findByRole('region', { name: fitterCopy.today });
  expect(within(today).getByRole('listitem')).toHaveTextContent('BMW 3 Series');
  first.unmount();

  server.use(http.get('/api/fitting-centres/mine', () => HttpResponse.json([])));
  renderRoutes(withToasts([{ path: '*', element: <FitterDayPage /> }]), '/dashboard/fitting/day', {
    auth: fitter,
  });
  expect(await screen.findByText(fitterCopy.noCentres)).toBeInTheDocument();
});

it('steps a day at a time to the days after tomorrow, and back to today and tomorrow', async () => {
  const later = appointment({
    _id: '00000000-0000-4000-8000-0000000000a3',
    startsAt: '2026-12-03T19:00:00.000Z',
    endsAt: '2026-12-03T20:00:00.000Z',
    car: 'Audi A4',
  });
  const { asked } = dayApi({ centre, today: '2026-12-01', appointments: [later] });
  renderRoutes(
    withToasts([{ path: '*', element: <FitterDayPage /> }]),
    `/dashboard/fitting/day?centre=${centre._id}`,
    {
      auth: signedInAuth({
        user: { email: 'admin@store.test', displayName: 'Admin' },
        admin: true,
      }),
    },
  );
  expect(await screen.findByRole('region', { name: fitterCopy.today })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: fitterCopy.backToToday })).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: new RegExp(fitterCopy.later) }));
  const third = await screen.findByRole('region', { name: 'Thursday 3 December' });
  expect(screen.getByRole('region', { name: fitterCopy.tomorrow })).toBeInTheDocument();
  expect(within(third).getByRole('listitem')).toHaveTextContent('14:00–15:00');
  expect(within(third).getByRole('listitem')).toHaveTextContent('Audi A4');
  expect(asked).toContain('2026-12-02');

  await userEvent.click(screen.getByRole('button', { name: fitterCopy.backToToday }));
  expect(await screen.findByRole('region', { name: fitterCopy.today })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Thursday 3 December' })).not.toBeInTheDocument();
});
