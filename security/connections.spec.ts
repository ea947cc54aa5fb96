import http from 'node:http';
import net from 'node:net';
import { expect, test } from '@playwright/test';
import { addressKey } from '../server/src/http/connections';
import { cleanUp, emulatorHost, freshDatabase, startApi } from './stack';

// Issue 27, finding 4: one client held all 1,000 connections by dripping headers and
// reconnecting; everyone else's requests were reset. Each test has an API process of its own:
// the suite's own store is shared by every file, all from 127.0.0.1.
test.afterEach(cleanUp);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** GET `path` on a new connection from `localAddress` (on Linux all of 127/8 is this machine). */
function getFrom(localAddress: string, port: number, path = '/api/health') {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, localAddress, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', reject);
  });
}

/**
 * The attack: `count` connections from 127.0.0.1, each sending a request's headers a line a
 * second, and a new one opened whenever one is closed. Returns how to stop it, and what it holds.
 */
function dripHeaders(port: number, count: number) {
  let attacking = true;
  const open = new Set<net.Socket>();
  let refusals = 0;
  const connect = () => {
    if (!attacking) return;
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.1' });
    let drip: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      open.add(socket);
      socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      drip = setInterval(() => socket.write('X-Slow: 1\r\n'), 1000);
    });
    socket.on('data', (chunk: Buffer) => {
      if (chunk.toString().startsWith('HTTP/1.1 503')) refusals += 1;
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(drip);
      open.delete(socket);
      // Reconnects at once, as the attack did (a tenth of a second later, to spare the machine).
      setTimeout(connect, 100);
    });
  };
  for (let i = 0; i < count; i += 1) connect();
  return {
    open: () => open.size,
    refusals: () => refusals,
    /** Opens no more connections; those it holds stay open. */
    pause: () => (attacking = false),
    stop() {
      attacking = false;
      for (const socket of open) socket.destroy();
    },
  };
}

test('one address cannot take the server’s connections; other addresses are still served', async ({
  request,
}) => {
  const api = await startApi({
    database: await freshDatabase(),
    emulatorHost: await emulatorHost(request),
    // The defaults are 1,000 and 200: the same attack, at a fifth of the size.
    env: { MAX_CONNECTIONS: '200', MAX_CONNECTIONS_PER_ADDRESS: '40' },
  });
  // More connections than the server takes in all.
  const attack = dripHeaders(api.port, 250);
  try {
    await sleep(2000);
    // Another client, from another address, asks again and again on new connections.
    const answers: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      answers.push(
        await getFrom('127.0.0.2', api.port).then(
          (res) => String(res.status),
          (err: Error) => err.message,
        ),
      );
      await sleep(100);
    }
    console.log(
      `while one address drips headers on ${attack.open()} connections (refused ` +
        `${attack.refusals()} times): the other address's answers ${[...new Set(answers)].join(', ')}`,
    );
    expect(answers).toEqual(Array(20).fill('200'));
    // The attacker holds its cap and no more (once the ones being refused are closed); a new
    // connection of its own is told why it closes.
    attack.pause();
    await sleep(500);
    expect(attack.open()).toBeLessThanOrEqual(40);
    const refused = await getFrom('127.0.0.1', api.port).catch((err: Error) => err);
    if (!(refused instanceof Error)) {
      expect(refused.status).toBe(503);
      expect(JSON.parse(refused.body).message).toMatch(/^Too many connections from your address/);
    }
    expect(attack.refusals()).toBeGreaterThan(0);
  } finally {
    attack.stop();
  }
  // Once it stops, its address is served again.
  await expect.poll(async () => (await getFrom('127.0.0.1', api.port)).status).toBe(200);
});

test('behind a proxy every client has the proxy’s address: no cap per address unless set', async ({
  request,
}) => {
  const emulator = await emulatorHost(request);
  const [direct, proxied] = await Promise.all([
    startApi({ database: await freshDatabase(), emulatorHost: emulator }),
    startApi({
      database: await freshDatabase(),
      emulatorHost: emulator,
      env: { TRUST_PROXY: 'true' },
    }),
  ]);
  // 250 idle connections from one address: the default cap (200) closes the rest when the
  // API is reached directly, and none when it is reached through a proxy.
  const held = async (port: number) => {
    const sockets = Array.from({ length: 250 }, () => {
      const socket = net.connect({ port, host: '127.0.0.1' });
      socket.on('error', () => undefined);
      // Read, so that a connection the server closes is seen closed.
      socket.resume();
      return socket;
    });
    await sleep(1500);
    const open = sockets.filter((socket) => !socket.destroyed && !socket.readableEnded).length;
    for (const socket of sockets) socket.destroy();
    return open;
  };
  // (The suite's own kept-alive connections from starting the API count too: a few fewer.)
  const direct250 = await held(direct.port);
  expect(direct250).toBeLessThanOrEqual(200);
  expect(direct250).toBeGreaterThanOrEqual(190);
  expect(await held(proxied.port)).toBe(250);
});

test('connections are counted per IPv4 address and per IPv6 /64 network', () => {
  expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
  expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
  expect(addressKey('2001:DB8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
  expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
  expect(addressKey('::1')).toBe('0:0:0:0::/64');
  expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
});
