import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig } from '../src/config';
import { parseHost } from '../src/environment/hostName';
import { hostMatcher, MISDIRECTED } from '../src/http/hosts';
import { startTestApp, type TestApp } from './testApp';

/** Which Hosts the API answers (DNS rebinding, issue 27). */

describe('host names', () => {
  it.each([
    ['localhost:8080', { name: 'localhost', port: 8080 }],
    ['TYRES.example', { name: 'tyres.example', port: null }],
    ['tyres.example.:443', { name: 'tyres.example', port: 443 }],
    ['[::1]:8080', { name: '[::1]', port: 8080 }],
    ['127.0.0.1', { name: '127.0.0.1', port: null }],
  ])('%j is %j', (text, host) => {
    expect(parseHost(text)).toEqual(host);
  });

  it.each(['', 'a b', 'evil.example:99999', 'user@tyres.example', 'x/y', '::1:8080', 'a:b'])(
    '%j is no host',
    (text) => {
      expect(parseHost(text)).toBeNull();
    },
  );

  it('ALLOWED_HOSTS is a list of hosts, checked at start', () => {
    expect(
      loadConfig({ ALLOWED_HOSTS: 'store-upstream, Tyres.example:8443' }).allowedHosts,
    ).toEqual([
      { name: 'store-upstream', port: null },
      { name: 'tyres.example', port: 8443 },
    ]);
    expect(loadConfig({}).allowedHosts).toEqual([]);
    expect(() => loadConfig({ ALLOWED_HOSTS: 'https://tyres.example' })).toThrow(ConfigError);
  });
});

describe('which hosts are the store', () => {
  const ours = (env: Record<string, string>, port = 8080) =>
    hostMatcher(loadConfig({ PORT: String(port), ...env }), () => port);

  it('answers its loopback names with its own port only', () => {
    const matches = ours({});
    for (const host of ['localhost:8080', '127.0.0.1:8080', '[::1]:8080', 'LOCALHOST:8080']) {
      expect([host, matches(host)]).toEqual([host, true]);
    }
    for (const host of ['localhost:9099', 'localhost', '127.0.0.2:8080', 'rebound.example:8080']) {
      expect([host, matches(host)]).toEqual([host, false]);
    }
    expect(matches(undefined)).toBe(false);
    expect(ours({}, 80)('localhost')).toBe(true);
  });

  it("answers PUBLIC_URL's host with its port or none, and ALLOWED_HOSTS", () => {
    const matches = ours({ PUBLIC_URL: 'https://tyres.example', ALLOWED_HOSTS: 'upstream,b:81' });
    for (const host of [
      'tyres.example',
      'tyres.example:443',
      'upstream',
      'upstream:8080',
      'b:81',
    ]) {
      expect([host, matches(host)]).toEqual([host, true]);
    }
    for (const host of ['tyres.example:8443', 'www.tyres.example', 'b:82', 'b', 'evil.example']) {
      expect([host, matches(host)]).toEqual([host, false]);
    }
  });
});

/** A request over a real connection (app.inject is in-process, and exempt). */
function send(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, headers });
    req.on('error', reject);
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.end();
  });
}

describe('the API', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await startTestApp({
      port: 0,
      trustProxy: true,
      allowedHosts: [{ name: 'upstream', port: null }],
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  }, 60_000);
  afterAll(() => t.close());

  it('refuses a rebound name with 421 in words, and serves its own', async () => {
    const refused = await send(port, '/api/config', { host: `rebound.example:${port}` });
    expect(refused.status).toBe(421);
    expect(JSON.parse(refused.body)).toEqual({
      error: 'Misdirected Request',
      message: MISDIRECTED,
    });
    expect((await send(port, '/api/config', { host: `127.0.0.1:${port}` })).status).toBe(200);
    expect((await send(port, '/api/config', { host: 'upstream' })).status).toBe(200);
    // An unknown path is refused as well, not answered 404.
    expect((await send(port, '/nowhere', { host: 'rebound.example' })).status).toBe(421);
  });

  it('behind a proxy, refuses a forwarded name that is not the store', async () => {
    const host = `localhost:${port}`;
    expect(
      (await send(port, '/api/config', { host, 'x-forwarded-host': 'rebound.example' })).status,
    ).toBe(421);
    expect(
      (
        await send(port, '/api/config', {
          host,
          'x-forwarded-host': `localhost:${port}, evil.example`,
        })
      ).status,
    ).toBe(421);
    expect(
      (
        await send(port, '/api/config', {
          host: 'upstream',
          'x-forwarded-host': `127.0.0.1:${port}`,
        })
      ).status,
    ).toBe(200);
  });

  it('answers the health check whatever the Host, and in-process calls', async () => {
    expect((await send(port, '/api/health', { host: '10.0.0.7:8080' })).status).toBe(200);
    expect((await send(port, '/api/health?x=1', { host: 'lb.internal' })).status).toBe(200);
    const injected = await t.app.inject({ url: '/api/config', headers: { host: 'anything' } });
    expect(injected.statusCode).toBe(200);
  });
});
