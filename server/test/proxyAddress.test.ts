import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from './testApp';

/**
 * Attack: behind the store's proxy (TRUST_PROXY), a client sends its own X-Forwarded-For. The
 * proxy appends the address it saw (nginx's `$proxy_add_x_forwarded_for`), so the header reads
 * "<what the client wrote>, <its real address>". The client's address is the one the proxy
 * added: otherwise every per-address limit is evaded and the audit trail records a forged one.
 */
describe('the client address behind a proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ trustProxy: true });
  });
  afterAll(() => t.close());

  it('is the one the proxy saw, whatever the client wrote before it', async () => {
    const answers = [];
    for (let i = 1; i <= 7; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/guest/find-order',
        payload: { email: `someone${i}@example.com`, orderNumber: randomUUID() },
        remoteAddress: '10.0.0.2', // the proxy
        headers: { 'x-forwarded-for': `198.51.100.${i}, 192.0.2.44` },
      });
      answers.push(res.statusCode);
    }
    // Find my order takes 5 calls a minute per client address.
    expect(answers).toContain(429);
  });
});
