import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app';
import { startEmbeddedDatabase } from '../src/embedded/embeddedDatabase';
import { testConfig } from './testApp';

// The embedded database on a data folder, as `npm start` runs it: in `$DATA_DIR/postgres`, never
// straight in the temporary folder (run as root, the folder above it is opened to the server).
describe('the embedded database on a data folder', () => {
  let dataDir: string;
  let dir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-data-'));
    dir = path.join(dataDir, 'postgres');
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps what one run stored for the next run', async () => {
    const listProducts = async () => {
      const database = await startEmbeddedDatabase(dir, { log: () => {} });
      const app = await buildApp(testConfig({ databaseUrl: database.url }));
      try {
        const listed = (await app.inject({ method: 'GET', url: '/api/product' })).json();
        return listed.map((p: { _id: string }) => p._id) as string[];
      } finally {
        await app.close();
        await database.stop();
      }
    };
    const first = await listProducts();
    // Same ids: the second start reused the data instead of seeding anew.
    expect(await listProducts()).toEqual(first);
    expect(first.length).toBeGreaterThan(0);
  }, 120_000);

  it('is started again on the same address when it dies, with nothing committed lost', async () => {
    const database = await startEmbeddedDatabase(dir, { log: () => {} });
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    pool.on('error', () => {});
    try {
      await pool.query('create table kept (n int)');
      await pool.query('insert into kept values (1), (2)');
      const before = database.pid();
      process.kill(before!, 'SIGKILL');
      // Queries fail while it is down, then work again on the same URL once a new server runs
      // (a session of the killed one may answer for a moment before it notices).
      let rows: number[] | null = null;
      const restarted = () => rows !== null && database.pid() !== before;
      for (let i = 0; i < 240 && !restarted(); i += 1) {
        rows = await pool
          .query<{ n: number }>('select n from kept order by n')
          .then((r) => r.rows.map((row) => row.n))
          .catch(() => null);
        if (!restarted()) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(rows).toEqual([1, 2]);
      expect(database.pid()).not.toBe(before);
    } finally {
      await pool.end();
      await database.stop();
    }
  }, 120_000);

  it('lets one process at a time use a folder', async () => {
    const database = await startEmbeddedDatabase(dir, { log: () => {} });
    let readyAt = 0;
    const second = startEmbeddedDatabase(dir, { log: () => {} });
    void second.then(() => (readyAt = Date.now()));
    try {
      // The second waits while the first holds the folder, and starts once it is free.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(readyAt).toBe(0);
      await database.stop();
      const stoppedAt = Date.now();
      await (await second).stop();
      expect(readyAt).toBeGreaterThanOrEqual(stoppedAt - 50);
    } finally {
      await database.stop();
    }
  }, 120_000);
});
