import fs from 'node:fs';
import path from 'node:path';
import { loopbackOrigins } from './emulator';
import { freePort, httpOk, startProcess, waitFor, type Managed } from './processes';
import { root } from './root';

/**
 * The embedded mailbox (issue 31): without SMTP_URL, `npm start` sends the store's emails to
 * maildev, an SMTP server with a web inbox a person opens in the browser, run here as a child
 * like the Auth emulator.
 */

/** Emails kept (the oldest go first, their files too). */
const MAX_EMAILS = 500;

export interface Mailbox extends Managed {
  /** What the API sends through: `smtp://127.0.0.1:<port>`. */
  smtpUrl: string;
  /** The web inbox (and maildev's REST API under `/api`), on loopback. */
  webUrl: string;
}

/** Where `npm start` leaves the running mailbox's addresses, for tools and the e2e journeys. */
export const mailboxAddressFile = (dataDir: string) =>
  path.join(dataDir, 'mailbox', 'address.json');

/** Whether the API will send through the embedded mailbox: email on, no server of its own. */
export function wantsMailbox(env: NodeJS.ProcessEnv = process.env): boolean {
  // Production refuses to start without SMTP_URL (config.ts): it never gets a stand-in.
  return !env.SMTP_URL && env.EMAIL !== 'off' && env.NODE_ENV !== 'production';
}

/** maildev's command line: a devDependency, like the emulator (ESM, its bin not exported). */
function maildevCli(): string {
  const cli = path.join(root, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js');
  if (!fs.existsSync(cli)) {
    throw new Error(
      "The embedded mailbox, which receives the store's emails while SMTP_URL is unset, is not " +
        'installed: maildev is a devDependency, which `npm ci --omit=dev` leaves out. Run ' +
        '`npm ci`, set SMTP_URL to a mail server, or EMAIL=off to run without email.',
    );
  }
  return cli;
}

/**
 * Starts maildev on two free loopback ports (SMTP and web), its mail kept in
 * `dataDir/mailbox/mail` (so the inbox survives a restart, at most MAX_EMAILS), nothing in /tmp.
 * It stops with `npm start` however that dies (`exitWithParent.cjs`), and its web inbox answers
 * only requests addressed to loopback from no website but its own (`emulatorGuard.cjs`: maildev
 * itself allows any origin in CORS).
 */
export async function startMailbox(dataDir: string): Promise<Mailbox> {
  const cli = maildevCli();
  const dir = path.join(dataDir, 'mailbox');
  const tmpDir = path.join(dir, 'tmp');
  fs.mkdirSync(path.join(dir, 'mail'), { recursive: true, mode: 0o700 });
  fs.rmSync(tmpDir, { recursive: true, force: true });
  fs.mkdirSync(tmpDir, { mode: 0o700 });
  fs.rmSync(mailboxAddressFile(dataDir), { force: true });
  const [smtpPort, webPort] = [await freePort(), await freePort()];
  // Every setting in a file of its own: maildev otherwise looks for a config file in its
  // folder and every folder above it, and reads MAILDEV_* variables (left out below).
  const configFile = path.join(dir, 'maildev.json');
  fs.writeFileSync(
    configFile,
    JSON.stringify(
      {
        smtp: smtpPort,
        ip: '127.0.0.1',
        web: webPort,
        webIp: '127.0.0.1',
        mailDirectory: path.join(dir, 'mail'),
        maxEmails: MAX_EMAILS,
        silent: true,
      },
      null,
      2,
    ),
  );
  const ownEnv = Object.fromEntries(
    Object.keys(process.env)
      .filter((name) => name.startsWith('MAILDEV_'))
      .map((name) => [name, undefined]),
  );
  const proc = startProcess(
    'mailbox',
    process.execPath,
    [
      '--max-old-space-size=96',
      // Stops when the supervisor dies, however it dies.
      '--require',
      path.join(root, 'scripts', 'exitWithParent.cjs'),
      // Its web inbox: loopback names only, and no other website's pages.
      '--require',
      path.join(root, 'scripts', 'emulatorGuard.cjs'),
      cli,
      '--config',
      configFile,
    ],
    {
      cwd: dir,
      stopSignal: 'SIGINT',
      quiet: true,
      env: {
        ...ownEnv,
        TMPDIR: tmpDir,
        STORE_ORIGINS: loopbackOrigins(webPort).join(','),
        GUARD_SUBJECT: 'The embedded mailbox',
      },
    },
  );
  const webUrl = `http://127.0.0.1:${webPort}`;
  // Its SMTP server starts before the web one: the web answering means both do.
  await waitFor('The embedded mailbox', () => httpOk(`${webUrl}/api/healthz`), {
    abort: proc.exited,
    timeoutMs: 120_000,
  });
  const mailbox = { ...proc, smtpUrl: `smtp://127.0.0.1:${smtpPort}`, webUrl };
  fs.writeFileSync(
    mailboxAddressFile(dataDir),
    JSON.stringify({ smtp: mailbox.smtpUrl, web: webUrl }, null, 2),
  );
  return mailbox;
}
