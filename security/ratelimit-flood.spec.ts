import { expect, test } from '@playwright/test';

// Last by name on purpose: it uses up this address's token exchanges for the next minute.
test('a flood of token exchanges is rate limited', async ({ request }) => {
  const statuses: number[] = [];
  for (let i = 0; i < 25; i += 1) {
    statuses.push((await request.put('/api/users/flood@attack.test', { data: {} })).status());
  }
  // Refused for lack of a token until the limit bites (earlier suites may have used some).
  expect(statuses).toContain(429);
  expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  expect(statuses.lastIndexOf(401)).toBeLessThan(statuses.indexOf(429));
});
