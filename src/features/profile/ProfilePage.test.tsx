import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Outlet } from 'react-router-dom';
import { RequireAuth } from '../../app/guards/RequireAuth';
import { copy } from '@contract/copy';
import type { IdentityClient } from '../../store/identity';
import { apiError } from '../../test/apiHandlers';
import { profile } from '../../test/fixtures';
import { renderRoutes, signedInAuth } from '../../test/render';
import { server } from '../../test/server';
import { ProfilePage } from './ProfilePage';

const maria = profile;

const user = { email: 'shopper@store.test', displayName: 'Demo Shopper' };

function renderProfile(identity?: IdentityClient) {
  const routes = [
    {
      element: (
        <RequireAuth>
          <Outlet />
        </RequireAuth>
      ),
      children: [
        { path: '/dashboard', element: <ProfilePage /> },
        { path: '/dashboard/profile', element: <ProfilePage /> },
      ],
    },
    { path: '/', element: <h1>Landing page</h1> },
    { path: '/home', element: <h1>Home page</h1> },
    { path: '/login', element: <h1>Login page</h1> },
  ];
  return renderRoutes(routes, '/dashboard/profile', { auth: signedInAuth({ user }), identity });
}

beforeEach(() => localStorage.setItem('accessToken', 'app-token'));
afterEach(() => localStorage.clear());

describe('the profile page', () => {
  it('shows the round picture, name, institute, department, address and Linkedin', async () => {
    let asked: { email: string | null; auth: string | null } | null = null;
    server.use(
      http.get('/api/profile', ({ request }) => {
        asked = {
          email: new URL(request.url).searchParams.get('email'),
          auth: request.headers.get('authorization'),
        };
        return HttpResponse.json(maria);
      }),
    );
    renderProfile();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your profile');

    const card = within(await screen.findByRole('article', { name: maria.name }));
    expect(asked).toEqual({ email: 'shopper@store.test', auth: 'Bearer app-token' });
    expect(card.getByRole('img', { name: `Photo of ${maria.name}` })).toHaveAttribute(
      'src',
      maria.image,
    );
    expect(card.getByRole('heading', { level: 2, name: maria.name })).toBeInTheDocument();
    for (const text of [maria.instituteName, maria.Department, maria.Address, maria.email]) {
      expect(card.getByText(text)).toBeInTheDocument();
    }
    const linkedin = card.getByRole('link', { name: /linkedin\.com\/in\/maria/ });
    expect(linkedin).toHaveAttribute('href', maria.Linkedin);
    expect(linkedin).toHaveAttribute('target', '_blank');
    expect(card.getByRole('link', { name: copy.profile.update })).toHaveAttribute(
      'href',
      '/dashboard/profile/updateProfile',
    );
    expect(document.title).toBe('Profile | Tyre & Auto Parts Store');
  });

  it('invites a user without a profile to make one', async () => {
    server.use(http.get('/api/profile', () => apiError(404, 'This user has no profile yet.')));
    renderProfile();
    const card = within(await screen.findByRole('article', { name: 'You have no profile yet' }));
    expect(card.getByText('shopper@store.test')).toBeInTheDocument();
    expect(card.getByRole('link', { name: copy.profile.update })).toHaveAttribute(
      'href',
      '/dashboard/profile/updateProfile',
    );
  });

  it.each([401, 403])('signs out, clears the token and goes to /home on a %s', async (status) => {
    const identity = { freshIdentity: async () => null, signOut: jest.fn(async () => {}) };
    server.use(http.get('/api/profile', () => apiError(status, 'Sign in again.')));
    const { router, store } = renderProfile(identity);
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(identity.signOut).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(store.getState().auth.status).toBe('loggedOut');
  });

  it('says when the profile cannot be loaded, and tries again on request', async () => {
    let calls = 0;
    server.use(
      http.get('/api/profile', () => {
        calls += 1;
        return calls === 1
          ? apiError(429, 'Too many requests. Please wait a moment, then try again.')
          : HttpResponse.json(maria);
      }),
    );
    renderProfile();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your profile.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: maria.name })).toBeInTheDocument();
  });

  describe('Sign out everywhere', () => {
    const words = copy.profile;
    function recordLogOuts(status = 204) {
      const bodies: unknown[] = [];
      server.use(
        http.post('/api/logout', async ({ request }) => {
          const text = await request.text();
          bodies.push(text ? JSON.parse(text) : null);
          return status === 204
            ? new HttpResponse(null, { status })
            : apiError(status, 'Try again later.');
        }),
      );
      return bodies;
    }

    it('is offered beside the profile, and Cancel leaves everything as it was', async () => {
      server.use(http.get('/api/profile', () => HttpResponse.json(maria)));
      const bodies = recordLogOuts();
      renderProfile();
      const section = within(await screen.findByRole('region', { name: words.signOutEverywhere }));
      expect(section.getByText('LogOut signs you out on this device only.')).toBeInTheDocument();
      await userEvent.click(section.getByRole('button', { name: words.signOutEverywhere }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Sign out everywhere?' }));
      expect(dialog.getByText(words.signOutEverywhereQuestion)).toBeInTheDocument();
      await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(bodies).toEqual([]);
      expect(localStorage.getItem('accessToken')).toBe('app-token');
    });

    it('once confirmed, ends every session, signs this device out and goes home', async () => {
      server.use(http.get('/api/profile', () => HttpResponse.json(maria)));
      const bodies = recordLogOuts();
      const identity = { freshIdentity: async () => null, signOut: jest.fn(async () => {}) };
      const { router, store } = renderProfile(identity);
      await userEvent.click(await screen.findByRole('button', { name: words.signOutEverywhere }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Sign out everywhere?' }));
      await userEvent.click(dialog.getByRole('button', { name: words.signOutEverywhere }));
      expect(await screen.findByRole('heading', { name: 'Landing page' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
      expect(bodies[0]).toEqual({ everywhere: true });
      expect(identity.signOut).toHaveBeenCalledTimes(1);
      expect(localStorage.getItem('accessToken')).toBeNull();
      expect(store.getState().auth.status).toBe('loggedOut');
    });

    it('says so and stays signed in when the store could not do it', async () => {
      server.use(http.get('/api/profile', () => HttpResponse.json(maria)));
      recordLogOuts(503);
      const identity = { freshIdentity: async () => null, signOut: jest.fn(async () => {}) };
      const { store } = renderProfile(identity);
      await userEvent.click(await screen.findByRole('button', { name: words.signOutEverywhere }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Sign out everywhere?' }));
      await userEvent.click(dialog.getByRole('button', { name: words.signOutEverywhere }));
      expect(await dialog.findByRole('alert')).toHaveTextContent(words.signOutEverywhereFailed);
      expect(identity.signOut).not.toHaveBeenCalled();
      expect(store.getState().auth.status).toBe('loggedIn');
      expect(localStorage.getItem('accessToken')).toBe('app-token');
    });
  });
});
