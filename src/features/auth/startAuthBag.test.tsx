import { render, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import type { MergeBagBody } from '@contract/bag';
import { guestBagReplaced } from '../../shared/bag/guestBag';
import { makeStore } from '../../store/store';
import { configHandler } from '../../test/apiHandlers';
import { bagLine, bagOf } from '../../test/bagFixtures';
import { battery, tyre } from '../../test/fixtures';
import { server } from '../../test/server';
import { expectToast } from '../../test/toastAlerts';
import { startAuth } from './startAuth';

jest.mock('./firebaseClient', () => ({ loadFirebase: jest.fn(), firebase: jest.fn() }));
const { loadFirebase } = jest.requireMock('./firebaseClient') as { loadFirebase: jest.Mock };

/** Firebase's auth listener, as startAuth registers it: the tests report sign-ins through it. */
let reportUser: (user: unknown) => void = () => {};
loadFirebase.mockResolvedValue({
  auth: {},
  sdk: {
    onAuthStateChanged: (_auth: unknown, listener: (user: unknown) => void) => {
      reportUser = listener;
    },
    signOut: async () => {},
  },
});
const shopper = {
  email: 'shopper@store.test',
  displayName: 'Demo Shopper',
  getIdToken: async () => 'firebase-id-token',
};

const guestLines = [
  { productId: tyre._id, quantity: 4, price: tyre.price },
  { productId: battery._id, quantity: 2, price: battery.price },
];

/** The sign-in calls other than the merge: the token exchange and the admin check. */
function signInHandlers() {
  return [
    configHandler(),
    http.put('/api/users/:email', () => HttpResponse.json({ token: 'app-token' })),
    http.get('/api/admin/:email', () => HttpResponse.json({ admin: false })),
  ];
}

beforeEach(() => localStorage.clear());

// In this order: the listener starts once per page, with the page's store (the first test).
let store: ReturnType<typeof makeStore>;
describe("a guest's bag at sign-in", () => {
  it('is merged into the account’s bag once, emptied here, and what was capped is told', async () => {
    localStorage.setItem('guestBag', JSON.stringify(guestLines));
    const merges: MergeBagBody[] = [];
    const capped =
      'Only 1 of PowerCell AGM Battery 12V 70Ah is in stock, so your bag has 1 (you asked for 2).';
    server.use(
      ...signInHandlers(),
      http.post('/api/bag/merge', async ({ request }) => {
        merges.push((await request.json()) as MergeBagBody);
        return HttpResponse.json(bagOf([bagLine(tyre, 4), bagLine(battery, 1)], [capped]));
      }),
    );
    render(<ToastContainer />);
    store = makeStore();
    await startAuth(store);
    reportUser(shopper);

    await expectToast(capped);
    expect(merges).toEqual([
      {
        items: [
          { productId: tyre._id, quantity: 4 },
          { productId: battery._id, quantity: 2 },
        ],
      },
    ]);
    expect(store.getState().auth.status).toBe('loggedIn');
    expect(store.getState().guestBag).toEqual([]);
    expect(localStorage.getItem('guestBag')).toBeNull();
  });

  it('stays in this browser for the next sign-in when the merge fails, and says so', async () => {
    // Signed out, then filled as a guest again on the same page.
    store.dispatch(guestBagReplaced(guestLines));
    server.use(
      ...signInHandlers(),
      http.post('/api/bag/merge', () => HttpResponse.json({ message: 'down' }, { status: 503 })),
    );
    render(<ToastContainer />);
    reportUser(shopper);

    await expectToast(
      'The bag you filled before signing in could not be added just now. It is kept on this device and added the next time you sign in.',
    );
    await waitFor(() => expect(store.getState().guestBag).toEqual(guestLines));
    expect(JSON.parse(localStorage.getItem('guestBag') ?? '[]')).toEqual(guestLines);
  });
});
