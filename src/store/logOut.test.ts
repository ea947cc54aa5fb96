import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { logOut } from './logOut';
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
