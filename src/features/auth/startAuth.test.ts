import { waitFor } from '@testing-library/react';
import { makeStore } from '../../store/store';
import { configHandler } from '../../test/apiHandlers';
import { server } from '../../test/server';
import { startAuthAtLoad } from './startAuth';

jest.mock('./firebaseClient', () => ({ loadFirebase: jest.fn(), firebase: jest.fn() }));
const { loadFirebase } = jest.requireMock('./firebaseClient') as { loadFirebase: jest.Mock };

beforeEach(() => localStorage.clear());

// In this order: the listener starts once per page, and the second test starts it.
describe('auth at page load', () => {
  it('signs a visitor who never signed in out at once, without loading Firebase', () => {
    const store = makeStore();
    startAuthAtLoad(store);
    expect(store.getState().auth.status).toBe('loggedOut');
    expect(loadFirebase).not.toHaveBeenCalled();
  });

  it('loads Firebase when an app token is remembered, and shows loading until it answers', async () => {
    server.use(configHandler());
    localStorage.setItem('accessToken', 'remembered');
    loadFirebase.mockReturnValue(new Promise(() => {}));
    const store = makeStore();
    startAuthAtLoad(store);
    expect(store.getState().auth.status).toBe('loading');
    await waitFor(() => expect(loadFirebase).toHaveBeenCalledTimes(1));
  });
});
