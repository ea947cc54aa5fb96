import { screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { renderRoutes, signedInAuth } from '../../test/render';
import { RequireAdmin } from './RequireAdmin';
import { RequireAuth } from './RequireAuth';

const routes = [
  { path: '/login', element: <p>login page</p> },
  {
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    children: [
      { path: '/dashboard', element: <p>dashboard</p> },
      {
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
    });
  });

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

  it('signs a shopper out of an admin page and sends them to login with the origin', async () => {
    const signOut = jest.fn(async () => {});
    localStorage.setItem('accessToken', 'app-token');
    const { store, router } = renderRoutes(routes, '/dashboard/alluser', {
      auth: signedInAuth(),
      identity: { signOut, freshIdToken: async () => null },
    });
    expect(await screen.findByText('login page')).toBeInTheDocument();
    await waitFor(() => expect(signOut).toHaveBeenCalled());
    expect(store.getState().auth.status).toBe('loggedOut');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(router.state.location.state).toEqual({
      from: expect.objectContaining({ pathname: '/dashboard/alluser' }),
    });
  });
});
