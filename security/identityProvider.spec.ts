/**
 * The embedded identity provider (the Firebase Auth emulator of `npm start`) as a website open in
 * a browser on the same machine would attack it (issue 27, finding 1): it reflected any origin
 * in CORS, so any page could list every account with its password (`Bearer owner`); its hub
 * deleted and exported to any path a page named; and the demo accounts had fixed uids.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { emulatorUrl } from './identity';

const WEBSITE = 'http://evil.example';
const QUERY = '/identitytoolkit.googleapis.com/v1/projects/demo-store/accounts:query';

/** The hub of the suite's store, from the emulator settings in its data folder. */
function hubUrl(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through npm run test:security');
  const settings = JSON.parse(fs.readFileSync(path.join(dataDir, 'firebase.json'), 'utf8'));
  return `http://127.0.0.1:${settings.emulators.hub.port}`;
}

/** A raw request, so the Host header is whatever the test says (fetch sets its own). */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers });
    req.on('error', reject);
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.end(options.body);
  });
}

test("a website cannot list the accounts with the emulator's owner key", async ({ request }) => {
  const emulator = await emulatorUrl(request);
  const answer = await send(`${emulator}${QUERY}`, {
    method: 'POST',
    headers: {
      origin: WEBSITE,
      authorization: 'Bearer owner',
      'content-type': 'application/json',
    },
    body: '{}',
  });
  expect(answer.status).toBe(403);
  expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  expect(answer.body).not.toContain('passwordHash');
  expect(answer.body).not.toContain('@store.test');
});

test("a website's preflight gets no CORS permission", async ({ request }) => {
  const emulator = await emulatorUrl(request);
  const answer = await send(`${emulator}${QUERY}`, {
    method: 'OPTIONS',
    headers: {
      origin: WEBSITE,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type',
    },
  });
  expect(answer.headers['access-control-allow-origin']).toBeUndefined();
});

test('a website whose name was rebound to 127.0.0.1 is refused (its Host is its own)', async ({
  request,
}) => {
  const emulator = new URL(await emulatorUrl(request));
  const answer = await send(`${emulator.origin}${QUERY}`, {
    method: 'POST',
    headers: {
      host: `rebound.example:${emulator.port}`,
      authorization: 'Bearer owner',
      'content-type': 'application/json',
    },
    body: '{}',
  });
  expect(answer.status).toBe(403);
  expect(answer.body).not.toContain('passwordHash');
});

test("a website cannot make the emulator's hub delete or write a folder", async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'precious-'));
  fs.writeFileSync(path.join(folder, 'keep-me.txt'), 'mine');
  try {
    const answer = await send(`${hubUrl()}/_admin/export`, {
      method: 'POST',
      headers: { origin: WEBSITE, 'content-type': 'application/json' },
      body: JSON.stringify({ path: folder, initiatedBy: 'website', targets: ['auth'] }),
    });
    expect(answer.status).toBe(403);
    expect(fs.readdirSync(folder)).toEqual(['keep-me.txt']);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

test("the store's own pages and the programs of the machine are served", async ({
  request,
  baseURL,
}) => {
  const emulator = await emulatorUrl(request);
  const signIn = await send(
    `${emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=k`,
    {
      method: 'POST',
      headers: { origin: new URL(baseURL!).origin, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'shopper@store.test',
        password: 'demo-pass-123',
        returnSecureToken: true,
      }),
    },
  );
  expect(signIn.status).toBe(200);
  expect(signIn.headers['access-control-allow-origin']).toBe(new URL(baseURL!).origin);

  // A program (no Origin): the owner's calls that the tests and the store's tools make.
  const owner = await send(`${emulator}${QUERY}`, {
    method: 'POST',
    headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: '{}',
  });
  expect(owner.status).toBe(200);
});

test('the demo accounts have random uids, not guessable ones', async ({ request }) => {
  const emulator = await emulatorUrl(request);
  const lookup = await send(
    `${emulator}/identitytoolkit.googleapis.com/v1/projects/demo-store/accounts:lookup`,
    {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify({ email: ['admin@store.test', 'shopper@store.test'] }),
    },
  );
  const { users } = JSON.parse(lookup.body) as { users: Array<{ localId: string }> };
  expect(users).toHaveLength(2);
  for (const { localId } of users) {
    expect(localId).not.toMatch(/^demo/);
    expect(localId).toMatch(/^[A-Za-z0-9_-]{28}$/);
  }
});
