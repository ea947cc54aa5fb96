import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import {
  mailboxAddressFile,
  startMailbox,
  wantsMailbox,
  type Mailbox,
} from '../../scripts/mailbox';
import { childPids, freePort, portIsFree, stopAll, waitFor } from '../../scripts/processes';

const root = path.resolve(__dirname, '../..');

/** The emulator, the database and the API from source on a busy two-core machine. */
const START_MS = 300_000;

const portOf = (url: string) => Number(new URL(url).port);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const isMaildev = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('maildev');
  } catch {
    return false;
  }
};

interface MaildevEmail {
  subject: string;
  to: Array<{ address: string }>;
}

async function inbox(webUrl: string): Promise<MaildevEmail[]> {
  const res = await fetch(`${webUrl}/api/email`, { signal: AbortSignal.timeout(5000) });
  return (await res.json()) as MaildevEmail[];
}

/** A request's status with a Host of its own (fetch sends the URL's, whatever it is told). */
function statusWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { host } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

describe('the embedded mailbox', () => {
  const folders: string[] = [];
  const folder = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-mailbox-test-'));
    folders.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs only without SMTP_URL, with email on, outside production', () => {
    expect(wantsMailbox({})).toBe(true);
    expect(wantsMailbox({ EMAIL: 'on' })).toBe(true);
    expect(wantsMailbox({ SMTP_URL: 'smtp://mail.example:587' })).toBe(false);
    expect(wantsMailbox({ EMAIL: 'off' })).toBe(false);
    expect(wantsMailbox({ NODE_ENV: 'production' })).toBe(false);
  });

  it('receives on loopback, two stores on ports of their own, its mail in the data folder', async () => {
    const [dirA, dirB] = [folder(), folder()];
    const mailboxes: Mailbox[] = [];
    try {
      mailboxes.push(await startMailbox(dirA), await startMailbox(dirB));
      const [a, b] = mailboxes as [Mailbox, Mailbox];
      const ports = [a.smtpUrl, a.webUrl, b.smtpUrl, b.webUrl].map(portOf);
      expect(new Set(ports).size).toBe(4);
      for (const url of [a.smtpUrl, a.webUrl, b.smtpUrl, b.webUrl]) {
        expect(new URL(url).hostname).toBe('127.0.0.1');
      }
      expect(JSON.parse(fs.readFileSync(mailboxAddressFile(dirA), 'utf8'))).toEqual({
        smtp: a.smtpUrl,
        web: a.webUrl,
      });

      await nodemailer.createTransport(a.smtpUrl).sendMail({
        from: 'shop@store.test',
        to: 'shopper@store.test',
        subject: 'Your order is confirmed',
        text: 'Thank you',
      });
      await waitFor('the email', async () => (await inbox(a.webUrl)).length === 1, {
        timeoutMs: 10_000,
      });
      const [email] = await inbox(a.webUrl);
      expect(email!.subject).toBe('Your order is confirmed');
      expect(email!.to[0]!.address).toBe('shopper@store.test');
      // The other store's inbox is its own.
      expect(await inbox(b.webUrl)).toEqual([]);
      // Kept in the store's folder, owner-only as the rest of it.
      const mailDir = path.join(dirA, 'mailbox', 'mail');
      expect(fs.readdirSync(mailDir).some((name) => name.endsWith('.eml'))).toBe(true);

      // The web inbox answers the browser on its own address, not a rebound name or a website.
      const page = await fetch(a.webUrl, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<html');
      const rebound = `attacker.example:${portOf(a.webUrl)}`;
      expect(await statusWithHost(`${a.webUrl}/api/email`, rebound)).toBe(403);
      const website = await fetch(`${a.webUrl}/api/email`, {
        headers: { origin: 'https://attacker.example' },
      });
      expect(website.status).toBe(403);
      const itself = await fetch(`${a.webUrl}/api/email`, { headers: { origin: a.webUrl } });
      expect(itself.status).toBe(200);
    } finally {
      await stopAll(mailboxes, 10_000);
    }
    for (const mailbox of mailboxes) {
      expect(await mailbox.exited).toBe(0);
      expect(await portIsFree(portOf(mailbox.smtpUrl))).toBe(true);
      expect(await portIsFree(portOf(mailbox.webUrl))).toBe(true);
    }
  });

  describe('under npm start', () => {
    let store: ChildProcess | null = null;
    let dataDir: string;
    const output: string[] = [];

    afterAll(async () => {
      if (store?.pid !== undefined && store.exitCode === null && store.signalCode === null) {
        const exited = new Promise((resolve) => store!.once('exit', resolve));
        process.kill(store.pid, 'SIGKILL');
        await exited;
      }
    }, 60_000);

    /** `npm start` from source on ports and a folder of its own; resolves once it is up. */
    async function start(): Promise<{ webUrl: string; mailboxPid: number; children: number[] }> {
      const [port, emulatorPort] = [await freePort(), await freePort()];
      const { NODE_ENV: _testEnv, SMTP_URL: _smtp, EMAIL: _email, ...env } = process.env;
      output.length = 0;
      store = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
        cwd: root,
        env: {
          ...env,
          PORT: String(port),
          AUTH_EMULATOR_PORT: String(emulatorPort),
          DATA_DIR: dataDir,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      for (const stream of [store.stdout!, store.stderr!]) {
        stream.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      }
      const printed = () => /Emails \(embedded mailbox\): (http:\S+)/.exec(output.join(''));
      await waitFor('npm start', async () => printed() !== null, {
        timeoutMs: START_MS - 60_000,
        intervalMs: 500,
        abort: new Promise((resolve) => store!.once('exit', resolve)),
      }).catch((err: Error) => {
        throw new Error(`${err.message}; it printed:\n${output.join('')}`);
      });
      const webUrl = printed()![1]!;
      const children = childPids(store.pid!);
      const mailboxPid = children.find(isMaildev);
      expect(mailboxPid).toBeDefined();
      return { webUrl, mailboxPid: mailboxPid!, children };
    }

    it(
      'starts the mailbox, prints its inbox, stops it on SIGTERM and when killed',
      async () => {
        dataDir = folder();
        // Started, printed, answering; stopped with the store.
        const first = await start();
        expect(new URL(first.webUrl).hostname).toBe('127.0.0.1');
        expect((await fetch(`${first.webUrl}/api/healthz`)).ok).toBe(true);
        const stopped = new Promise((resolve) => store!.once('exit', resolve));
        process.kill(store!.pid!, 'SIGTERM');
        expect(await stopped).toBe(0);
        expect(alive(first.mailboxPid)).toBe(false);
        expect(await portIsFree(portOf(first.webUrl))).toBe(true);
        expect(fs.existsSync(mailboxAddressFile(dataDir))).toBe(false);

        // Killed outright: the mailbox sees its stdin close and stops by itself.
        const second = await start();
        const killed = new Promise((resolve) => store!.once('exit', resolve));
        process.kill(store!.pid!, 'SIGKILL');
        await killed;
        await waitFor('the mailbox to stop', async () => !alive(second.mailboxPid), {
          timeoutMs: 30_000,
        });
        await waitFor('its web port', () => portIsFree(portOf(second.webUrl)), {
          timeoutMs: 30_000,
        });
        // Nothing of the store is left running (the emulator saves its accounts first).
        await waitFor('the store', async () => !second.children.some(alive), {
          timeoutMs: 60_000,
        });
      },
      2 * START_MS,
    );
  });
});
