import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Review } from '@contract/reviews';
import { REVIEW_PAGE } from '@contract/pageSizes';
import { otherReview, review } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { server } from '../../test/server';
import { oneDecimal } from './ReviewSummary';
import { ReviewsPage } from './ReviewsPage';

/** `total` reviews, newest first, named by their place in that order ('Driver 1' is newest). */
const many = (total: number): Review[] =>
  Array.from({ length: total }, (_, i) => ({
    ...review,
    _id: `7d6f8f3e-2c1a-4b5e-9f00-${String(i).padStart(12, '0')}`,
    name: `Driver ${i + 1}`,
  }));

/** GET /api/review as the API answers it: the page asked for, the count and the average. */
function reviewsApi(all: Review[], average = '4.25') {
  const asked: Array<{ limit: string | null; offset: string | null }> = [];
  server.use(
    http.get('/api/review', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push({ limit: params.get('limit'), offset: params.get('offset') });
      const offset = Number(params.get('offset'));
      const page = all.slice(offset, offset + Number(params.get('limit')));
      return HttpResponse.json(page, {
        headers: {
          'x-total-count': String(all.length),
          ...(all.length > 0 ? { 'x-average-rating': average } : {}),
        },
      });
    }),
  );
  return asked;
}

const cards = async () =>
  within(await screen.findByRole('list', { name: 'Customer reviews' })).getAllByRole('article');

describe('the reviews page', () => {
  // jsdom lays nothing out (every box is at 0, under the navbar's margin) and cannot scroll.
  const scrollIntoView = jest.fn();
  beforeEach(() => {
    scrollIntoView.mockClear();
    Element.prototype.scrollIntoView = scrollIntoView;
  });
  afterAll(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('shows the newest page of reviews, with the average of all, and no addresses', async () => {
    const asked = reviewsApi([review, otherReview], '4.50');
    const { container } = renderPage(<ReviewsPage />, '/review');

    expect(screen.getByRole('status')).toHaveTextContent('Loading reviews');
    const list = within(await screen.findByRole('list', { name: 'Customer reviews' }));
    expect(list.getAllByRole('article')).toHaveLength(2);
    expect(list.getByRole('heading', { level: 2, name: review.name })).toBeInTheDocument();
    expect(list.getByRole('heading', { level: 2, name: otherReview.name })).toBeInTheDocument();
    expect(list.getByText(otherReview.description)).toBeInTheDocument();
    expect(screen.getByText('4.5')).toBeInTheDocument();
    expect(screen.getByText('average from 2 reviews')).toBeInTheDocument();
    expect(container).not.toHaveTextContent('Poland');
    expect(document.title).toBe('Reviews | Tyre & Auto Parts Store');
    // One page asked for, of the size defined beside the API's limit; no page links for one page.
    expect(asked[0]).toEqual({ limit: String(REVIEW_PAGE.size), offset: '0' });
    expect(screen.queryByRole('navigation', { name: 'Review pages' })).not.toBeInTheDocument();
  });

  it('pages through many reviews with links in the URL, and focuses the new page', async () => {
    const all = many(2 * REVIEW_PAGE.size + 5);
    const asked = reviewsApi(all, '4.33');
    const { router } = renderPage(<ReviewsPage />, '/review');

    expect(await cards()).toHaveLength(REVIEW_PAGE.size);
    expect(screen.getByText('average from 29 reviews')).toBeInTheDocument();
    expect(screen.getByText('4.3')).toBeInTheDocument();
    expect(screen.getByText(`Showing 1–${REVIEW_PAGE.size} of 29 reviews`)).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Review pages' });
    expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(pages).getByRole('link', { name: 'Page 3' })).toHaveAttribute(
      'href',
      '/review?page=3',
    );

    await userEvent.click(within(pages).getByRole('link', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?page=2');
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: `Driver ${REVIEW_PAGE.size + 1}` })).toBeVisible(),
    );
    const showing = screen.getByText(
      `Showing ${REVIEW_PAGE.size + 1}–${2 * REVIEW_PAGE.size} of 29 reviews`,
    );
    await waitFor(() => expect(showing).toHaveFocus());
    expect(asked).toContainEqual({
      limit: String(REVIEW_PAGE.size),
      offset: String(REVIEW_PAGE.size),
    });

    await userEvent.click(screen.getByRole('link', { name: 'Page 3' }));
    expect(await cards()).toHaveLength(5);
    expect(screen.getByRole('heading', { name: 'Driver 29' })).toBeInTheDocument();
    expect(screen.getByText('Next →')).toHaveAttribute('aria-hidden', 'true');
    expect(scrollIntoView.mock.contexts[0]).toHaveTextContent(/^Showing/);
  });

  it('sends a page past the end to the last page, and junk in the address to the first', async () => {
    reviewsApi(many(REVIEW_PAGE.size + 1));
    const past = renderPage(<ReviewsPage />, '/review?page=9');
    await waitFor(() => expect(past.router.state.location.search).toBe('?page=2'));
    expect(
      await screen.findByRole('heading', { name: `Driver ${REVIEW_PAGE.size + 1}` }),
    ).toBeInTheDocument();
    past.unmount();

    const junk = renderPage(<ReviewsPage />, '/review?page=abc&utm_source=x');
    await waitFor(() => expect(junk.router.state.location.search).toBe(''));
    expect(await screen.findByRole('heading', { name: 'Driver 1' })).toBeInTheDocument();
  });

  it('says so when there are no reviews yet', async () => {
    reviewsApi([]);
    renderPage(<ReviewsPage />, '/review');
    expect(await screen.findByText(/No reviews yet/)).toBeInTheDocument();
  });

  it('says when the reviews cannot be loaded and tries again on request', async () => {
    let calls = 0;
    server.use(
      http.get('/api/review', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              {
                error: 'Too Many Requests',
                message: 'Too many requests. Please wait a moment, then try again.',
              },
              { status: 429 },
            )
          : HttpResponse.json([review], { headers: { 'x-total-count': '1' } });
      }),
    );
    renderPage(<ReviewsPage />, '/review');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the reviews.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: review.name })).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('shows the average to one decimal', () => {
    expect(oneDecimal(4.25)).toBe(4.3);
    expect(oneDecimal(4.33)).toBe(4.3);
    expect(oneDecimal(5)).toBe(5);
  });
});
