import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { PGLITE_RUN_ONLY, POSTGRES_URL } from './stack';

// The PostgreSQL run of CI is only worth something if the stack under test really runs on it.
test('the stack under test runs on PostgreSQL when DATABASE_URL is given, else on PGlite', async ({
  request,
}) => {
  const health = await (await request.get('/api/health')).json();
  expect(health).toEqual({ status: 'ok', database: POSTGRES_URL ? 'postgres' : 'pglite' });
});

// ---------------------------------------------------------------------------------------------
// The embedded database (issue 27, finding 2): its wire server on a loopback port took any user
// and any password, so any program of any user of the machine could `UPDATE users SET
// role='admin'`. Found here as an attacker finds it: a port on loopback, here the one the stack's
// database process listens on.

function pgliteDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through npm run test:security');
  return path.join(dataDir, 'pglite');
}

/** The loopback port the stack's embedded database process listens on (from /proc). */
function databasePort(): number {
  const folder = pgliteDir();
  const inodes = new Set<string>();
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let argv: string[];
    try {
      argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (!argv.includes(folder) || !argv.some((arg) => /embedded[/\\]main\.[jt]s$/.test(arg))) {
      continue;
    }
    for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
      let target: string;
      try {
        target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`, { encoding: 'utf8' });
      } catch {
        // Closed since it was listed (a connection that ended): not the socket it listens on.
        continue;
      }
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode) inodes.add(inode);
    }
  }
  for (const line of fs.readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    // local address, state 0A (listening), inode
    if (fields[3] === '0A' && inodes.has(fields[9]!))
      return parseInt(fields[1]!.split(':')[1]!, 16);
  }
  throw new Error(`no embedded database process of ${folder} listens on TCP`);
}

/** A PostgreSQL startup message (protocol 3.0) for `user`. */
function startupMessage(user: string): Buffer {
  const body = Buffer.from(`user\0${user}\0database\0postgres\0\0`);
  const out = Buffer.alloc(8 + body.length);
  out.writeInt32BE(out.length, 0);
  out.writeInt32BE(196608, 4);
  body.copy(out, 8);
  return out;
}

function typed(type: string, body: Buffer): Buffer {
  const out = Buffer.alloc(5 + body.length);
  out.write(type, 0, 'latin1');
  out.writeInt32BE(4 + body.length, 1);
  body.copy(out, 5);
  return out;
}

/**
 * A client that skips authentication: the startup message, then at once a password message as
 * cleartext authentication would send it and the attack's query. Resolves with everything the
 * server sent until it closed the connection (or 5 s passed).
 */
function rawAttempt(port: number): Promise<{ bytes: Buffer; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ bytes: Buffer.concat(chunks), closed: false });
    }, 5_000);
    socket.on('error', reject);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ bytes: Buffer.concat(chunks), closed: true });
    });
    socket.write(startupMessage('nobody'));
    socket.write(typed('p', Buffer.from('wrong\0')));
    socket.write(typed('Q', Buffer.from("update users set role = 'admin'\0")));
  });
}

/** The messages of a server's answer: type and body. */
function messages(bytes: Buffer): Array<{ type: string; body: Buffer }> {
  const found = [];
  for (let at = 0; at + 5 <= bytes.length;) {
    const end = at + 1 + bytes.readInt32BE(at + 1);
    found.push({ type: String.fromCharCode(bytes[at]!), body: bytes.subarray(at + 5, end) });
    at = end;
  }
  return found;
}

test.describe('the embedded database', () => {
  test.skip(POSTGRES_URL !== null, PGLITE_RUN_ONLY);

  test('a wrong password is refused (28P01) and nothing runs', async () => {
    const client = new pg.Client({
      host: '127.0.0.1',
      port: databasePort(),
      user: 'nobody',
      password: 'wrong',
      database: 'postgres',
    });
    client.on('error', () => {});
    const refused = await client.connect().then(
      async () => {
        await client.query("update users set role = 'admin'").catch(() => {});
        await client.end();
        return null;
      },
      (err: { code?: string }) => err,
    );
    expect(refused?.code).toBe('28P01');
  });

  test('a client that does not authenticate gets no session: 28P01, connection closed', async () => {
    const answer = await rawAttempt(databasePort());
    const sent = messages(answer.bytes);
    // Never "authentication ok" (R with 0), nor any answer to the query.
    expect(sent.some((m) => m.type === 'R' && m.body.readInt32BE(0) === 0)).toBe(false);
    expect(sent.map((m) => m.type)).not.toContain('C');
    const error = sent.find((m) => m.type === 'E');
    expect(error?.body.toString('latin1')).toContain('C28P01');
    expect(answer.closed).toBe(true);
  });

  test("the store's password is in the data folder, readable by its owner alone", async () => {
    const file = path.join(pgliteDir(), 'store-password');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(pgliteDir()).mode & 0o077).toBe(0);
    // Its owner (as the store, and `npm run backup`) gets in with it.
    const client = new pg.Client({
      host: '127.0.0.1',
      port: databasePort(),
      user: 'postgres',
      password: fs.readFileSync(file, 'utf8').trim(),
      database: 'postgres',
    });
    await client.connect();
    try {
      expect(
        (await client.query('select count(*)::int as n from users')).rows[0].n,
      ).toBeGreaterThanOrEqual(0);
    } finally {
      await client.end();
    }
  });
});
