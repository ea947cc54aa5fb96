import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { noFacetsHandler } from '../test/apiHandlers';
import { otherReview, review, tyre } from '../test/fixtures';
import { renderRoutes } from '../test/render';
import { server } from '../test/server';
import { routes } from './routes';

describe('routes', () => {
  beforeEach(() =>
    server.use(
      http.get('/api/product', () => HttpResponse.json([tyre])),
      http.get('/api/review', () => HttpResponse.json([review, otherReview])),
      // The shop's filter panel (at /shop) asks for its counts.
      noFacetsHandler(),
    ),
  );

  it('shows the not-found page on an unknown path, with a way home', async () => {
    renderRoutes(routes, '/no/such/page');
    expect(await screen.findByRole('heading', { name: 'OOPS!' })).toBeInTheDocument();
    expect(
      screen.getByText('No signal here! we cannot find the page you are looking for'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
  });

  it.each(['/', '/home'])('shows the landing page at %s', async (path) => {
    renderRoutes(routes, path);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The World Of Metal' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore Now' })).toHaveAttribute('href', '/shop');
    expect(await screen.findByRole('heading', { name: tyre.name })).toBeInTheDocument();
    expect(document.title).toBe('Tyre & Auto Parts Store');

    // The customer review grid: name, description, Ratings, photo; never the address.
    const reviews = within(await screen.findByRole('list', { name: 'Customer reviews' }));
    expect(reviews.getByRole('heading', { name: review.name })).toBeInTheDocument();
    expect(reviews.getByText(review.description)).toBeInTheDocument();
    expect(reviews.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(reviews.getByRole('img', { name: `Photo of ${review.name}` })).toHaveAttribute(
      'src',
      review.img,
    );
    expect(screen.queryByText(review.address, { exact: false })).not.toBeInTheDocument();

    // The footer: service lists, an address and a copyright notice.
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('heading', { name: 'Services' })).toBeInTheDocument();
    expect(footer.getByText(/12 Foundry Lane/)).toBeInTheDocument();
    expect(footer.getByText(/Copyright ©/)).toBeInTheDocument();
  });

  it.each([
    ['/shop', 'Tyres & auto parts', 'Shop'],
    ['/review', 'Customer reviews', 'Reviews'],
    ['/portfolio', 'Your Name', 'Portfolio'],
    ['/about', 'Question And Answer', 'Question And Answer'],
  ])('shows %s with its heading and title', async (path, heading, title) => {
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(document.title).toBe(`${title} | Tyre & Auto Parts Store`);
  });

  it('has the navbar links of the spec', async () => {
    renderRoutes(routes, '/shop');
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    // jsdom has no media queries: this is the phone layout, where the links sit behind 'Menu'.
    const menu = nav.getByText('Menu').closest('summary')!;
    expect(menu.closest('details')!.open).toBe(false);
    await userEvent.click(menu);
    expect(menu.closest('details')!.open).toBe(true);
    for (const [name, href] of [
      ['Home', '/'],
      ['Shop', '/shop'],
      ['Review', '/review'],
      ['Portfolio', '/portfolio'],
      ['Login', '/login'],
    ] as const) {
      expect(nav.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    // 'Blogs' on desktop, 'About' on phones: both labels exist, CSS shows one.
    const about = nav.getByText('Blogs').closest('a');
    expect(about).toHaveAttribute('href', '/about');
    expect(about).toContainElement(nav.getByText('About'));
  });
});
