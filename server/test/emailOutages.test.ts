import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { EmailConfig } from '../src/config';
import { emails, products } from '../src/db/schema';
import { apiProgramArgs } from '../../scripts/apiProgram';
import { makeProduct, orderBody } from './fixtures';
import { appToken, bearer, uniqueEmail } from './identity';
import { closedPort, header, startSmtp, until } from './smtp';
import { startTestApp, testConfig, type TestApp } from './testApp';

/**
 * The outages issue 31 names: the SMTP server unreachable for a while, then back; the API
 * process killed (SIGKILL) after the payment committed and before its email was sent.
 * Either way the email is delivered once.
 */

const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };
const root = path.resolve(__dirname, '../..');

type Json = Record<string, unknown>;
type Request = (
  method: 'GET' | 'POST',
  url: string,
  body?: object,
) => Promise<{ status: number; json: () => Promise<Json> }>;

/** Alice's order of `quantity` tyres placed and paid through `request` (in-process or HTTP). */
async function payOrder(t: TestApp, request: Request, quantity = 2) {
  const product = await makeProduct(t.db, { availableQuantity: 50 });
  await t.db.update(products).set({ category: 'tyre' }).where(eq(products.id, product.id));
  const placed = await request('POST', '/api/order', orderBody(product.id, quantity));
  expect(placed.status).toBe(201);
  const id = (await placed.json())._id as string;
  const intent = await request('POST', '/api/create-Payment-Intent', { orderId: id });
  const { clientSecret } = await intent.json();
  const confirm = await request('POST', '/api/payments/local/confirm', { clientSecret, card });
  expect(confirm.status).toBe(200);
  return id;
}

/** Not exited (by itself or by a signal). */
const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  // A clean stop that takes too long is a kill.
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  return exited.finally(() => clearTimeout(timer));
}

const inProcess =
  (t: TestApp, token: string) => async (method: 'GET' | 'POST', url: string, body?: object) => {
    const res = await t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(body ? { payload: body } : {}),
    });
    return { status: res.statusCode, json: async () => res.json<Json>() };
  };

describe('emails through outages', () => {
  const admin = uniqueEmail('admin');
  const alice = uniqueEmail('alice');

  it('delivers once when the SMTP server could not be reached for a while, then is back', async () => {
    const port = await closedPort();
    const email: EmailConfig = {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Tyre Store <store@store.test>',
      adminRecipients: [admin],
      retrySeconds: 1,
      maxAttempts: 20,
      workerTimeoutSeconds: 120,
    };
    const t = await startTestApp({ adminEmails: [admin], email });
    let smtp: Awaited<ReturnType<typeof startSmtp>> | null = null;
    try {
      const token = await appToken(t.app, alice, { verified: true });
      const id = await payOrder(t, inProcess(t, token));
      const rowsOf = () => t.db.select().from(emails).where(eq(emails.orderId, id));
      // Refused twice at least (connection refused: nothing listens), still queued.
      const refused = await until(
        rowsOf,
        (rows) => rows.length === 2 && rows.every((r) => r.attempts >= 2),
      );
      for (const row of refused) {
        expect(row).toMatchObject({ status: 'queued', sentAt: null });
        expect(row.attempts).toBeGreaterThanOrEqual(2);
        expect(row.lastError).toMatch(/ECONNREFUSED/);
      }
      smtp = await startSmtp(port);
      const server = smtp;
      await until(
        () => server.received,
        (list) => list.length >= 2,
        30_000,
      );
      const rows = await until(rowsOf, (list) => list.every((r) => r.status === 'sent'));
      expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
      // Longer than the next retry would wait: a stray second copy would show.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const ids = server.received.map((m) => header(m.raw, 'Message-ID'));
      expect(ids.sort()).toEqual(rows.map((r) => r.messageId).sort());
    } finally {
      await t.close();
      await smtp?.close();
    }
  }, 60_000);

  it('delivers once after the API process was killed (SIGKILL) while sending the payment’s emails', async () => {
    // The database and the arranging: in this process, without email (its outbox is not sent here).
    const t = await startTestApp({ adminEmails: [admin], email: null });
    const smtp = await startSmtp();
    const children: ChildProcess[] = [];
    const logs: Array<() => string> = [];
    /** The API program itself, on the database of `t`, with email on. */
    const startApi = async () => {
      const port = await closedPort();
      const config = testConfig();
      const child: ChildProcess = spawn(process.execPath, apiProgramArgs({ from: 'source' }), {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          NODE_ENV: 'development',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: t.databaseUrl,
          API_PROCESSES: '1',
          SPA_DIR: 'none',
          LOG_LEVEL: 'warn',
          JWT_SECRET: config.jwtSecret ?? '',
          ADMIN_EMAILS: admin,
          PAYMENT_PROVIDER: 'local',
          SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
          EMAIL: 'on',
          EMAIL_RETRY_SECONDS: '1',
          EMAIL_WORKER_TIMEOUT_SECONDS: '2',
        },
      });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdout?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      logs.push(() => stderr);
      children.push(child);
      const url = `http://127.0.0.1:${port}`;
      const up = await until(
        () =>
          fetch(`${url}/api/health`).then(
            (res) => res.ok,
            () => false,
          ),
        (ok) => ok || !running(child),
        60_000,
      );
      if (!up) throw new Error(`the API did not start: ${stderr}`);
      return { child, url };
    };
    try {
      const token = await appToken(t.app, alice, { verified: true });
      const first = await startApi();
      // Every send is caught at MAIL FROM: the message is not through when the process dies.
      let release = () => {};
      smtp.state.hold = new Promise<void>((resolve) => (release = resolve));
      const id = await payOrder(t, async (method, url, body) => {
        const res = await fetch(`${first.url}${url}`, {
          method,
          headers: { ...bearer(token), ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        return { status: res.status, json: () => res.json() as Promise<Json> };
      });
      const held = await until(
        () => smtp.held(),
        (n) => n >= 2,
        20_000,
      );
      if (held !== 2)
        throw new Error(`${held} sends held; the API said:\n${logs.map((l) => l()).join('\n')}`);
      await stop(first.child, 'SIGKILL');
      smtp.state.hold = null;
      release();

      // The payment committed, its emails are queued, their jobs held by the dead process.
      const rowsOf = () => t.db.select().from(emails).where(eq(emails.orderId, id));
      expect((await rowsOf()).map((r) => r.status)).toEqual(['queued', 'queued']);
      const locked = await t.db.execute(
        sql`select count(*)::int as n from graphile_worker.jobs where locked_by is not null`,
      );
      expect((locked as unknown as { rows: [{ n: number }] }).rows[0].n).toBe(2);
      expect(smtp.received).toHaveLength(0);

      const started = Date.now();
      await startApi();
      const got = await until(
        () => smtp.received,
        (list) => list.length >= 2,
        30_000,
      );
      // Released because its worker was not seen for 2 s, not after graphile-worker's 4 hours.
      expect(Date.now() - started).toBeLessThan(30_000);
      const rows = await until(rowsOf, (list) => list.every((r) => r.status === 'sent'));
      expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(got).toHaveLength(2);
      expect(got.map((m) => header(m.raw, 'Message-ID')).sort()).toEqual(
        rows.map((r) => r.messageId).sort(),
      );
      expect(got.find((m) => m.to.includes(alice))).toBeDefined();
    } finally {
      // The second API stops as it would be stopped; the first is gone already.
      await Promise.all(children.filter(running).map((child) => stop(child)));
      await t.close();
      await smtp.close();
    }
  }, 120_000);
});
