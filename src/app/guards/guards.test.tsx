import { act, screen } from '@testing-library/react';
import { Outlet, useLocation } from 'react-router-dom';
import { signInNotice, useAuthRedirect } from '../../features/auth/useAuthRedirect';
import { adminChecked, signedIn, signedOut } from '../../store/authSlice';
import { renderRoutes, signedInAuth } from '../../test/render';
import { adminOnlyHandle } from '../../shared/auth/loginState';
import { RequireAdmin } from './RequireAdmin';
import { RequireAuth } from './RequireAuth';

/** The login page's part in the way back: its notice and its redirect after a sign-in. */
function Login() {
  useAuthRedirect('/');
  const notice = signInNotice(useLocation().state);
  return (
    <>
      <p>login page</p>
      {notice && <p>{notice}</p>}
    </>
  );
}

const routes = [
  { path: '/', element: <p>home</p> },
  { path: '/login', element: <Login /> },
  {
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    children: [
      { path: '/dashboard', element: <p>dashboard</p> },
      {
        handle: adminOnlyHandle,
        element: (
          <RequireAdmin>
            <Outlet />
          </RequireAdmin>
        ),
        children: [{ path: '/dashboard/alluser', element: <p>all users</p> }],
      },
    ],
  },
];

describe('guards', () => {
  it('sends a visitor to login, remembering the origin', async () => {
    const { router } = renderRoutes(routes, '/dashboard');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({
      from: expect.objectContaining({ pathname: '/dashboard' }),
      notice: 'Sign in to see that page: you will come back to it afterwards.',
    });
  });

  it.each(['/dashboard', '/dashboard/alluser'])(
    'sends a person who signs out on purpose on %s home, a lost sign-in to login',
    async (path) => {
      const admin = { auth: signedInAuth({ admin: true }) };
      const onPurpose = renderRoutes(routes, path, admin);
      act(() => {
        onPurpose.store.dispatch(signedOut({ onPurpose: true }));
        // Firebase's own report that nobody is signed in follows before the next render.
        onPurpose.store.dispatch(signedOut());
      });
      expect(await screen.findByText('home')).toBeInTheDocument();
      expect(onPurpose.router.state.location.pathname).toBe('/');
      onPurpose.unmount();

      const lost = renderRoutes(routes, path, admin);
      act(() => {
        lost.store.dispatch(signedOut());
      });
      expect(await screen.findByText('login page')).toBeInTheDocument();
    },
  );

  it('waits while the sign-in state loads', () => {
    renderRoutes(routes, '/dashboard', { auth: { status: 'loading' } });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your sign-in');
  });

  it('shows signed-in users the page', () => {
    renderRoutes(routes, '/dashboard', { auth: signedInAuth() });
    expect(screen.getByText('dashboard')).toBeInTheDocument();
  });

  it('waits for the admin check, then shows an admin the page', () => {
    renderRoutes(routes, '/dashboard/alluser', { auth: signedInAuth({ adminChecked: false }) });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your access');
    renderRoutes(routes, '/dashboard/alluser', { auth: signedInAuth({ admin: true }) });
    expect(screen.getByText('all users')).toBeInTheDocument();
  });

  it('keeps a shopper on an admin page signed in, saying the page is for admins', async () => {
    const signOut = jest.fn(async () => {});
    localStorage.setItem('accessToken', 'app-token');
    const { store, router } = renderRoutes(routes, '/dashboard/alluser', {
      auth: signedInAuth(),
      identity: { signOut, freshIdentity: async () => null },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That page is for admins only.You are still signed in: your own pages are in the dashboard.',
    );
    expect(screen.queryByText('all users')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(router.state.location.pathname).toBe('/dashboard/alluser');
    expect(signOut).not.toHaveBeenCalled();
    expect(store.getState().auth.status).toBe('loggedIn');
    expect(localStorage.getItem('accessToken')).toBe('app-token');
  });

  it('sends a visitor of an admin page to login saying it is for admins', async () => {
    const { router } = renderRoutes(routes, '/dashboard/alluser');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({
      notice: 'That page is for admins: sign in with an admin account to open it.',
      adminOnly: true,
    });
  });

  it.each([
    [false, 'home'],
    [true, 'all users'],
  ])(
    'after a sign-in from an admin link, goes back there only for an admin (admin: %s)',
    async (admin, page) => {
      const { store, router } = renderRoutes(routes, '/dashboard/alluser');
      expect(
        await screen.findByText(
          'That page is for admins: sign in with an admin account to open it.',
        ),
      ).toBeInTheDocument();
      act(() => {
        store.dispatch(signedIn({ email: 'someone@store.test', displayName: null }));
      });
      // Nothing moves before the admin check answers.
      expect(router.state.location.pathname).toBe('/login');
      act(() => {
        store.dispatch(adminChecked(admin));
      });
      expect(await screen.findByText(page)).toBeInTheDocument();
      // A shopper is not signed out again: no loop.
      expect(store.getState().auth.status).toBe('loggedIn');
    },
  );
});
