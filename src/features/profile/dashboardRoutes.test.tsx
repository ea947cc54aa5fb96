import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { routes } from '../../app/routes';
import { copy } from '@contract/copy';
import { apiError, configHandler } from '../../test/apiHandlers';
import { profile } from '../../test/fixtures';
import { renderRoutes, signedInAuth } from '../../test/render';
import { server } from '../../test/server';

/** The dashboard's pages through the app's real routes, guards and lazy chunks. */
describe('the dashboard routes', () => {
  beforeEach(() =>
    server.use(
      configHandler(),
      http.get('/api/profile', () => HttpResponse.json(profile)),
      http.get('/api/users', () => HttpResponse.json([])),
      http.get('/api/product', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
    ),
  );

  it.each(['/dashboard', '/dashboard/profile'])('shows the profile at %s', async (path) => {
    renderRoutes(routes, path, { auth: signedInAuth() });
    expect(await screen.findByRole('heading', { name: profile.name })).toBeInTheDocument();
    expect(document.title).toBe('Profile | Tyre & Auto Parts Store');
    // The sidebar says where the person is.
    const sidebar = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    expect(sidebar.getByRole('link', { name: copy.dashboard.profile })).toHaveClass('active');
  });

  it.each([
    [false, copy.dashboard.myOrders],
    [true, copy.dashboard.allOrders],
  ])('highlights the orders list on the payment page (admin: %s)', async (admin, label) => {
    server.use(http.get('/api/order/:id', () => apiError(404, 'No order with this id.')));
    renderRoutes(routes, '/dashboard/payment/0b8e3c52-7a4d-4f1e-9c3b-000000000301', {
      auth: signedInAuth({ admin }),
    });
    const sidebar = within(await screen.findByRole('navigation', { name: 'Dashboard' }));
    await waitFor(() => expect(sidebar.getByRole('link', { name: label })).toHaveClass('active'));
    expect(sidebar.getByRole('link', { name: copy.dashboard.profile })).not.toHaveClass('active');
  });

  it.each([
    ['/dashboard/profile/updateProfile', copy.profile.update, false],
    ['/dashboard/myreview', copy.review.title, false],
    ['/dashboard/addProduct', copy.addProduct.heading, true],
    ['/dashboard/alluser', 'All Users', true],
    ['/dashboard/products', 'Products', true],
    ['/dashboard/products/import', 'Import products', true],
  ])('shows %s', async (path, heading, admin) => {
    renderRoutes(routes, path, { auth: signedInAuth({ admin }) });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(document.title).not.toBe('Dashboard | Tyre & Auto Parts Store');
  });

  it('shows the empty profile when there is none yet', async () => {
    server.use(http.get('/api/profile', () => apiError(404, 'This user has no profile yet.')));
    renderRoutes(routes, '/dashboard', { auth: signedInAuth() });
    expect(
      await screen.findByRole('heading', { name: 'You have no profile yet' }),
    ).toBeInTheDocument();
  });
});
