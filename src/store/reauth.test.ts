import { http, HttpResponse } from 'msw';
import { server } from '../test/server';
import { api } from './api';
import { renewSession } from './session';
import { makeStore } from './store';

/** A Firebase-shaped ID token (opaque on this side: the identity client gives the email). */
const idToken = (email: string) => `x.${btoa(JSON.stringify({ email })).replace(/=+$/, '')}.y`;

describe('an expired app token', () => {
  it('is re-exchanged once with a fresh Firebase ID token, then the call is repeated', async () => {
    localStorage.setItem('accessToken', 'expired-token');
    const seen: string[] = [];
    server.use(
      http.get('/api/admin/:email', ({ request }) => {
        seen.push(request.headers.get('authorization') ?? '');
        return request.headers.get('authorization') === 'Bearer fresh-token'
          ? HttpResponse.json({ admin: true })
          : HttpResponse.json({ error: 'Unauthorized', message: 'expired' }, { status: 401 });
      }),
      http.put('/api/users/:email', ({ request, params }) => {
        expect(params.email).toBe('shopper@store.test');
        expect(request.headers.get('authorization')).toBe(
          `Bearer ${idToken('shopper@store.test')}`,
        );
        return HttpResponse.json({ token: 'fresh-token' });
      }),
    );
    const freshIdentity = jest.fn(async () => ({
      email: 'shopper@store.test',
      idToken: idToken('shopper@store.test'),
    }));
    const store = makeStore(undefined, { freshIdentity, signOut: async () => {} });

    const result = await store.dispatch(api.endpoints.getAdmin.initiate('shopper@store.test'));
    expect(result.data).toEqual({ admin: true });
    expect(seen).toEqual(['Bearer expired-token', 'Bearer fresh-token']);
    expect(freshIdentity).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('accessToken')).toBe('fresh-token');
  });

  it('gives up after one try when nobody is signed in', async () => {
    localStorage.setItem('accessToken', 'expired-token');
    let calls = 0;
    server.use(
      http.get('/api/admin/:email', () => {
        calls += 1;
        return HttpResponse.json({ error: 'Unauthorized', message: 'expired' }, { status: 401 });
      }),
    );
    const store = makeStore(undefined, {
      freshIdentity: async () => null,
      signOut: async () => {},
    });
    const result = await store.dispatch(api.endpoints.getAdmin.initiate('shopper@store.test'));
    expect(result.error).toMatchObject({ status: 401 });
    expect(calls).toBe(1);
  });

  it('is renewed the same way for a call made outside the API slice (renewSession)', async () => {
    localStorage.setItem('accessToken', 'expired-token');
    server.use(http.put('/api/users/:email', () => HttpResponse.json({ token: 'renewed-token' })));
    const freshIdentity = jest.fn(async () => ({
      email: 'admin@store.test',
      idToken: idToken('admin@store.test'),
    }));
    const store = makeStore(undefined, { freshIdentity, signOut: async () => {} });
    await expect(store.dispatch(renewSession())).resolves.toBe(true);
    expect(localStorage.getItem('accessToken')).toBe('renewed-token');
    const signedOut = makeStore(undefined, {
      freshIdentity: async () => null,
      signOut: async () => {},
    });
    await expect(signedOut.dispatch(renewSession())).resolves.toBe(false);
  });
});
