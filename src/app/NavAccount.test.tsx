import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes, signedInAuth } from '../test/render';
import { Navbar } from './Navbar';

const routes = [{ path: '*', element: <Navbar /> }];

/** The phone menu's summary (a native disclosure: it opens without the script). */
const menuButton = () => document.querySelector('nav summary') as HTMLElement;

async function openMenu() {
  // jsdom has no media queries: the phone layout, links behind 'Menu'.
  await userEvent.click(menuButton());
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

describe('the phone menu', () => {
  it('is a disclosure that closes on Escape, giving focus back to its button', async () => {
    renderRoutes(routes, '/');
    expect(menuButton()).toHaveTextContent('Menu');
    await openMenu();
    const menu = menuButton().closest('details')!;
    expect(menu.open).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(menu.open).toBe(false);
    expect(menuButton()).toHaveFocus();
  });

  it('closes when a link is followed', async () => {
    const { router } = renderRoutes(routes, '/');
    const nav = await openMenu();
    await userEvent.click(nav.getByRole('link', { name: 'Shop' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop'));
    expect(menuButton().closest('details')!.open).toBe(false);
  });
});

describe('the navbar account links', () => {
  it('offers Login while the sign-in state loads, as the server renders it', async () => {
    renderRoutes(routes, '/', { auth: { status: 'loading' } });
    const nav = await openMenu();
    expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(nav.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows a spinner instead while it loads in a browser holding an app token', async () => {
    localStorage.setItem('accessToken', 'app-token');
    renderRoutes(routes, '/', { auth: { status: 'loading' } });
    const nav = await openMenu();
    expect(nav.getByRole('status')).toHaveTextContent('Checking sign-in');
    expect(nav.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    localStorage.removeItem('accessToken');
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
