/**
 * DNS rebinding (issue 27): a website whose DNS name is made to point at 127.0.0.1 loads in a
 * browser on the machine, then calls the store at "its own" origin: the browser's same-origin
 * rule lets its page read every answer, but the requests still name the website (`Host:
 * rebound.example:PORT`). The store answers only requests that name it: its loopback names with
 * its port, the host of PUBLIC_URL, and ALLOWED_HOSTS.
 */
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { cleanUp, emulatorHost, freshDatabase, startApi } from './stack';

test.afterEach(cleanUp);

/** A raw request, so the Host header is whatever the test says (fetch sets its own). */
function send(
  url: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers });
    req.on('error', reject);
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.end();
  });
}

test('a website rebound to 127.0.0.1 reads nothing of the store', async ({ baseURL }) => {
  const store = new URL(baseURL!);
  const rebound = { host: `rebound.example:${store.port}` };
  for (const path of ['/api/config', '/api/product', '/', '/shop', '/api/docs/openapi.json']) {
    const answer = await send(`${store.origin}${path}`, rebound);
    expect(answer.status, path).toBe(421);
    expect(JSON.parse(answer.body), path).toEqual({
      error: 'Misdirected Request',
      message: expect.stringContaining('does not answer'),
    });
    expect(answer.body, path).not.toContain('rebound.example');
    expect(answer.body, path).not.toMatch(/at .*\.(js|ts):\d+/);
  }
  // Nor can it act as a signed-in shopper's browser would (a token its page found elsewhere).
  const write = await send(`${store.origin}/api/logout`, rebound, 'POST');
  expect(write.status).toBe(421);
});

test("the store's own names are served: localhost, 127.0.0.1 and [::1] with its port", async ({
  baseURL,
}) => {
  const store = new URL(baseURL!);
  for (const host of [
    `localhost:${store.port}`,
    `127.0.0.1:${store.port}`,
    `[::1]:${store.port}`,
  ]) {
    const answer = await send(`${store.origin}/api/config`, { host });
    expect(answer.status, host).toBe(200);
  }
});

test('a loopback name with another port is refused too', async ({ baseURL }) => {
  const store = new URL(baseURL!);
  const other = await send(`${store.origin}/api/config`, { host: 'localhost:1' });
  expect(other.status).toBe(421);
});

test('the health check answers whatever Host a load balancer names', async ({ baseURL }) => {
  const store = new URL(baseURL!);
  const answer = await send(`${store.origin}/api/health`, { host: `10.0.0.7:${store.port}` });
  expect(answer.status).toBe(200);
});

test('behind a proxy: PUBLIC_URL, ALLOWED_HOSTS and X-Forwarded-Host; a refusal is logged at info', async ({
  request,
}) => {
  const database = await freshDatabase();
  const api = await startApi({
    database,
    emulatorHost: await emulatorHost(request),
    env: {
      LOG_LEVEL: 'info',
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'https://tyres.example',
      // nginx's default Host is the upstream's name.
      ALLOWED_HOSTS: 'store-upstream',
    },
  });
  const lines: string[] = [];
  api.onLine((line) => lines.push(line));
  const statusOf = async (headers: Record<string, string>) =>
    (await send(`${api.url}/api/config`, headers)).status;

  expect(await statusOf({ host: 'tyres.example' })).toBe(200);
  expect(await statusOf({ host: 'store-upstream', 'x-forwarded-host': 'tyres.example' })).toBe(200);
  expect(await statusOf({ host: 'rebound.example' })).toBe(421);
  // A proxy that passes any name on does not make the store answer a rebound one.
  expect(await statusOf({ host: 'store-upstream', 'x-forwarded-host': 'rebound.example' })).toBe(
    421,
  );
  expect(await statusOf({ host: 'tyres.example:8443' })).toBe(421);

  await expect
    .poll(() => lines.filter((line) => line.includes('refused a request naming another host')))
    .toHaveLength(3);
  for (const line of lines.filter((l) => l.includes('naming another host'))) {
    const entry = JSON.parse(line);
    expect(entry.level).toBe(30);
    expect(line).not.toContain('"stack"');
  }
  expect(lines.filter((line) => /^\{"level":(50|60)/.test(line))).toEqual([]);
});
