import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * A stand-in for the API at the network level: components use the real RTK Query slice and
 * `fetch`, and each test says what `/api/...` answers.
 */
export const server = setupServer(
  // Signing out tells the API to revoke the token; every test that signs out would send it.
  http.post('/api/logout', () => new HttpResponse(null, { status: 204 })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
