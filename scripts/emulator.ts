import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  accountsDir as accountsFolder,
  exportsDir,
  newExportName,
  settleAccounts,
} from '../server/src/auth/emulatorExports';
import { freePort, startProcess, stopAll, waitFor, type Managed } from './processes';
import { root } from './root';

export const DEMO_PASSWORD = 'demo-pass-123';
export const DEMO_ACCOUNTS = [
  { email: 'admin@store.test', displayName: 'Store Admin', role: 'admin' },
  { email: 'shopper@store.test', displayName: 'Demo Shopper', role: 'shopper' },
] as const;
export const PROJECT_ID = 'demo-store';

/**
 * The emulator's own export format, so `--import` loads the demo accounts. The emulator keeps
 * plain passwords in its fake hash; these accounts exist only on this machine.
 */
function writeDemoImport(dir: string) {
  const now = Date.now();
  const users = DEMO_ACCOUNTS.map((account, i) => {
    const salt = `fakeSaltDemo${i}`;
    return {
      // Random, as Firebase's are: a fixed uid is one less thing to guess for a forged token.
      localId: crypto.randomBytes(21).toString('base64url').slice(0, 28),
      email: account.email,
      emailVerified: true,
      displayName: account.displayName,
      salt,
      passwordHash: `fakeHash:salt=${salt}:password=${DEMO_PASSWORD}`,
      passwordUpdatedAt: now,
      validSince: String(Math.floor(now / 1000)),
      createdAt: String(now),
      lastLoginAt: String(now),
      providerUserInfo: [
        {
          providerId: 'password',
          email: account.email,
          federatedId: account.email,
          rawId: account.email,
          displayName: account.displayName,
        },
      ],
    };
  });
  fs.mkdirSync(path.join(dir, 'auth_export'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'firebase-export-metadata.json'),
    JSON.stringify({ version: 'demo', auth: { version: 'demo', path: 'auth_export' } }, null, 2),
  );
  fs.writeFileSync(
    path.join(dir, 'auth_export', 'accounts.json'),
    JSON.stringify({ kind: 'identitytoolkit#DownloadAccountResponse', users }, null, 2),
  );
  fs.writeFileSync(
    path.join(dir, 'auth_export', 'config.json'),
    JSON.stringify({ signIn: { allowDuplicateEmails: false } }, null, 2),
  );
}

/** How many accounts the emulator will import from `accountsDir` (its own export format). */
function accountsToImport(accountsDir: string): number {
  const file = path.join(accountsDir, 'auth_export', 'accounts.json');
  if (!fs.existsSync(file)) return 0;
  const { users } = JSON.parse(fs.readFileSync(file, 'utf8')) as { users?: unknown[] };
  return users?.length ?? 0;
}

async function accountsImported(port: number, expected: number): Promise<boolean> {
  const response = await fetch(
    `http://127.0.0.1:${port}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:query`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: '{}',
      signal: AbortSignal.timeout(2000),
    },
  );
  if (!response.ok) return false;
  const { recordsCount } = (await response.json()) as { recordsCount?: string };
  return Number(recordsCount ?? 0) >= expected;
}

/** The addresses a browser on this machine reaches a server on `port` by. */
export const loopbackOrigins = (port: number) =>
  ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${port}`);

export interface AuthEmulator extends Managed {
  /** `host:port` of its hub, which exports the accounts on request. */
  hub: string;
}

/**
 * firebase-tools' command line. It is a devDependency: the emulator is the development stand-in
 * for a Firebase project (production refuses it), and about 480 packages of its own.
 */
function firebaseCli(): string {
  try {
    return require.resolve('firebase-tools/lib/bin/firebase.js');
  } catch {
    throw new Error(
      'The embedded Firebase Auth emulator, which the store signs people in with while ' +
        'FIREBASE_API_KEY is unset, is not installed: firebase-tools is a devDependency, which ' +
        '`npm ci --omit=dev` leaves out. Run `npm ci` to try the store on its embedded ' +
        "defaults, or set FIREBASE_API_KEY and the rest of a real Firebase project's settings " +
        '(README, Configuration).',
    );
  }
}

/**
 * Starts the Firebase Auth emulator (no UI) with the accounts kept in `dataDir/auth`: the demo
 * accounts the first time, then the newest copy the last run saved (at sign-ins, at exit).
 */
export async function startAuthEmulator(
  dataDir: string,
  port: number,
  /** The store's own web origins, whose pages may call it (sign-in in the browser). */
  storeOrigins: string[] = [],
): Promise<AuthEmulator> {
  try {
    return await startAuthEmulatorOnce(dataDir, port, storeOrigins);
  } catch (err) {
    // A port found free can be taken by another program before the emulator binds it (seen once
    // with two suites starting side by side): once more, on new hub and logging ports.
    console.error(`${(err as Error).message}; starting it once more`);
    return startAuthEmulatorOnce(dataDir, port, storeOrigins);
  }
}

async function startAuthEmulatorOnce(
  dataDir: string,
  port: number,
  storeOrigins: string[],
): Promise<AuthEmulator> {
  const cli = firebaseCli();
  settleAccounts(dataDir);
  const accountsDir = accountsFolder(dataDir);
  if (!fs.existsSync(path.join(accountsDir, 'firebase-export-metadata.json'))) {
    writeDemoImport(accountsDir);
  }
  // Its temporary folder is the store's own: the emulator finds "its" hub through a file there
  // named after the project, and two stores sharing /tmp exported each other's accounts.
  const tmpDir = path.join(dataDir, 'emulator-tmp');
  fs.rmSync(tmpDir, { recursive: true, force: true });
  fs.mkdirSync(tmpDir, { mode: 0o700 });
  fs.mkdirSync(exportsDir(dataDir), { mode: 0o700 });
  // The hub and logging ports are the emulator suite's own; free ones let two stacks run side by side.
  const hubPort = await freePort();
  const configFile = path.join(dataDir, 'firebase.json');
  fs.writeFileSync(
    configFile,
    JSON.stringify(
      {
        emulators: {
          auth: { host: '127.0.0.1', port },
          hub: { host: '127.0.0.1', port: hubPort },
          logging: { host: '127.0.0.1', port: await freePort() },
          ui: { enabled: false },
          singleProjectMode: true,
        },
      },
      null,
      2,
    ),
  );

  const proc = startProcess(
    'auth emulator',
    process.execPath,
    [
      // Its accounts fit in a few MB; without a cap V8 lets its heap grow to ~390 MB resident at
      // rest (206 MB with it), the largest part of what `npm start` holds.
      '--max-old-space-size=128',
      // Its young generation at rest is otherwise up to 16 MB a half-space: 2 MB holds about
      // 30 MB less at rest (170 → 139 MB) for a few more, short, collections while signing in.
      '--max-semi-space-size=2',
      // Stops (saving its accounts) when the supervisor dies, however it dies.
      '--require',
      path.join(root, 'scripts', 'exitWithParent.cjs'),
      // Serves programs on this machine and the store's pages, no other website.
      '--require',
      path.join(root, 'scripts', 'emulatorGuard.cjs'),
      // Refresh tokens ended by Sign out everywhere stay ended.
      '--require',
      path.join(root, 'scripts', 'emulatorSessions.cjs'),
      // Each operation's schemas compiled at its first call: it starts in seconds, not a minute.
      '--require',
      path.join(root, 'scripts', 'emulatorLazySchemas.cjs'),
      cli,
      'emulators:start',
      '--only',
      'auth',
      '--project',
      PROJECT_ID,
      '--config',
      configFile,
      '--import',
      accountsDir,
      // Never over `auth/` itself: the emulator deletes its target before writing the new copy.
      '--export-on-exit',
      path.join(exportsDir(dataDir), newExportName('exit')),
    ],
    {
      cwd: dataDir,
      stopSignal: 'SIGINT',
      quiet: true,
      env: {
        NO_UPDATE_NOTIFIER: '1',
        FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
        TMPDIR: tmpDir,
        STORE_ORIGINS: storeOrigins.join(','),
      },
    },
  );
  // Ready once the project answers with its imported accounts: the root page answers earlier,
  // before the import, and tokens minted then have been seen refused.
  const expected = accountsToImport(accountsDir);
  // A few seconds here; minutes on a machine busy with several stores and test suites.
  try {
    await waitFor('The Firebase Auth emulator', () => accountsImported(port, expected), {
      abort: proc.exited,
      timeoutMs: 240_000,
    });
  } catch (err) {
    await stopAll([proc]);
    throw new Error(`${(err as Error).message}. It said:\n${proc.recentOutput()}`);
  }
  return { ...proc, hub: `127.0.0.1:${hubPort}` };
}
