import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { copy } from '@contract/copy';
import { api } from '../../store/api';
import { REVIEW_POSTING_LIMITS, reviewLimitMessage, TEXT_MAX } from '@contract/limits';
import { IMAGE_TYPE_MESSAGE, MAX_IMAGE_BYTES } from '@contract/imageLimits';
import { IMAGE_SIZE_MESSAGE } from '../../shared/pictures/imageUpload';
import { apiError, configHandler, uploadHandler } from '../../test/apiHandlers';
import { pngFile, testFile } from '../../test/files';
import { renderRoutes, signedInAuth } from '../../test/render';
import { server } from '../../test/server';
import { withToasts } from '../../test/toasts';
import { golf, tyre } from '../../test/fixtures';
import { carWhole } from './reviewSchema';
import { AddReviewPage } from './AddReviewPage';

const user = { email: 'shopper@store.test', displayName: 'Demo Shopper' };

function renderForm(search = '') {
  const routes = withToasts([
    { path: '/dashboard/myreview', element: <AddReviewPage /> },
    { path: '/dashboard', element: <h1>Dashboard home</h1> },
  ]);
  return renderRoutes(routes, `/dashboard/myreview${search}`, { auth: signedInAuth({ user }) });
}

const field = (label: string) => screen.getByLabelText(label);
const submit = () => screen.getByRole('button', { name: 'Add Review' });

beforeEach(() => {
  localStorage.setItem('accessToken', 'app-token');
  server.use(configHandler());
});
afterEach(() => localStorage.clear());

describe('Add Review', () => {
  it('is titled as the spec says and starts with the signed-in name', async () => {
    renderForm();
    expect(screen.getByRole('heading', { level: 1, name: copy.review.title })).toBeInTheDocument();
    expect(document.title).toBe(`${copy.review.title} | Tyre & Auto Parts Store`);
    expect(field('Your Name')).toHaveValue('Demo Shopper');
    expect(field('Ratings')).toHaveAttribute('type', 'number');
  });

  it('shows every required message in red under its own field, and focuses the first', async () => {
    renderForm();
    await userEvent.clear(field('Your Name'));
    await userEvent.click(submit());

    expect(await screen.findByText(copy.review.nameRequired)).toBeInTheDocument();
    expect(field('Your Name')).toHaveAccessibleDescription(copy.review.nameRequired);
    expect(field('Description')).toHaveAccessibleDescription(copy.review.descriptionRequired);
    expect(field('Ratings')).toHaveAccessibleDescription(
      expect.stringContaining(copy.review.ratingsRequired),
    );
    expect(field('Address')).toHaveAccessibleDescription(
      expect.stringContaining(copy.review.addressRequired),
    );
    expect(field('Image')).toHaveAccessibleDescription(
      expect.stringContaining(copy.review.imageRequired),
    );
    for (const label of ['Your Name', 'Description', 'Ratings', 'Address', 'Image']) {
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(field('Your Name')).toHaveFocus();
  });

  it('counts blank text as missing', async () => {
    renderForm();
    await userEvent.type(field('Description'), '    ');
    await userEvent.tab();
    expect(await screen.findByText(copy.review.descriptionRequired)).toBeInTheDocument();
  });

  it.each([
    ['0', 'Ratings must be 1 or more.'],
    ['6', 'Ratings can be at most 5.'],
    ['2.5', 'Ratings must be a whole number.'],
    ['-3', 'Ratings must be 1 or more.'],
  ])('refuses Ratings %s', async (typed, message) => {
    renderForm();
    await userEvent.type(field('Ratings'), typed);
    await userEvent.tab();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field('Ratings')).toHaveAttribute('aria-invalid', 'true');
  });

  it.each(['1', '5'])('takes Ratings %s', async (typed) => {
    renderForm();
    await userEvent.type(field('Ratings'), typed);
    await userEvent.tab();
    expect(field('Ratings')).not.toHaveAttribute('aria-invalid');
  });

  it('checks the picture’s type and size as soon as it is chosen, and previews a good one', async () => {
    const events = userEvent.setup({ applyAccept: false });
    renderForm();
    await events.upload(field('Image'), testFile('notes.pdf', 'application/pdf'));
    expect(await screen.findByText(IMAGE_TYPE_MESSAGE)).toBeInTheDocument();
    await events.upload(field('Image'), pngFile('huge.png', MAX_IMAGE_BYTES + 1));
    expect(await screen.findByText(IMAGE_SIZE_MESSAGE)).toBeInTheDocument();
    await events.upload(field('Image'), pngFile('me.png'));
    await waitFor(() => expect(field('Image')).not.toHaveAttribute('aria-invalid'));
    expect(screen.getByRole('img', { name: 'Preview of me.png' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
  });

  it('uploads the picture, saves the review, thanks, goes to /dashboard and refreshes the reviews', async () => {
    const upload = uploadHandler('/api/images/r1');
    let saved: unknown = null;
    let reviewLoads = 0;
    server.use(
      upload.handler,
      http.get('/api/review', () => {
        reviewLoads += 1;
        return HttpResponse.json([]);
      }),
      http.post('/api/review', async ({ request }) => {
        saved = { auth: request.headers.get('authorization'), body: await request.json() };
        return HttpResponse.json(
          { _id: 'x', ...(saved as { body: object }).body },
          { status: 201 },
        );
      }),
    );
    const { router, store } = renderForm();
    // The landing page and /review have the list cached.
    const reviews = store.dispatch(api.endpoints.getReviews.initiate({ limit: 3, offset: 0 }));
    await waitFor(() => expect(reviewLoads).toBe(1));

    await userEvent.clear(field('Your Name'));
    await userEvent.type(field('Your Name'), '  Maria K. ');
    await userEvent.type(field('Description'), 'Fitted in a day.');
    await userEvent.type(field('Ratings'), '4');
    await userEvent.type(field('Address'), 'Krakow');
    await userEvent.upload(field('Image'), pngFile('maria.png'));
    await userEvent.click(submit());

    expect(await screen.findByText(copy.review.thanks)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(upload.seen).toEqual({ uploads: 1, names: ['maria.png'] });
    expect(saved).toEqual({
      auth: 'Bearer app-token',
      body: {
        name: 'Maria K.',
        description: 'Fitted in a day.',
        Ratings: 4,
        address: 'Krakow',
        img: '/api/images/r1',
      },
    });
    await waitFor(() => expect(reviewLoads).toBe(2));
    reviews.unsubscribe();
  });

  it('keeps everything typed when the upload fails, says so, and saves nothing', async () => {
    let posts = 0;
    server.use(
      http.post('/api/images', () => HttpResponse.error()),
      http.post('/api/review', () => {
        posts += 1;
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const { router } = renderForm();
    await userEvent.type(field('Description'), 'Great tyres.');
    await userEvent.type(field('Ratings'), '5');
    await userEvent.type(field('Address'), 'Gdansk');
    await userEvent.upload(field('Image'), pngFile('photo.png'));
    await userEvent.click(submit());

    expect(
      await screen.findByText(
        'The picture could not be uploaded. Check your connection and try again.',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/myreview');
    expect(field('Your Name')).toHaveValue('Demo Shopper');
    expect(field('Description')).toHaveValue('Great tyres.');
    expect(field('Ratings')).toHaveValue(5);
    expect(field('Address')).toHaveValue('Gdansk');
    expect(screen.getByRole('img', { name: 'Preview of photo.png' })).toBeInTheDocument();
    expect(submit()).toBeEnabled();
    expect(posts).toBe(0);
  });

  it('shows the API’s refusal and stays, without uploading the picture again on retry', async () => {
    const upload = uploadHandler();
    let posts = 0;
    server.use(
      upload.handler,
      http.post('/api/review', () => {
        posts += 1;
        return posts === 1
          ? apiError(400, 'Address can be at most 300 characters.', 'address')
          : HttpResponse.json({}, { status: 201 });
      }),
    );
    const { router } = renderForm();
    await userEvent.type(field('Description'), 'Good.');
    await userEvent.type(field('Ratings'), '3');
    await userEvent.type(field('Address'), 'Lodz');
    await userEvent.upload(field('Image'), pngFile());
    await userEvent.click(submit());

    // Said once, under the field it is about (no toast repeating it).
    expect(await screen.findAllByText('Address can be at most 300 characters.')).toHaveLength(1);
    expect(field('Address')).toHaveAccessibleDescription(
      expect.stringContaining('Address can be at most 300 characters.'),
    );
    expect(router.state.location.pathname).toBe('/dashboard/myreview');

    await userEvent.click(submit());
    expect(await screen.findByText(copy.review.thanks)).toBeInTheDocument();
    expect(upload.seen.uploads).toBe(1);
    expect(posts).toBe(2);
  });

  it('shows the sentence of a refusal for writing too many reviews, and keeps the review', async () => {
    const upload = uploadHandler();
    const limit = REVIEW_POSTING_LIMITS[0];
    const sentence = reviewLimitMessage(limit, 7 * 60 - 5);
    server.use(
      upload.handler,
      http.post('/api/review', () => apiError(429, sentence)),
    );
    const { router } = renderForm();
    await userEvent.type(field('Description'), 'Third set this week.');
    await userEvent.type(field('Ratings'), '4');
    await userEvent.type(field('Address'), 'Lodz');
    await userEvent.upload(field('Image'), pngFile());
    await userEvent.click(submit());

    expect(await screen.findByText(sentence)).toBeInTheDocument();
    expect(sentence).toBe(
      `You have written ${limit.reviews} reviews in the last 10 minutes, as many as one account ` +
        'may. You can write the next one in 7 minutes.',
    );
    expect(router.state.location.pathname).toBe('/dashboard/myreview');
    expect(field('Description')).toHaveValue('Third set this week.');
    expect(submit()).toBeEnabled();
  });

  it('takes no more text in a field than the API does', () => {
    renderForm();
    expect(field('Your Name')).toHaveAttribute('maxlength', String(TEXT_MAX.personName));
    expect(field('Description')).toHaveAttribute('maxlength', String(TEXT_MAX.description));
    expect(field('Address')).toHaveAttribute('maxlength', String(TEXT_MAX.address));
    expect(field('Ratings')).not.toHaveAttribute('maxlength');
  });
});

describe('Add Review of a tyre, with the car and the distance driven', () => {
  /** Fills the spec's fields as a shopper would. */
  async function fillSpecFields() {
    await userEvent.type(field('Description'), 'Sure in the rain.');
    await userEvent.type(field('Ratings'), '5');
    await userEvent.type(field('Address'), 'Leeds');
    await userEvent.upload(field('Image'), pngFile('me.png'));
  }

  it('sends the tyre from the address, the car kept in this browser and the miles driven in km', async () => {
    localStorage.setItem('myCar', `vehicle=${golf._id}&year=2016`);
    const upload = uploadHandler('/api/images/r2');
    let body: unknown = null;
    server.use(
      upload.handler,
      http.get('/api/productDetails/:id', () => HttpResponse.json(tyre)),
      http.get('/api/vehicles/:id', () => HttpResponse.json(golf)),
      http.post('/api/review', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ _id: 'x' }, { status: 201 });
      }),
    );
    renderForm(`?product=${tyre._id}`);
    expect(await screen.findByText(tyre.name)).toBeInTheDocument();
    await fillSpecFields();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Use my car: VW Golf (2016)' }),
    );
    expect(field('Car make')).toHaveValue('VW');
    expect(field('Car year')).toHaveValue(2016);
    // The spec's US market counts miles.
    await userEvent.type(field('Distance driven (miles)'), '20000');
    await userEvent.click(submit());

    expect(await screen.findByText(copy.review.thanks)).toBeInTheDocument();
    expect(body).toEqual({
      name: 'Demo Shopper',
      description: 'Sure in the rain.',
      Ratings: 5,
      address: 'Leeds',
      img: '/api/images/r2',
      productId: tyre._id,
      car: { make: 'VW', model: 'Golf', year: 2016 },
      distanceKm: 32187,
    });
  });

  it('refuses a distance beyond the limit in the unit typed, a year out of range and half a car', async () => {
    renderForm('?market=DE');
    await userEvent.type(field('Distance driven (km)'), '200001');
    await userEvent.type(field('Car year'), '1949');
    await userEvent.type(field('Car make'), 'VW');
    await userEvent.tab();
    expect(await screen.findByText('Distance driven can be at most 200,000 km.')).toBeVisible();
    expect(screen.getByText('Car year must be a year from 1950 to 2100.')).toBeVisible();
    await userEvent.click(submit());
    expect(await screen.findByText(carWhole('Car model'))).toBeVisible();
    expect(field('Car model')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(field('Distance driven (km)'));
    await userEvent.type(field('Distance driven (km)'), '2.5');
    await userEvent.tab();
    expect(await screen.findByText('Distance driven must be a whole number.')).toBeVisible();
  });
});
