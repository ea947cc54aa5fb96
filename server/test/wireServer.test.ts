import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import net from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { message } from '../src/embedded/protocol';
import { embeddedUrl } from '../src/embedded/databaseSecret';
import { createWireServer, type WireServer } from '../src/embedded/wireServer';

// The embedded database's server, through the same driver the API uses.
let db: PGlite;
let server: WireServer;
let port: number;
let url: string;
const problems: string[] = [];
const PASSWORD = 'wire-server-test-password-0123456789';
/** Short, so that the tests of idle connections are quick. */
const idleMs = 300;

beforeAll(async () => {
  db = new PGlite();
  await db.waitReady;
  server = createWireServer({
    db,
    password: PASSWORD,
    idleInTransactionMs: idleMs,
    // Long enough for a sign-in beside the big values' batches, which hold this process up.
    authenticationMs: 3_000,
    onProblem: (text) => problems.push(text),
  });
  port = await server.listen(0, '127.0.0.1');
  url = embeddedUrl(port, PASSWORD);
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
const sockets: net.Socket[] = [];
/** Polls until `condition` holds (the test's own timeout bounds the wait). */
async function waitFor(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
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
  await waitFor(() => heard.length === 2);
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

// A client that writes the protocol's bytes itself, to send them as slowly as a test needs.
const cstring = (text: string) => Buffer.from(`${text}\0`);
const int16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const query = (text: string) => message('Q', cstring(text));
const sync = message('S');
const flush = message('H');
/** Parse, Bind, Execute of `insert into items (label, data) values ($1, $2)`, unnamed. */
function insertMessages(label: string, data: Buffer) {
  const sql = 'insert into items (label, data) values ($1, $2)';
  return Buffer.concat([
    message('P', Buffer.concat([cstring(''), cstring(sql), int16(0)])),
    message(
      'B',
      Buffer.concat([
        cstring(''),
        cstring(''),
        ...[int16(2), int16(0), int16(1)], // the label as text, the data binary
        ...[int16(2), int32(Buffer.byteLength(label)), Buffer.from(label)],
        ...[int32(data.length), data, int16(0)],
      ]),
    ),
    message('E', Buffer.concat([cstring(''), int32(0)])),
  ]);
}

interface Reply {
  type: string;
  body: Buffer;
}

/**
 * The client's side of SCRAM-SHA-256, written here from RFC 5802 (pg has its own): the
 * client-first-message, and the client-final-message for the server's first.
 */
function scramClient(password: string) {
  const bare = `n=*,r=${randomBytes(18).toString('base64')}`;
  const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest();
  return {
    first: Buffer.from(`n,,${bare}`),
    final(serverFirst: string) {
      const fields = new Map(serverFirst.split(',').map((part) => [part[0], part.slice(2)]));
      const salted = pbkdf2Sync(
        password,
        Buffer.from(fields.get('s')!, 'base64'),
        Number(fields.get('i')),
        32,
        'sha256',
      );
      const clientKey = hmac(salted, 'Client Key');
      const storedKey = createHash('sha256').update(clientKey).digest();
      const withoutProof = `c=biws,r=${fields.get('r')}`;
      const signature = hmac(storedKey, `${bare},${serverFirst},${withoutProof}`);
      const proof = clientKey.map((byte, i) => byte ^ signature[i]!);
      return Buffer.from(`${withoutProof},p=${Buffer.from(proof).toString('base64')}`);
    },
  };
}

async function rawClient({ password = PASSWORD }: { password?: string | null } = {}) {
  const socket = net.connect(port, '127.0.0.1');
  sockets.push(socket);
  socket.setNoDelay(true);
  socket.on('error', () => {});
  const replies: Reply[] = [];
  let ended = false;
  let wake = () => {};
  let buffered = Buffer.alloc(0);
  socket.on('data', (chunk) => {
    buffered = Buffer.concat([buffered, chunk]);
    while (buffered.length >= 5 && buffered.length >= 1 + buffered.readInt32BE(1)) {
      const end = 1 + buffered.readInt32BE(1);
      replies.push({ type: String.fromCharCode(buffered[0]!), body: buffered.subarray(5, end) });
      buffered = buffered.subarray(end);
    }
    wake();
  });
  socket.on('close', () => {
    ended = true;
    wake();
  });
  /** The server's messages up to one `until` accepts, or all of them when it hangs up. */
  async function read(until: (reply: Reply) => boolean): Promise<Reply[]> {
    for (;;) {
      const at = replies.findIndex(until);
      if (at >= 0) return replies.splice(0, at + 1);
      if (ended) return replies.splice(0);
      await new Promise<void>((resolve) => (wake = resolve));
    }
  }
  const ready = () => read((r) => r.type === 'Z');
  const write = (bytes: Buffer) =>
    new Promise<void>((resolve, reject) =>
      socket.write(bytes, (err) => (err ? reject(err) : resolve())),
    );
  const body = Buffer.concat([
    int32(196608),
    ...['user', 'postgres', 'database', 'postgres'].map(cstring),
    Buffer.from([0]),
  ]);
  await write(Buffer.concat([int32(4 + body.length), body]));
  // AuthenticationSASL (10), then the exchange: AuthenticationSASLContinue (11) and Final (12).
  const [asked] = await read((r) => r.type === 'R');
  if (password !== null) {
    expect(asked!.body.readInt32BE(0)).toBe(10);
    expect(asked!.body.subarray(4).toString()).toBe('SCRAM-SHA-256\0\0');
    const scram = scramClient(password);
    await write(
      message(
        'p',
        Buffer.concat([cstring('SCRAM-SHA-256'), int32(scram.first.length), scram.first]),
      ),
    );
    const [challenge] = await read((r) => r.type === 'R' || r.type === 'E');
    if (challenge?.type !== 'R') throw new Error('the server refused the first message');
    await write(message('p', scram.final(challenge.body.subarray(4).toString())));
    await ready();
  }
  return {
    /** Whether the server closed the connection. */
    ended: () => ended,
    write,
    ready,
    read,
    /** Writes `bytes` in `pieces` parts with `gapMs` between one and the next. */
    async writeSlowly(bytes: Buffer, pieces: number, gapMs: number) {
      const size = Math.ceil(bytes.length / pieces);
      for (let at = 0; at < bytes.length; at += size) {
        if (at > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
        await write(bytes.subarray(at, at + size));
      }
    },
    end: () => socket.destroy(),
  };
}
/** The SQLSTATE of an ErrorResponse among `replies`. */
const codeOf = (replies: Reply[]) =>
  replies
    .find((r) => r.type === 'E')
    ?.body.toString()
    .split('\0')
    .find((field) => field.startsWith('C'))
    ?.slice(1);

describe('who may connect', () => {
  test('the password, proved by SCRAM-SHA-256 (pg, and a client written from the RFC)', async () => {
    expect((await pool().query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    const c = await rawClient();
    await c.write(query('select 2'));
    expect(statusOf(await c.ready())).toBe('I');
  });

  test('a wrong password is refused with 28P01 and the connection closed', async () => {
    const client = new pg.Client({ connectionString: embeddedUrl(port, 'not-the-password') });
    client.on('error', () => {});
    await expect(client.connect()).rejects.toMatchObject({
      code: '28P01',
      message: 'password authentication failed for user "postgres"',
    });
    const c = await rawClient({ password: null });
    const scram = scramClient('not-the-password');
    await c.write(
      message(
        'p',
        Buffer.concat([cstring('SCRAM-SHA-256'), int32(scram.first.length), scram.first]),
      ),
    );
    const [challenge] = await c.read((r) => r.type === 'R');
    await c.write(message('p', scram.final(challenge!.body.subarray(4).toString())));
    expect(codeOf(await c.read((r) => r.type === 'E'))).toBe('28P01');
    await c.read(() => false);
    expect(c.ended()).toBe(true);
  });

  test.each([
    ['a query without signing in', query("insert into items (label) values ('intruder')")],
    ['a cleartext password', message('p', cstring(PASSWORD))],
    ['another mechanism', message('p', Buffer.concat([cstring('SCRAM-SHA-256-PLUS'), int32(-1)]))],
    [
      'a malformed first message',
      message('p', Buffer.concat([cstring('SCRAM-SHA-256'), int32(3), Buffer.from('x,y')])),
    ],
  ])('%s: 28P01, the connection closed, nothing run', async (_, bytes) => {
    const c = await rawClient({ password: null });
    await c.write(Buffer.concat([bytes, query("insert into items (label) values ('intruder')")]));
    const replies = await c.read(() => false);
    expect(codeOf(replies)).toBe('28P01');
    expect(replies.map((r) => r.type)).not.toContain('C');
    expect(c.ended()).toBe(true);
    const intruders = await pool().query(
      "select count(*)::int as n from items where label = 'intruder'",
    );
    expect(intruders.rows[0].n).toBe(0);
  });

  test('a client that has not signed in cannot make the server hold a large message', async () => {
    const c = await rawClient({ password: null });
    // The header of a 100 MB password message: refused before any of it is kept.
    const header = Buffer.alloc(5);
    header.write('p', 0, 'latin1');
    header.writeInt32BE(100 * 1024 * 1024, 1);
    await c.write(Buffer.concat([header, Buffer.alloc(64 * 1024)]));
    const replies = await c.read(() => false);
    expect(codeOf(replies)).toBe('08P01');
    expect(c.ended()).toBe(true);
  });

  test('a client that never signs in is disconnected after the authentication time', async () => {
    const c = await rawClient({ password: null });
    const replies = await c.read(() => false);
    expect(codeOf(replies)).toBe('08P01');
    expect(c.ended()).toBe(true);
  });
});

/** The status of a ReadyForQuery among `replies`, and the error's text if there is one. */
const statusOf = (replies: Reply[]) => replies.find((r) => r.type === 'Z')?.body.toString();
const errorOf = (replies: Reply[]) =>
  replies
    .find((r) => r.type === 'E')
    ?.body.toString()
    .split('\0')
    .find((field) => field.startsWith('M'));
const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');

async function storedMd5(label: string) {
  const p = pool();
  const rows = await p.query('select md5(data) as md5 from items where label = $1', [label]);
  return rows.rows.map((r) => r.md5);
}
const idleProblems = () => problems.filter((text) => text.includes('idle')).length;

// 20 MB in 24 pieces, each following the last after a quarter of the idle timeout: the whole
// takes over four times the timeout, and the server never waits a whole one for a byte.
const slowly = { pieces: 24, gapMs: idleMs / 4 };

test.each([
  ['inside a transaction', 'begin', 'T'],
  ['in the middle of a batch, before its Sync', 'flushed', 'I'],
])(
  'a 20 MB value sent slowly %s: the connection is not idle while its bytes arrive',
  async (_, opening, statusAfter) => {
    const before = idleProblems();
    const c = await rawClient();
    if (opening === 'begin') {
      await c.write(query('begin'));
      expect(statusOf(await c.ready())).toBe('T');
    } else {
      // A first statement and a Flush: its answer comes, the batch (and the session) goes on.
      await c.write(Buffer.concat([insertMessages('first', Buffer.from('x')), flush]));
      expect((await c.read((r) => r.type === 'C')).map((r) => r.type)).toEqual(['1', '2', 'C']);
    }
    const data = Buffer.alloc(20 * 1024 * 1024);
    for (let i = 0; i < data.length; i += 4096) data.writeUInt32BE(i, i);
    const started = performance.now();
    await c.writeSlowly(
      Buffer.concat([insertMessages(`slow-${opening}`, data), sync]),
      slowly.pieces,
      slowly.gapMs,
    );
    expect(performance.now() - started).toBeGreaterThan(idleMs);
    const replies = await c.ready();
    expect(errorOf(replies)).toBeUndefined();
    expect(replies.find((r) => r.type === 'C')?.body.toString()).toBe('INSERT 0 1\0');
    expect(statusOf(replies)).toBe(statusAfter);
    if (opening === 'begin') {
      await c.write(query('commit'));
      expect(statusOf(await c.ready())).toBe('I');
    }
    c.end();
    expect(await storedMd5(`slow-${opening}`)).toEqual([md5(data)]);
    expect(idleProblems()).toBe(before);
  },
);

test('a value arriving slowly outside a transaction holds nobody up, and arrives whole', async () => {
  const c = await rawClient();
  const data = Buffer.alloc(4 * 1024 * 1024, 7);
  const bytes = Buffer.concat([insertMessages('slow-alone', data), sync]);
  // The Parse and half the Bind, then nothing until another connection's query has run.
  const half = Math.floor(bytes.length / 2);
  await c.write(bytes.subarray(0, half));
  await waitFor(() => server.state().arriving === half - parseLength(bytes));
  expect((await pool().query('select 1 as one')).rows[0].one).toBe(1);
  await c.writeSlowly(bytes.subarray(half), 4, slowly.gapMs);
  const replies = await c.ready();
  expect(errorOf(replies)).toBeUndefined();
  expect(statusOf(replies)).toBe('I');
  c.end();
  expect(await storedMd5('slow-alone')).toEqual([md5(data)]);
});

test('a connection that stops in the middle of a message inside a transaction is closed', async () => {
  const c = await rawClient();
  await c.write(query('begin'));
  await c.ready();
  await c.write(query(`insert into items (label) values ('half-sent')`));
  await c.ready();
  const bytes = Buffer.concat([insertMessages('never', Buffer.alloc(1024 * 1024)), sync]);
  await c.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
  // Nothing more comes: after the idle timeout the server gives up on it, and rolls back.
  const replies = await c.read(() => false);
  expect(errorOf(replies)).toBe('Mterminating connection due to idle-in-transaction timeout');
  const p = pool();
  const seen = await p.query(`select count(*)::int as n from items where label = 'half-sent'`);
  expect(seen.rows[0].n).toBe(0);
});

/** The length of the first message (the Parse) of `bytes`. */
const parseLength = (bytes: Buffer) => 1 + bytes.readInt32BE(1);
