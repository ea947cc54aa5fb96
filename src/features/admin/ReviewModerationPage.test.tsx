import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ModeratedReview } from '@contract/reviews';
import { apiError } from '../../test/apiHandlers';
import { review } from '../../test/fixtures';
import { renderRoutes, signedInAuth } from '../../test/render';
import { server } from '../../test/server';
import { withToasts } from '../../test/toasts';
import { ReviewModerationPage } from './ReviewModerationPage';

/** `count` reviews, newest first ('Driver 1' is newest), all shown. */
const many = (count: number): ModeratedReview[] =>
  Array.from({ length: count }, (_, i) => ({
    ...review,
    _id: `7d6f8f3e-2c1a-4b5e-9f00-${String(i).padStart(12, '0')}`,
    name: `Driver ${i + 1}`,
    hidden: false,
    authorEmail: `driver${i + 1}@store.test`,
    createdAt: '2026-11-20T10:00:00.000Z',
  }));

/** The moderation list and the hide/show call, over a list the PATCH changes. */
function moderationApi(all: ModeratedReview[], patch?: () => Response | undefined) {
  const seen = { pages: [] as string[], patches: [] as Array<{ id: string; body: unknown }> };
  server.use(
    http.get('/api/review/moderation', ({ request }) => {
      const params = new URL(request.url).searchParams;
      seen.pages.push(`${params.get('limit')}/${params.get('offset')}`);
      const offset = Number(params.get('offset'));
      return HttpResponse.json(all.slice(offset, offset + Number(params.get('limit'))), {
        headers: { 'x-total-count': String(all.length) },
      });
    }),
    http.patch('/api/review/:id', async ({ params, request }) => {
      const body = (await request.json()) as { hidden: boolean };
      seen.patches.push({ id: String(params.id), body });
      const refused = patch?.();
      if (refused) return refused;
      const at = all.findIndex((r) => r._id === params.id);
      all[at] = { ...all[at]!, hidden: body.hidden };
      return HttpResponse.json(all[at]);
    }),
  );
  return seen;
}

function renderPage(path = '/dashboard/reviews') {
  return renderRoutes(
    withToasts([{ path: '/dashboard/reviews', element: <ReviewModerationPage /> }]),
    path,
    {
      auth: signedInAuth({
        user: { email: 'admin@store.test', displayName: 'Admin' },
        admin: true,
      }),
    },
  );
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name} `) });

beforeEach(() => localStorage.setItem('accessToken', 'admin-token'));
afterEach(() => localStorage.clear());

describe('Reviews (moderation)', () => {
  // jsdom lays nothing out (every box is at 0, under the navbar's margin) and cannot scroll.
  const scrollIntoView = jest.fn();
  beforeEach(() => {
    scrollIntoView.mockClear();
    Element.prototype.scrollIntoView = scrollIntoView;
  });
  afterAll(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('lists every review, hidden ones marked, with who wrote it, a page at a time', async () => {
    const all = many(25);
    all[1] = { ...all[1]!, hidden: true };
    const seen = moderationApi(all);
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Reviews' })).toBeInTheDocument();
    expect(document.title).toBe('Reviews | Tyre & Auto Parts Store');
    expect(await screen.findByText('Showing 1–20 of 25 reviews')).toBeInTheDocument();
    const first = rowOf('Driver 1');
    expect(within(first).getByText('Shown')).toBeInTheDocument();
    expect(within(first).getByText('driver1@store.test')).toBeInTheDocument();
    expect(within(first).getByText(review.description)).toBeInTheDocument();
    expect(within(rowOf('Driver 2')).getByText('Hidden')).toBeInTheDocument();
    expect(
      within(rowOf('Driver 2')).getByRole('button', { name: 'Show the review by Driver 2' }),
    ).toBeInTheDocument();
    expect(seen.pages).toEqual(['20/0']);

    const pages = screen.getByRole('navigation', { name: 'Review pages' });
    await userEvent.click(within(pages).getByRole('link', { name: 'Page 2' }));
    const showing = await screen.findByText('Showing 21–25 of 25 reviews');
    await waitFor(() => expect(showing).toHaveFocus());
    expect(seen.pages).toContain('20/20');
  });

  it('hides a review and shows it again, saying so', async () => {
    const all = many(2);
    const seen = moderationApi(all);
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Hide the review by Driver 1' }),
    );
    expect(
      await screen.findByText('The review by Driver 1 is hidden: only admins see it now.'),
    ).toBeInTheDocument();
    // The list loaded again shows it hidden.
    await waitFor(() => expect(within(rowOf('Driver 1')).getByText('Hidden')).toBeInTheDocument());
    expect(seen.patches).toEqual([{ id: all[0]!._id, body: { hidden: true } }]);

    await userEvent.click(screen.getByRole('button', { name: 'Show the review by Driver 1' }));
    expect(await screen.findByText('The review by Driver 1 is shown again.')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('Driver 1')).getByText('Shown')).toBeInTheDocument());
  });

  it('says why when hiding is refused, and changes nothing', async () => {
    moderationApi(many(1), () => apiError(403, 'Only an admin can do this.'));
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Hide the review by Driver 1' }),
    );
    expect(await screen.findByText('Only an admin can do this.')).toBeInTheDocument();
    expect(within(rowOf('Driver 1')).getByText('Shown')).toBeInTheDocument();
  });

  it('says so when no review was written yet', async () => {
    moderationApi([]);
    renderPage();
    expect(await screen.findByText('No reviews have been written yet.')).toBeInTheDocument();
  });

  it('sends a page past the end to the last page', async () => {
    moderationApi(many(21));
    const { router } = renderPage('/dashboard/reviews?page=7');
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByText('Showing 21–21 of 21 reviews')).toBeInTheDocument();
  });
});
