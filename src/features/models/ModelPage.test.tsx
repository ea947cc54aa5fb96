import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ModelReview } from '@contract/reviews';
import { golf, review, tyre } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { server } from '../../test/server';
import { roadGrip, wideSize } from './modelFixtures';
import { ModelPage } from './ModelPage';

/** A review of the other size than the one chosen, with the car and the distance driven. */
const modelReviews: ModelReview[] = [
  {
    ...review,
    size: { _id: wideSize._id, name: wideSize.name },
    car: { make: 'VW', model: 'Golf', year: 2016 },
    distanceKm: 32187,
    createdAt: '2026-11-20T10:00:00.000Z',
  },
  ...Array.from({ length: 5 }, (_, at) => ({
    ...review,
    _id: `7d6f8f3e-2c1a-4b5e-9f00-00000000020${at}`,
    name: `Driver ${at}`,
    size: { _id: tyre._id, name: tyre.name },
    car: null,
    distanceKm: null,
    createdAt: '2026-11-19T10:00:00.000Z',
  })),
];
const olderReview: ModelReview = {
  ...modelReviews[1]!,
  _id: `${review._id.slice(0, -3)}999`,
  name: 'Seventh',
};
/** The offsets of the pages of reviews asked for. */
let asked: number[] = [];

function renderModel(search = '', id = roadGrip._id) {
  server.use(
    http.get('/api/models/:id', ({ params }) =>
      params.id === roadGrip._id
        ? HttpResponse.json(roadGrip)
        : HttpResponse.json({ statusCode: 404, message: 'No such model.' }, { status: 404 }),
    ),
    http.get('/api/models/:id/reviews', ({ request }) => {
      const offset = Number(new URL(request.url).searchParams.get('offset'));
      asked.push(offset);
      return HttpResponse.json(offset === 0 ? modelReviews : [olderReview], {
        headers: { 'x-total-count': '7', 'x-average-rating': '4.25' },
      });
    }),
  );
  return renderRoutes([{ path: '/model/:id', element: <ModelPage /> }], `/model/${id}${search}`);
}

const chosenSize = () => screen.getByRole('region', { name: /^(205|225)\// });

describe('a tyre model page', () => {
  afterEach(() => localStorage.clear());

  it('shows the model, its sizes with price, stock and label classes, the first size chosen', async () => {
    renderModel();
    expect(await screen.findByRole('heading', { level: 1, name: 'RoadGrip Summer' })).toBeVisible();
    expect(screen.getByText('Summer · Tyre · 2 sizes on sale')).toBeVisible();
    const table = screen.getByRole('table', { name: 'Sizes, prices and EU label classes' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '205/55 R16 91V$89.99240BA70 dB (B)✓ Chosen',
      '225/45 R17 94Y$119.5012CB72 dB (B)Choose',
    ]);
    expect(within(chosenSize()).getByRole('heading', { name: '205/55 R16 91V' })).toBeVisible();
    expect(within(chosenSize()).getByText('In stock: 240')).toBeVisible();
  });

  it('chooses the size the address names, and another when the shopper picks it', async () => {
    const user = userEvent.setup();
    const { router } = renderModel(`?size=${wideSize._id}`);
    expect(await screen.findByRole('heading', { name: '225/45 R17 94Y' })).toBeVisible();
    expect(within(chosenSize()).getByText('$119.50')).toBeVisible();

    await user.click(screen.getByRole('link', { name: 'Choose 205/55 R16 91V' }));
    expect(await screen.findByRole('heading', { name: '205/55 R16 91V' })).toBeVisible();
    expect(router.state.location.search).toBe(`?size=${tyre._id}`);
    expect(screen.getByRole('link', { name: 'Chosen: 205/55 R16 91V' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it("chooses the size of the shopper's car when the address names none", async () => {
    localStorage.setItem('myCar', `vehicle=${golf._id}&year=2016`);
    server.use(
      http.get('/api/vehicles/:id', () =>
        HttpResponse.json({ ...golf, front: { width: 225, aspect: 45, rim: 17 } }),
      ),
    );
    renderModel();
    expect(await screen.findByRole('heading', { name: '225/45 R17 94Y' })).toBeVisible();
    expect(screen.getByText('Chosen for your car')).toBeVisible();
  });

  it('steps through the pictures in the admin order and zooms the enlarged one', async () => {
    const user = userEvent.setup();
    renderModel();
    const gallery = await screen.findByRole('group', { name: 'Pictures' });
    const second = within(gallery).getByRole('button', { name: 'Picture 2 of 2: The sidewall' });
    await user.click(second);
    expect(second).toHaveAttribute('aria-current', 'true');
    await user.click(
      within(gallery).getByRole('button', { name: 'Enlarge the picture: The sidewall' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Picture 2 of 2' });
    await user.click(within(dialog).getByRole('button', { name: 'Next picture' }));
    expect(within(dialog).getByRole('heading', { name: 'Picture 1 of 2' })).toBeVisible();
    expect(within(dialog).getByRole('img', { name: 'The tread from the front' })).toBeVisible();
    const zoom = within(dialog).getByRole('button', { name: 'Zoom in' });
    await user.click(zoom);
    expect(zoom).toHaveAttribute('aria-pressed', 'true');
  });

  it('lists the reviews of every size together, each with its size, car and distance, a page at a time', async () => {
    const user = userEvent.setup();
    asked = [];
    renderModel();
    const reviews = await screen.findByRole('region', { name: 'Reviews' });
    expect(
      await within(reviews).findByText(
        'Drivers rate this model 4.3 out of 5 (7 reviews of all its sizes).',
      ),
    ).toBeVisible();
    // The chosen size is 205/55; the first review is of 225/45, in miles for the US market.
    const first = within(reviews).getByRole('article', { name: review.name });
    expect(within(first).getByText('225/45 R17 94Y')).toBeVisible();
    expect(within(first).getByText('VW Golf (2016)')).toBeVisible();
    expect(within(first).getByText('20,000 miles')).toBeVisible();
    expect(within(reviews).getByText('Showing 1–6 of 7 reviews')).toBeVisible();
    expect(
      within(reviews).getByRole('link', { name: 'Write a review of 205/55 R16 91V' }),
    ).toHaveAttribute('href', `/dashboard/myreview?product=${tyre._id}`);

    await user.click(within(reviews).getByRole('link', { name: /next/i }));
    expect(await within(reviews).findByText('Seventh')).toBeVisible();
    expect(asked).toEqual([0, 6]);
  });

  it('says so when the model is not in the store', async () => {
    renderModel('', '9a9a9a9a-0000-4000-8000-00000000ffff');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This tyre model is not in the store',
    );
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull());
  });
});
