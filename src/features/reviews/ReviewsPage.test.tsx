import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { otherReview, review } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { server } from '../../test/server';
import { averageRating } from './ReviewSummary';
import { ReviewsPage } from './ReviewsPage';

describe('the reviews page', () => {
  it('shows every review from GET /api/review, with the average, and no addresses', async () => {
    server.use(http.get('/api/review', () => HttpResponse.json([review, otherReview])));
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
  });

  it('says so when there are no reviews yet', async () => {
    server.use(http.get('/api/review', () => HttpResponse.json([])));
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
          : HttpResponse.json([review]);
      }),
    );
    renderPage(<ReviewsPage />, '/review');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the reviews.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: review.name })).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('averages the Ratings to one decimal', () => {
    expect(averageRating([])).toBe(0);
    expect(averageRating([review, otherReview, { ...review, Ratings: 4 }])).toBe(4.3);
  });
});
