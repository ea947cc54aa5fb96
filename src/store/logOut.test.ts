import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { logOut, signOutEverywhere } from './logOut';
import { makeStore } from './store';

describe('LogOut', () => {
  it('revokes the app token on the server, forgets it and signs out of Firebase', async () => {
    localStorage.setItem('accessToken', 'live-token');
    const revoked: string[] = [];
    server.use(
      http.post('/api/logout', ({ request }) => {
        revoked.push(request.headers.get('authorization') ?? '');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const signOut = jest.fn(async () => {});
    const store = makeStore(undefined, { freshIdentity: async () => null, signOut });
    await store.dispatch(logOut());
    expect(revoked).toEqual(['Bearer live-token']);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(store.getState().auth.status).toBe('loggedOut');
  });

  it('still signs out when the server cannot be reached', async () => {
    localStorage.setItem('accessToken', 'live-token');
    server.use(http.post('/api/logout', () => HttpResponse.error()));
    const signOut = jest.fn(async () => {});
    const store = makeStore(undefined, { freshIdentity: async () => null, signOut });
    await store.dispatch(logOut());
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});

describe('Sign out everywhere', () => {
  it('asks the server to end every session, then signs this device out', async () => {
    localStorage.setItem('accessToken', 'live-token');
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/logout', async ({ request }) => {
        bodies.push(request.headers.get('content-length') === '0' ? null : await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const signOut = jest.fn(async () => {});
    const store = makeStore(undefined, { freshIdentity: async () => null, signOut });
    await store.dispatch(signOutEverywhere()).unwrap();
    // The first call ends every session; LogOut's own call after it finds nothing left.
    expect(bodies[0]).toEqual({ everywhere: true });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(store.getState().auth.status).toBe('loggedOut');
  });

  it('stays signed in and rejects when the server did not sign out everywhere', async () => {
    localStorage.setItem('accessToken', 'live-token');
    server.use(http.post('/api/logout', () => HttpResponse.json({}, { status: 503 })));
    const signOut = jest.fn(async () => {});
    const store = makeStore(undefined, { freshIdentity: async () => null, signOut });
    // unwrap rejects with the thunk's serialized error.
    await expect(store.dispatch(signOutEverywhere()).unwrap()).rejects.toMatchObject({
      message: 'Sign out everywhere failed (503)',
    });
    expect(localStorage.getItem('accessToken')).toBe('live-token');
    expect(signOut).not.toHaveBeenCalled();
  });
});
