import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { configHandler } from './apiHandlers';
import { marketFixtures } from './marketFixtures';

/**
 * A stand-in for the API at the network level: components use the real RTK Query slice and
 * `fetch`, and each test says what `/api/...` answers.
 */
export const server = setupServer(
  // Signing out tells the API to revoke the token; every test that signs out would send it.
  http.post('/api/logout', () => new HttpResponse(null, { status: 204 })),
  // The navbar of every signed-in page reads the bag for its count: empty unless a test says.
  http.get('/api/bag', () => HttpResponse.json({ items: [], total: 0, notices: [] })),
  // The store's settings: product pages state its delivery estimate from them.
  configHandler(),
  // The shop's and the landing page's "My car" picker reads the makes: none unless a test says.
  http.get('/api/vehicles/makes', () => HttpResponse.json([])),
  // The header's market selector reads the markets: the three the store opens with.
  http.get('/api/markets', () => HttpResponse.json(marketFixtures)),
  // A tyre's page and the shop's cards link to their models: none unless a test says.
  http.get('/api/models/of', () => HttpResponse.json([])),
  http.get('/api/product/:id/model', () =>
    HttpResponse.json({ statusCode: 404, message: 'No model.' }, { status: 404 }),
  ),
  // Every product card and page asks for its offers' badges: none unless a test says.
  http.get('/api/promotions/badges', () => HttpResponse.json({})),
  // The bag and the checkout ask what the promotions take off: nothing unless a test says.
  ...['check', 'guest-check'].map((call) =>
    http.post(`/api/promotions/${call}`, () =>
      HttpResponse.json({
        currency: 'USD',
        locale: 'en-US',
        applied: [],
        refused: [],
        savingMinor: 0,
      }),
    ),
  ),
  // Every sign-in asks for the person's staff roles beside the admin check: none unless a test says.
  http.get('/api/staff/me', () =>
    HttpResponse.json({ roles: [], permissions: [], refundLimit: null }),
  ),
);

/**
 * Requests no handler answered, each with the test that was running when it was sent. Such a request fails as a
 * network error (MSW's 'error' strategy, which also prints it), and the test that made it
 * fails: a page that asks for something its test did not expect is not a passing test, and its
 * error is not noise to learn to ignore.
 */
const unhandled: string[] = [];

function failOnUnhandled() {
  if (unhandled.length === 0) return;
  const requests = unhandled.splice(0);
  throw new Error(
    `No MSW handler answered ${requests.join('; ')}: give the test a handler for each request it causes.`,
  );
}

beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request, print) => {
      const { pathname, search } = new URL(request.url);
      const test = expect.getState().currentTestName ?? 'outside a test';
      unhandled.push(`${request.method} ${pathname}${search} (while ${test} ran)`);
      print.error();
    },
  }),
);
afterEach(() => {
  server.resetHandlers();
  failOnUnhandled();
});
afterAll(() => {
  server.close();
  failOnUnhandled();
});
