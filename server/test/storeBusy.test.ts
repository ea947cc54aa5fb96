import Fastify from 'fastify';
import pg from 'pg';
import { installErrorHandling } from '../src/http/errors';
import { refusals } from '../src/refusals';
import { createTestDatabase } from './testApp';

describe('a database with no connection free', () => {
  it('answers 503 in words with Retry-After, not a 500, while every connection is taken', async () => {
    const database = await createTestDatabase();
    // One connection, taken below (opening it may take a while on a busy machine); then a call
    // waits a moment for it and gives up (pg-pool reads its timeout at each wait).
    const pool = new pg.Pool({
      connectionString: database.url,
      max: 1,
      connectionTimeoutMillis: 30_000,
    });
    const app = Fastify();
    installErrorHandling(app);
    app.get('/busy', async () => (await pool.query('select 1 as one')).rows[0]);
    const taken = await pool.connect();
    pool.options.connectionTimeoutMillis = 50;
    try {
      const res = await app.inject({ method: 'GET', url: '/busy' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({
        error: 'Service Unavailable',
        message: refusals.requests.storeBusy,
      });
    } finally {
      taken.release();
    }
    // Once a connection is free again the same call is answered.
    expect((await app.inject({ method: 'GET', url: '/busy' })).json()).toEqual({ one: 1 });
    await app.close();
    await pool.end();
    await database.drop();
  });
});
