import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../store/store';
import { configHandler } from '../../test/apiHandlers';
import { server } from '../../test/server';
import { startAuth } from './startAuth';

jest.mock('./firebaseClient', () => ({ loadFirebase: jest.fn(), firebase: jest.fn() }));
// The queries' waits between tries (1, 2, 4 s) are the policy's; here they pass at once.
jest.mock('../../store/retryPolicy', () => ({
  ...jest.requireActual('../../store/retryPolicy'),
  retryDelayMs: () => 0,
}));
const { loadFirebase } = jest.requireMock('./firebaseClient') as { loadFirebase: jest.Mock };

/** Firebase's auth listener, as startAuth registers it: the tests report sign-ins through it. */
let reportUser: (user: unknown) => void = () => {};
const firebaseSignOut = jest.fn(async () => {});
loadFirebase.mockResolvedValue({
  auth: {},
  sdk: {
    onAuthStateChanged: (_auth: unknown, listener: (user: unknown) => void) => {
      reportUser = listener;
    },
    signOut: firebaseSignOut,
  },
});
const shopper = {
  email: 'shopper@store.test',
  displayName: 'Demo Shopper',
  getIdToken: async () => 'firebase-id-token',
};

/** The token exchange answers `answers` in turn, then the last one for ever; counts the calls. */
function exchangeAnswers(...answers: (() => Response)[]) {
  const calls = { count: 0 };
  server.use(
    configHandler(),
    http.put('/api/users/:email', () => answers[Math.min(calls.count++, answers.length - 1)]!()),
    http.get('/api/admin/:email', () => HttpResponse.json({ admin: false })),
  );
  return calls;
}
const busy = () => HttpResponse.json({ message: 'Too many sign-ins.' }, { status: 429 });
const down = () => HttpResponse.json({ message: 'Unavailable' }, { status: 503 });
const token = () => HttpResponse.json({ token: 'app-token' });

beforeEach(() => {
  localStorage.clear();
  firebaseSignOut.mockClear();
});

// The listener starts once per page, with the page's store (the first test's).
const store = makeStore();
describe('the token exchange at sign-in', () => {
  it('is asked again when the store is busy or down, and the shopper is signed in', async () => {
    const calls = exchangeAnswers(busy, down, token);
    await startAuth(store);
    reportUser(shopper);
    await waitFor(() => expect(store.getState().auth.status).toBe('loggedIn'));
    expect(calls.count).toBe(3);
    expect(localStorage.getItem('accessToken')).toBe('app-token');
  });

  it('keeps the session and the remembered token when the store stays unreachable', async () => {
    localStorage.setItem('accessToken', 'remembered');
    const calls = exchangeAnswers(down);
    reportUser(shopper);
    await waitFor(() => expect(store.getState().auth.signInError).not.toBeNull());
    expect(store.getState().auth.signInError).toBe(
      'Sign-in is unavailable right now. Please reload the page.',
    );
    // The first try and the policy's 3 retries, then no more.
    expect(calls.count).toBe(4);
    expect(firebaseSignOut).not.toHaveBeenCalled();
    expect(localStorage.getItem('accessToken')).toBe('remembered');
  });

  it('signs out of Firebase, once, when the store refuses the account', async () => {
    localStorage.setItem('accessToken', 'remembered');
    const calls = exchangeAnswers(() =>
      HttpResponse.json({ message: 'This account is disabled.' }, { status: 403 }),
    );
    reportUser(shopper);
    await waitFor(() => expect(firebaseSignOut).toHaveBeenCalledTimes(1));
    expect(calls.count).toBe(1);
    expect(store.getState().auth.signInError).toBe('This account is disabled.');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});
