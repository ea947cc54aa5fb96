/**
 * `npm start` (after `npm run build --if-stale`): runs the Firebase Auth emulator, the embedded
 * mailbox (without SMTP_URL) and the API (which serves the SPA, and runs the embedded database
 * without DATABASE_URL) as supervised children, compiled JavaScript all of them. Ctrl-C or
 * SIGTERM stops everything cleanly; if one of them dies, the others are stopped too (the API
 * restarts its database itself);
 * if this process is killed outright, its children see their stdin close and stop by themselves,
 * and if npm is (SIGTERM or kill -9), this process stops everything.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  authEmulatorPort,
  ConfigError,
  dataFolder,
  listenPort,
  usesAuthEmulator,
} from '../server/src/config';
import { lockFile } from '../server/src/embedded/folderLock';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, loopbackOrigins, startAuthEmulator } from './emulator';
import { mailboxAddressFile, startMailbox, wantsMailbox } from './mailbox';
import {
  createSupervisor,
  httpOk,
  portIsFree,
  startProcess,
  untilListening,
  waitFor,
} from './processes';
import { apiProgramArgs } from './apiProgram';
import { root } from './root';

/** PORT and AUTH_EMULATOR_PORT as the API reads them; a bad one stops here, as the API would. */
function ports(): { port: number; emulatorPort: number } {
  try {
    return { port: listenPort(), emulatorPort: authEmulatorPort() };
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(78); // EX_CONFIG
  }
}

/**
 * Waits (up to 30 s) for ports a store killed a moment ago still holds while its processes
 * stop; then names the one still taken.
 */
async function portsFree(ports: ReadonlyArray<readonly [string, number]>) {
  for (const [name, port] of ports) {
    try {
      await waitFor(`port ${port}`, () => portIsFree(port), { timeoutMs: 30_000 });
    } catch {
      throw new Error(
        `Port ${port} (${name}) is in use by another program, perhaps another store. ` +
          `Stop it, or set ${name} to a free port.`,
      );
    }
  }
}

/** Takes group's and others' access away from a folder and everything in it. */
function ownerOnly(dir: string) {
  const stat = fs.lstatSync(dir);
  if (stat.isSymbolicLink()) return;
  if ((stat.mode & 0o077) !== 0) fs.chmodSync(dir, stat.mode & 0o700);
  if (stat.isDirectory()) for (const name of fs.readdirSync(dir)) ownerOnly(path.join(dir, name));
}

async function main() {
  const { port, emulatorPort } = ports();
  const dataDir = dataFolder(root);
  const useEmulator = usesAuthEmulator();
  const useMailbox = wantsMailbox();
  // Owner-only: the data folder holds the accounts (passwords in clear in the emulator's
  // files) and the database. Every process of the store inherits this umask, so what they
  // create is the owner's alone; a folder made before is tightened once. (Run as root, the
  // API then lets the database server's own user pass through to its cluster, and no further.)
  process.umask(0o077);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if ((fs.statSync(dataDir).mode & 0o1000) !== 0) {
    throw new Error(
      `DATA_DIR ${dataDir} is a folder every user shares (like /tmp): name a folder of the ` +
        "store's own inside it, such as " +
        path.join(dataDir, 'tyre-store') +
        '.',
    );
  }
  ownerOnly(dataDir);

  const supervisor = createSupervisor();
  // Under `npm start` this process is npm's own child (the script execs it, so npm's SIGTERM
  // reaches it): npm gone means the store is to go. Run by hand, it may outlive its shell.
  if (process.env.npm_lifecycle_event === 'start') supervisor.stopWithParent();
  let mailbox: { smtpUrl: string; webUrl: string } | null = null;
  try {
    // One store per data folder. A store that was killed leaves its lock to be taken over, and
    // its children (which stop once they see it gone) a few seconds to free the ports.
    supervisor.onStop(
      await lockFile(path.join(dataDir, 'store.lock'), {
        waitMs: 0,
        describe: (pid) =>
          `Another store (npm start, pid ${pid}) is running on the data folder ${dataDir}. ` +
          'Stop it first, or give this one a DATA_DIR of its own.',
      }),
    );
    await portsFree([
      ['PORT', port],
      ...(useEmulator ? ([['AUTH_EMULATOR_PORT', emulatorPort]] as const) : []),
    ]);
    let emulatorHub: string | null = null;
    if (useEmulator) {
      const emulator = await startAuthEmulator(dataDir, emulatorPort, loopbackOrigins(port));
      emulatorHub = emulator.hub;
      supervisor.add(
        emulator,
        (code) => `The Firebase Auth emulator stopped (exit ${code}):\n${emulator.recentOutput()}`,
      );
    }
    if (useMailbox) {
      const started = await startMailbox(dataDir);
      mailbox = started;
      supervisor.onStop(() => fs.rmSync(mailboxAddressFile(dataDir), { force: true }));
      supervisor.add(
        started,
        (code) => `The embedded mailbox stopped (exit ${code}):\n${started.recentOutput()}`,
      );
    }
    const api = supervisor.add(
      startProcess('api', process.execPath, apiProgramArgs(), {
        cwd: root,
        env: {
          PORT: String(port),
          DATA_DIR: dataDir,
          SPA_DIR: path.join(root, 'dist'),
          ...(emulatorHub
            ? {
                FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}`,
                // The API saves the accounts through it when someone signs in.
                AUTH_EMULATOR_HUB: emulatorHub,
              }
            : {}),
          ...(mailbox ? { SMTP_URL: mailbox.smtpUrl } : {}),
          LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        },
        ipc: true,
      }),
      (code) => `The API stopped (exit ${code}).`,
    );
    // Its own word first: a store that took the port meanwhile would answer /api/health too.
    await untilListening(api, 'The API');
    await waitFor('The API', () => httpOk(`http://127.0.0.1:${port}/api/health`), {
      abort: api.exited,
    });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    await supervisor.stop(1);
    return;
  }

  const url = `http://localhost:${port}`;
  console.log(`\nThe store is running at ${url}\n`);
  if (useEmulator) {
    console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS)
      console.log(`  ${account.email.padEnd(20)} ${account.role}`);
    console.log(`Firebase Auth emulator: http://127.0.0.1:${emulatorPort}`);
    console.log(
      "The embedded identity provider, like Firebase's emulator, trusts every program on this\n" +
        'machine (it signs no tokens): it is for trying and developing the store. Websites other\n' +
        "than the store's own pages are refused. A real store sets FIREBASE_API_KEY.",
    );
  }
  if (mailbox) {
    console.log(`Emails (embedded mailbox): ${mailbox.webUrl}`);
    console.log(
      "The store's emails go there, whoever they are to; a real store sets SMTP_URL (or EMAIL=off).",
    );
  }
  console.log(`Data folder: ${dataDir}\nPress Ctrl-C to stop.`);
}

void main();
