import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createWireServer, type WireServer } from '../src/embedded/wireServer';

// The embedded database's server, through the same driver the API uses.
let db: PGlite;
let server: WireServer;
let url: string;
const problems: string[] = [];

beforeAll(async () => {
  db = new PGlite();
  await db.waitReady;
  server = createWireServer({
    db,
    idleInTransactionMs: 300,
    onProblem: (text) => problems.push(text),
  });
  const port = await server.listen(0, '127.0.0.1');
  url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await db.exec('create table items (id serial primary key, label text, data bytea)');
});

afterAll(async () => {
  await server.close();
  await db.close();
});

const pools: pg.Pool[] = [];
function pool(max = 10) {
  const p = new pg.Pool({ connectionString: url, max });
  p.on('error', () => {});
  pools.push(p);
  return p;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.end()));
});

test('many connections run parameterised queries at once, each getting its own answer', async () => {
  const p = pool();
  const answers = await Promise.all(
    Array.from({ length: 200 }, (_, i) => p.query('select $1::int * 2 as n', [i])),
  );
  expect(answers.map((a) => a.rows[0].n)).toEqual(Array.from({ length: 200 }, (_, i) => i * 2));
});

test('a transaction runs alone: another connection never sees or joins it half done', async () => {
  const p = pool();
  const a = await p.connect();
  await a.query('begin');
  await a.query(`insert into items (label) values ('in-tx')`);
  // B's statement waits until A's transaction ends, then sees its outcome.
  const seen = p.query(`select count(*)::int as n from items where label = 'in-tx'`);
  await new Promise((resolve) => setTimeout(resolve, 50));
  await a.query('rollback');
  a.release();
  expect((await seen).rows[0].n).toBe(0);
});

test('big binary values beside many small statements arrive whole, in the right table', async () => {
  const p = pool();
  const big = Array.from({ length: 4 }, (_, i) => Buffer.alloc(5 * 1024 * 1024, i + 1));
  await Promise.all([
    ...big.map((data, i) =>
      p.query('insert into items (label, data) values ($1, $2)', [`big-${i}`, data]),
    ),
    ...Array.from({ length: 200 }, (_, i) =>
      p.query('insert into items (label) values ($1)', [`small-${i}`]),
    ),
  ]);
  const rows = await p.query(
    `select label, data from items where label like 'big-%' order by label`,
  );
  expect(rows.rows.map((r) => r.label)).toEqual(['big-0', 'big-1', 'big-2', 'big-3']);
  rows.rows.forEach((r, i) => expect(Buffer.compare(r.data, big[i]!)).toBe(0));
});

test('a NOTIFY from one connection reaches the listeners on others, at commit', async () => {
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  const heard: string[] = [];
  listener.on('notification', (n) => heard.push(`${n.channel}:${n.payload}`));
  await listener.query('listen "things_changed"');
  const p = pool();
  await p.query(`select pg_notify('things_changed', 'one')`);
  await p.query(`select pg_notify('other_channel', 'nobody')`);
  const c = await p.connect();
  await c.query('begin');
  await c.query(`select pg_notify('things_changed', 'two')`);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(heard).toEqual(['things_changed:one']);
  await c.query('commit');
  c.release();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(heard).toEqual(['things_changed:one', 'things_changed:two']);
  await listener.end();
});

test('two connections may prepare statements of the same name', async () => {
  const p = pool(2);
  const [a, b] = [await p.connect(), await p.connect()];
  const run = (c: pg.PoolClient, n: number) =>
    c.query({ name: 'same_name', text: 'select $1::int + 1 as n', values: [n] });
  expect((await run(a, 1)).rows[0].n).toBe(2);
  expect((await run(b, 10)).rows[0].n).toBe(11);
  expect((await run(a, 2)).rows[0].n).toBe(3);
  a.release();
  b.release();
});

test('an error inside a transaction fails only that transaction; others go on', async () => {
  const p = pool();
  const c = await p.connect();
  await c.query('begin');
  await expect(c.query('select 1/0')).rejects.toThrow(/division by zero/);
  await expect(c.query('select 1')).rejects.toThrow(/aborted/);
  await c.query('rollback');
  c.release();
  expect((await p.query('select 1 as one')).rows[0].one).toBe(1);
});

test('a transaction left idle is rolled back and its connection closed; others go on', async () => {
  const p = pool();
  const stuck = await p.connect();
  stuck.on('error', () => {});
  await stuck.query('begin');
  await stuck.query(`insert into items (label) values ('abandoned')`);
  const other = await p.query(`select count(*)::int as n from items where label = 'abandoned'`);
  expect(other.rows[0].n).toBe(0);
  expect(problems.some((text) => text.includes('idle in a transaction'))).toBe(true);
  await expect(stuck.query('select 1')).rejects.toThrow();
  stuck.release(true);
});

test('a client that disconnects mid-transaction leaves nothing behind', async () => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('begin');
  await c.query(`insert into items (label) values ('gone')`);
  await c.end();
  const p = pool();
  const seen = await p.query(`select count(*)::int as n from items where label = 'gone'`);
  expect(seen.rows[0].n).toBe(0);
});
