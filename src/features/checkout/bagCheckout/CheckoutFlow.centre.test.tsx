import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Slots } from '@contract/appointments';
import type { FittingCentre, NearCentres } from '@contract/fittingCentres';
import { modelBag, placedCheckout } from '../../../test/machines/bagCheckout.model';
import { apiRefusal } from '../../../test/pendingResponses';
import { renderPage, signedInAuth } from '../../../test/render';
import { server } from '../../../test/server';
import { localGateway } from '../payment/gateway';
import { CheckoutFlow } from './CheckoutFlow';

const centre = (code: string, name: string, maxRim: number): FittingCentre => ({
  _id: `0b6f8f3e-2c1a-4b5e-9f00-0000000000${String(code.length).padStart(2, '0')}`,
  code,
  name,
  kind: 'own',
  street: '350 W 31st St',
  city: 'New York',
  postcode: '10001',
  country: 'US',
  timeZone: 'America/New_York',
  hours: Array.from({ length: 7 }, () => ({ opens: '08:00', closes: '18:00' })),
  closedDays: [],
  bays: 2,
  capabilities: { maxRim, runFlat: true, tpms: true, highPerformance: true },
  mobile: null,
  active: true,
  latitude: 40.75,
  longitude: -73.99,
});
const midtown = centre('NYC-MIDTOWN', 'Midtown Tyre Centre', 22);
const brooklyn = centre('NYC-BK', 'Brooklyn Wheels', 18);

const near: NearCentres = {
  offered: [{ centre: midtown, distanceKm: 1.2, mobile: false }],
  leftOut: [
    {
      centre: brooklyn,
      distanceKm: 6.4,
      reasons: ['It fits rims up to 18 inches; these tyres are for 19-inch rims.'],
    },
  ],
  needs: { rim: 19, runFlat: true, tpms: false, highPerformance: false },
};

const slot = (time: string) => ({
  startsAt: `2026-12-03T${String(Number(time.slice(0, 2)) + 5).padStart(2, '0')}:${time.slice(3)}:00.000Z`,
  endsAt: '2026-12-03T23:00:00.000Z',
  time,
});
const slotsWith = (...times: string[]): Slots => ({
  centreId: midtown._id,
  timeZone: 'America/New_York',
  minutes: 60,
  earliest: '2026-12-03T05:00:00.000Z',
  days: [
    { date: '2026-12-02', free: 0, why: 'Your tyres cannot be at this centre yet on this day.' },
    { date: '2026-12-03', free: times.length, why: null },
    { date: '2026-12-04', free: 1, why: null },
  ],
  day: { date: '2026-12-03', slots: times.map(slot) },
});
/** Another day's times, as asked when the shopper chooses that day. */
const dayAfter = (answer: Slots): Slots => ({
  ...answer,
  day: {
    date: '2026-12-04',
    slots: [
      { startsAt: '2026-12-04T14:00:00.000Z', endsAt: '2026-12-04T15:00:00.000Z', time: '09:00' },
    ],
  },
});

describe('checkout of the bag: fitting at a centre, at a time', () => {
  it('finds the centres that can fit the tyres, offers the free times, and keeps everything when the time is taken meanwhile', async () => {
    const placed: unknown[] = [];
    const nearAsked: URL[] = [];
    let taken = false;
    server.use(
      http.get('/api/bag', () => HttpResponse.json(modelBag)),
      http.get('/api/profile', () => HttpResponse.json({ message: 'No profile' }, { status: 404 })),
      http.get('/api/order', () => HttpResponse.json([])),
      http.get('/api/fitting-centres/near', ({ request }) => {
        nearAsked.push(new URL(request.url));
        return HttpResponse.json(near);
      }),
      http.get('/api/fitting-centres/:id/slots', ({ request }) => {
        const answer = taken ? slotsWith('11:00') : slotsWith('10:00', '11:00');
        const day = new URL(request.url).searchParams.get('day');
        return HttpResponse.json(day === '2026-12-04' ? dayAfter(answer) : answer);
      }),
      http.post('/api/checkout', async ({ request }) => {
        placed.push(await request.json());
        if (placed.length === 1) {
          taken = true;
          return apiRefusal(
            409,
            'Someone has just booked that time, or it is no longer offered. Choose another time: the list is up to date now.',
            'startsAt',
          );
        }
        return HttpResponse.json(placedCheckout, { status: 201 });
      }),
      http.post('/api/create-Payment-Intent', () =>
        HttpResponse.json({ clientSecret: 'pi_x_secret_y' }),
      ),
    );
    const user = userEvent.setup();
    renderPage(<CheckoutFlow checkoutId={null} gateway={localGateway} />, '/checkout', {
      auth: signedInAuth(),
    });
    // The account's name arrives first.
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Demo Shopper'));
    await user.type(screen.getByLabelText('Address'), '12 Foundry Lane');
    await user.type(screen.getByLabelText('Phone Number'), '0113 496 0000');
    await user.click(
      screen.getByRole('radio', { name: 'Fitting at a centre near you, at a time you choose' }),
    );

    // Enter in the postcode finds the centres; it does not place the order.
    await user.type(await screen.findByLabelText('Your postcode or ZIP'), '10003{Enter}');
    const centres = within(await screen.findByRole('group', { name: 'Fitting centre' }));
    expect(nearAsked[0]!.searchParams.get('products')).toContain(modelBag.items[0]!.productId);
    expect(centres.getByText(/19-inch rims, run-flat/)).toBeInTheDocument();
    expect(centres.queryByRole('radio', { name: /Brooklyn/ })).not.toBeInTheDocument();
    expect(
      centres.getByText('It fits rims up to 18 inches; these tyres are for 19-inch rims.'),
    ).toBeInTheDocument();
    expect(placed).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Choose a fitting centre')).toBeInTheDocument();
    await user.click(centres.getByRole('radio', { name: /Midtown Tyre Centre/ }));
    const times = within(await screen.findByRole('group', { name: 'Time' }));
    expect(times.getByText('Your tyres cannot be at this centre yet on this day.')).toBeVisible();
    // Another day's times are asked when it is chosen.
    await user.click(await times.findByRole('radio', { name: /4 Dec/ }));
    expect(await times.findByRole('radio', { name: '09:00' })).toBeInTheDocument();
    expect(times.queryByRole('radio', { name: '10:00' })).not.toBeInTheDocument();
    await user.click(times.getByRole('radio', { name: /3 Dec/ }));
    await user.click(await times.findByRole('radio', { name: '10:00' }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    await waitFor(() => expect(placed).toHaveLength(1));
    expect(placed[0]).toMatchObject({
      name: 'Demo Shopper',
      fitting: null,
      appointment: { centreId: midtown._id, startsAt: slot('10:00').startsAt, job: 'four' },
    });
    // Taken meanwhile: said in words, the list read again, the time let go, the rest kept.
    expect(await screen.findByText(/Someone has just booked that time/)).toBeInTheDocument();
    expect(
      await screen.findByText('The time you had chosen is no longer free: choose another.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: '10:00' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Demo Shopper');
    expect(screen.getByLabelText('Your postcode or ZIP')).toHaveValue('10003');
    expect(screen.getByRole('radio', { name: /Midtown Tyre Centre/ })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: '11:00' }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(placed).toHaveLength(2));
    expect(placed[1]).toMatchObject({ appointment: { startsAt: slot('11:00').startsAt } });
  });
});
