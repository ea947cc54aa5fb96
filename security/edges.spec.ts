import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { SignJWT } from 'jose';
import { apiProgramArgs } from '../scripts/apiProgram';
import { freePort } from '../scripts/processes';
import { appTokenFor, bearer, uniqueEmail } from './identity';
import { cleanUp, emulatorHost, freshDatabase, signIn, startApi } from './stack';
import { expectRefused } from './refusal';

// Safe defaults of `npm start` and the edges of HTTP: what a stranger on the network, a slow
// client or odd bytes can do.

test.afterEach(cleanUp);

const root = path.resolve(__dirname, '..');

/** Sends raw bytes on a new connection; resolves with everything the server sent back. */
function rawExchange(port: number, bytes: string, waitMs = 3000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.write(bytes);
    setTimeout(() => socket.destroy(), waitMs);
  });
}

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'store-edges-'));

test.describe('text with control characters', () => {
  test('a NUL or control character in any text field answers 400 with a message', async ({
    request,
  }) => {
    const token = await appTokenFor(request, uniqueEmail('nul'));
    const [product] = await (await request.get('/api/product')).json();
    const order = { productId: product._id, name: 'Eve', address: '1 Road', number: '555 0100' };
    const attempts = [
      request.post('/api/order', {
        headers: bearer(token),
        data: { ...order, quantity: 1, address: '1 Road\u0000; drop table' },
      }),
      request.post('/api/order', {
        headers: bearer(token),
        data: { ...order, quantity: 1, name: 'Eve\u0007' },
      }),
      request.post('/api/review', {
        headers: bearer(token),
        data: {
          name: 'Eve',
          description: 'Good\u0000',
          Ratings: 5,
          address: 'Town',
          img: '/images/x.png',
        },
      }),
      request.post('/api/profile', {
        headers: bearer(token),
        data: {
          name: 'Eve',
          Department: 'Sales\u001b[31m',
          Address: 'x',
          instituteName: 'x',
          Linkedin: 'https://example.com',
          image: '/images/x.png',
        },
      }),
    ];
    for (const response of await Promise.all(attempts)) {
      await expectRefused(response, 400);
      const { message } = await response.json();
      expect(message).toMatch(/control character/);
      // The field as the form labels it, not its key in the JSON.
      expect(message).not.toMatch(/"/);
    }
    expect((await (await attempts[0]).json()).message).toMatch(/^Address must not/);
    // Line breaks and tabs are text, not control: a review may have paragraphs.
    const review = await request.post('/api/review', {
      headers: bearer(token),
      data: {
        name: 'Eve',
        description: 'Good tyres.\n\nQuiet\ttoo.',
        Ratings: 5,
        address: 'Town',
        img: '/images/x.png',
      },
    });
    expect(review.status(), await review.text()).toBe(201);
  });
});

test.describe('HTTP edges', () => {
  test('gzip and plain answers of /api/product do not share a strong ETag', async ({ request }) => {
    const gzip = await request.get('/api/product', { headers: { 'accept-encoding': 'gzip' } });
    const plain = await request.get('/api/product', {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(gzip.headers()['content-encoding']).toBe('gzip');
    expect(plain.headers()['content-encoding']).toBeUndefined();
    const [a, b] = [gzip.headers().etag!, plain.headers().etag!];
    expect(a === b && !a.startsWith('W/')).toBe(false);
  });

  test('the server’s own 400s are { error, message } and nothing else', async ({ baseURL }) => {
    const port = Number(new URL(baseURL!).port);
    const answer = await rawExchange(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\nBroken\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({ error: 'Bad Request', message: expect.any(String) });
  });

  test('a JSON body nested 200,000 levels deep is a 400 in words, not a stack overflow', async ({
    request,
  }) => {
    const token = await appTokenFor(request, uniqueEmail('deep'));
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    for (const headers of [bearer(token), {}]) {
      const response = await request.patch(`/api/order/${randomUUID()}`, {
        headers: { ...headers, 'content-type': 'application/json' },
        data: `{"transactionId":"pi_deep","order":${deep}}`,
      });
      await expectRefused(response, 400);
      expect((await response.json()).message).toBe(
        'The data sent nests lists or fields more than 32 levels deep: no form of the store nests that far.',
      );
    }
  });

  test('pictures a browser would fetch from another site are refused: /\\offsite, //offsite, a tab', async ({
    request,
  }) => {
    const token = await appTokenFor(request, uniqueEmail('offsite'));
    for (const img of [
      '/\\offsite.example/x.png',
      '//offsite.example/x.png',
      '/\t/offsite.example/x.png',
      'https://offsite.example/x.png',
    ]) {
      const review = await request.post('/api/review', {
        headers: bearer(token),
        data: { name: 'Eve', description: 'Nice', Ratings: 5, address: 'Town', img },
      });
      await expectRefused(review, 400);
      expect(await review.json(), img).toMatchObject({
        field: 'img',
        message: expect.stringMatching(/must be a picture uploaded to this store\.$/),
      });
      const profile = await request.post('/api/profile', {
        headers: bearer(token),
        data: {
          name: 'Eve',
          Department: 'Sales',
          Address: 'x',
          instituteName: 'x',
          Linkedin: 'https://example.com',
          image: img,
        },
      });
      await expectRefused(profile, 400);
      expect((await profile.json()).field, img).toBe('image');
    }
  });

  test('robots.txt and sitemap.xml name the configured address, whatever Host a request names', async ({
    baseURL,
  }) => {
    const port = Number(new URL(baseURL!).port);
    for (const file of ['/robots.txt', '/sitemap.xml']) {
      // Another of the store's own names: answered, naming PUBLIC_URL, not the Host.
      const answer = await rawExchange(
        port,
        `GET ${file} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Forwarded-Host: evil.example\r\nConnection: close\r\n\r\n`,
      );
      expect(answer, file).toMatch(/^HTTP\/1\.1 200/);
      expect(answer, file).not.toContain('evil.example');
      // (The headers name the emulator at 127.0.0.1 in the CSP: the body is what counts.)
      expect(answer.slice(answer.indexOf('\r\n\r\n')), file).not.toContain('127.0.0.1');
      // No PUBLIC_URL in the suite's store: http://localhost and its port.
      expect(answer, file).toContain(`http://localhost:${port}/`);
      // A name that is not the store's is not answered at all (DNS rebinding, hosts.spec.ts).
      const elsewhere = await rawExchange(
        port,
        `GET ${file} HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
      );
      expect(elsewhere, file).toMatch(/^HTTP\/1\.1 421/);
      expect(elsewhere, file).not.toContain('evil.example');
    }
  });

  test('a malformed JSON body answers { error, message } only', async ({ request }) => {
    const response = await request.post('/api/review', {
      headers: { 'content-type': 'application/json' },
      data: '{"name": ',
    });
    expect(response.status()).toBeGreaterThanOrEqual(400);
    expect(await response.json()).toEqual({
      error: expect.any(String),
      message: expect.any(String),
    });
  });
});

test.describe('safe defaults of a fresh API process', () => {
  // API processes of their own start here (one twice, one waits out a slow body): on a busy
  // machine that is more than the default minute (they timed out at load 12 on 2 cores).
  test.setTimeout(180_000);

  test('without HOST it listens on loopback only', async ({ request }) => {
    const outside = Object.values(os.networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal);
    test.skip(!outside, 'this machine has no non-loopback IPv4 address to try');
    const database = await freshDatabase();
    const api = await startApi({
      database,
      emulatorHost: await emulatorHost(request),
      env: { HOST: '' },
    });
    const reached = await fetch(`http://${outside!.address}:${api.port}/api/health`).then(
      (res) => res.status,
      () => 'refused',
    );
    expect(reached).toBe('refused');
    expect((await fetch(`${api.url}/api/health`)).status).toBe(200);
  });

  test('without JWT_SECRET it signs with a random secret kept in the data folder', async ({
    request,
  }) => {
    const database = await freshDatabase();
    const dataDir = database.env.DATA_DIR ?? tempDir();
    const emulator = await emulatorHost(request);
    const env = { JWT_SECRET: '', DATA_DIR: dataDir };
    let api = await startApi({ database, emulatorHost: emulator, env });
    const secretFile = path.join(dataDir, 'jwt-secret');
    expect(fs.existsSync(secretFile)).toBe(true);
    expect(fs.statSync(secretFile).mode & 0o077).toBe(0);
    const token = await signIn(api.url, emulator, uniqueEmail('devsecret'));
    const { sub, ver } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

    // The secret that used to be written in the source mints nothing.
    const forged = await new SignJWT({ ver, email: 'x@y.z' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuer('tyre-store')
      .setAudience('tyre-store-api')
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(new TextEncoder().encode('dev-only-secret-change-me-in-production-0123456789'));
    const orders = (bearerToken: string) =>
      fetch(`${api.url}/api/order/00000000-0000-4000-8000-000000000000`, {
        headers: bearer(bearerToken),
      }).then((res) => res.status);
    expect(await orders(forged)).toBe(401);
    expect(await orders(token)).toBe(404);

    // Kept across restarts: a token issued before still works after.
    await api.stop();
    api = await startApi({ database, emulatorHost: emulator, env, port: api.port });
    expect(await orders(token)).toBe(404);
  });

  test('NODE_ENV=production refuses the local payment provider', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(await freePort()),
      DATA_DIR: tempDir(),
      DATABASE_URL: '',
      SPA_DIR: 'none',
      FIREBASE_API_KEY: 'a-real-project-key',
      FIREBASE_AUTH_EMULATOR_HOST: '',
      JWT_SECRET: 'a-production-secret-0123456789-abcdefghij',
      PAYMENT_PROVIDER: 'local',
    };
    const child = spawn(process.execPath, apiProgramArgs({ from: 'source' }), {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(null);
      }, 30_000);
      child.on('exit', (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    expect(code, output).toBe(78);
    expect(output).toMatch(/PAYMENT_PROVIDER/);
  });

  test('a request body dripped a byte every 5 s is cut off', async ({ request }) => {
    const database = await freshDatabase();
    const api = await startApi({ database, emulatorHost: await emulatorHost(request) });
    const started = Date.now();
    const closedAfter = await new Promise<number>((resolve) => {
      const socket = net.connect(api.port, '127.0.0.1', () => {
        socket.write(
          'POST /api/review HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
            'Content-Length: 1000\r\n\r\n',
        );
      });
      const drip = setInterval(() => socket.write('x'), 5000);
      const done = () => {
        clearInterval(drip);
        resolve(Date.now() - started);
      };
      socket.on('close', done);
      socket.on('error', () => undefined);
      // Never more than 100 s: a server that keeps it open fails the check below.
      setTimeout(() => socket.destroy(), 100_000);
    });
    expect(closedAfter).toBeLessThan(75_000);
  });

  test('connections over the cap are turned away; those inside it are served', async ({
    request,
  }) => {
    const database = await freshDatabase();
    const api = await startApi({
      database,
      emulatorHost: await emulatorHost(request),
      env: { MAX_CONNECTIONS: '20' },
    });
    const idle: net.Socket[] = [];
    let turnedAway = 0;
    for (let i = 0; i < 40; i += 1) {
      const socket = net.connect(api.port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.on('close', () => (turnedAway += 1));
      idle.push(socket);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(turnedAway).toBeGreaterThanOrEqual(20);
    for (const socket of idle) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await fetch(`${api.url}/api/health`)).status).toBe(200);
  });
});
