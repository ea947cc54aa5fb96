import { expect, test } from '@playwright/test';
import { POSTGRES_URL } from './stack';

// The PostgreSQL run of CI is only worth something if the stack under test really runs on it.
test('the stack under test runs on PostgreSQL when DATABASE_URL is given, else on PGlite', async ({
  request,
}) => {
  const health = await (await request.get('/api/health')).json();
  expect(health).toEqual({ status: 'ok', database: POSTGRES_URL ? 'postgres' : 'pglite' });
});
