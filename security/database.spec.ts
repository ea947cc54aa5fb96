import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { POSTGRES_URL, runningServer } from './stack';

// A run with DATABASE_URL is only worth something if the stack under test really runs on it.
test('the stack under test runs on the embedded server, or on the PostgreSQL of DATABASE_URL', async ({
  request,
}) => {
  const health = await (await request.get('/api/health')).json();
  expect(health).toEqual({ status: 'ok', database: POSTGRES_URL ? 'postgres' : 'embedded' });
});

// ---------------------------------------------------------------------------------------------
// The embedded database of the stack under test: a PostgreSQL server on a loopback port, which
// any program of any user of the machine can reach. Found here as an attacker finds it.

function dataDir(): string {
  const folder = process.env.E2E_DATA_DIR;
  if (!folder) throw new Error('E2E_DATA_DIR is not set: run through npm run test:security');
  return folder;
}

const postgresDir = () => path.join(dataDir(), 'postgres');

function serverPort(): number {
  const server = runningServer(dataDir());
  if (!server) throw new Error(`no database server runs on ${dataDir()}`);
  return server.port;
}

async function connect(user: string, password: string) {
  const client = new pg.Client({
    host: '127.0.0.1',
    port: serverPort(),
    user,
    password,
    database: 'postgres',
  });
  client.on('error', () => {});
  return client.connect().then(
    () => client,
    async (err: { code?: string }) => {
      await client.end().catch(() => {});
      throw err;
    },
  );
}

/** The local addresses sockets listen on at `port` (from /proc/net/tcp and tcp6, in hex). */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((table) =>
    fs
      .readFileSync(table, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      // local address, state 0A (listening)
      .filter((fields) => fields[3] === '0A' && fields[1]?.endsWith(`:${hexPort}`))
      .map((fields) => fields[1]!.split(':')[0]!),
  );
}

test.describe('the embedded database', () => {
  test.skip(POSTGRES_URL !== null, 'the stack under test runs on the PostgreSQL of DATABASE_URL');

  for (const user of ['postgres', 'nobody']) {
    test(`a wrong password is refused (28P01) for ${user}, and nothing runs`, async () => {
      const refused = await connect(user, 'wrong').then(
        async (client) => {
          await client.query("update users set role = 'admin'").catch(() => {});
          await client.end();
          return null;
        },
        (err: { code?: string }) => err,
      );
      expect(refused?.code).toBe('28P01');
    });
  }

  test("the store's password and the cluster are its owner's alone", async () => {
    const file = path.join(postgresDir(), 'store-password');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // Nobody else enters the folders; the server's own user (run as root) only passes through.
    expect(fs.statSync(postgresDir()).mode & 0o007).toBe(0);
    expect(fs.statSync(path.join(postgresDir(), 'cluster')).mode & 0o077).toBe(0);
    // Its owner (as the store, and `npm run backup`) gets in with it, and every way in asks for
    // the password: no `trust` nor `peer` line, not even for the socket in the cluster folder.
    const client = await connect('postgres', fs.readFileSync(file, 'utf8').trim());
    try {
      const rules = await client.query<{ auth_method: string }>(
        'select distinct auth_method from pg_hba_file_rules',
      );
      expect(rules.rows.map((rule) => rule.auth_method)).toEqual(['scram-sha-256']);
      expect(
        (await client.query('select count(*)::int as n from users')).rows[0].n,
      ).toBeGreaterThanOrEqual(0);
    } finally {
      await client.end();
    }
  });

  test('it listens on loopback only', async () => {
    const port = serverPort();
    // 0100007F is 127.0.0.1 as /proc writes it; never 00000000 (every address) nor an IPv6 one.
    expect(listeningAddresses(port)).toEqual(['0100007F']);
    const outside = Object.values(os.networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal);
    test.skip(!outside, 'this machine has no non-loopback IPv4 address to try');
    const reached = await new Promise<string>((resolve) => {
      const socket = net.connect(port, outside!.address);
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    });
    expect(reached).toBe('ECONNREFUSED');
  });
});
