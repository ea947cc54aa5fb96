import { expect, test } from '@playwright/test';
import { cleanUp, emulatorHost, freshDatabase, startApi } from './stack';

// The flood gets an API process of its own with a small limit: on the stack under test it would
// share one address's budget with every other file's sign-ins, and pass or fail by their order.
const FLOOD_LIMIT = 20;

test.afterEach(cleanUp);

test('a flood of token exchanges is rate limited', async ({ request }) => {
  const database = await freshDatabase();
  const api = await startApi({
    database,
    emulatorHost: await emulatorHost(request),
    env: { TOKEN_RATE_LIMIT: String(FLOOD_LIMIT) },
  });
  const statuses: number[] = [];
  for (let i = 0; i < FLOOD_LIMIT + 5; i += 1) {
    const res = await fetch(`${api.url}/api/users/flood@attack.test`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    statuses.push(res.status);
  }
  // Refused for lack of a token while under the limit, then 429 for every further try.
  expect(statuses.slice(0, FLOOD_LIMIT).every((s) => s === 401)).toBe(true);
  expect(statuses.slice(FLOOD_LIMIT).every((s) => s === 429)).toBe(true);
});
