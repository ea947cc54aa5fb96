import { setupServer } from 'msw/node';

/**
 * A stand-in for the API at the network level: components use the real RTK Query slice and
 * `fetch`, and each test says what `/api/...` answers.
 */
export const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
