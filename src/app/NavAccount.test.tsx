import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes, signedInAuth } from '../test/render';
import { Navbar } from './Navbar';

const routes = [{ path: '*', element: <Navbar /> }];

async function openMenu() {
  // jsdom has no media queries: the phone layout, links behind 'Menu'.
  await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

describe('the phone menu', () => {
  it('closes on Escape, giving focus back to its button', async () => {
    renderRoutes(routes, '/');
    await openMenu();
    const button = screen.getByRole('button', { name: 'Close' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });
});

describe('the navbar account links', () => {
  it('shows a spinner while the sign-in state loads', async () => {
    renderRoutes(routes, '/', { auth: { status: 'loading' } });
    const nav = await openMenu();
    expect(nav.getByRole('status')).toHaveTextContent('Checking sign-in');
    expect(nav.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('offers Login when signed out', async () => {
    renderRoutes(routes, '/');
    const nav = await openMenu();
    expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(nav.queryByRole('link', { name: 'DashBoard' })).not.toBeInTheDocument();
  });

  it('shows DashBoard, the name and LogOut when signed in; LogOut clears the token and goes home', async () => {
    const signOut = jest.fn(async () => {});
    localStorage.setItem('accessToken', 'app-token');
    const { router, store } = renderRoutes(routes, '/shop', {
      auth: signedInAuth(),
      identity: { signOut, freshIdentity: async () => null },
    });
    const nav = await openMenu();
    expect(nav.getByRole('link', { name: 'DashBoard' })).toHaveAttribute('href', '/dashboard');
    expect(nav.getByText('Demo Shopper')).toBeInTheDocument();
    await userEvent.click(nav.getByRole('button', { name: 'LogOut' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(signOut).toHaveBeenCalled();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(store.getState().auth.status).toBe('loggedOut');
  });
});
