import fs from 'node:fs';
import path from 'node:path';
import { freePort, startProcess, waitFor, type Managed } from './processes';

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
      localId: `demo${account.role}${i}`,
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

/**
 * Starts the Firebase Auth emulator (no UI) with the accounts kept in `dataDir/auth`: the demo
 * accounts the first time, then whatever the last run exported when it stopped.
 */
export async function startAuthEmulator(dataDir: string, port: number): Promise<Managed> {
  const accountsDir = path.join(dataDir, 'auth');
  if (!fs.existsSync(path.join(accountsDir, 'firebase-export-metadata.json'))) {
    writeDemoImport(accountsDir);
  }
  // The hub and logging ports are the emulator suite's own; free ones let two stacks run side by side.
  const configFile = path.join(dataDir, 'firebase.json');
  fs.writeFileSync(
    configFile,
    JSON.stringify(
      {
        emulators: {
          auth: { host: '127.0.0.1', port },
          hub: { host: '127.0.0.1', port: await freePort() },
          logging: { host: '127.0.0.1', port: await freePort() },
          ui: { enabled: false },
          singleProjectMode: true,
        },
      },
      null,
      2,
    ),
  );

  const firebaseCli = require.resolve('firebase-tools/lib/bin/firebase.js');
  const proc = startProcess(
    'auth emulator',
    process.execPath,
    [
      // Its accounts fit in a few MB; without a cap V8 lets its heap grow to ~390 MB resident at
      // rest (206 MB with it), the largest part of what `npm start` holds.
      '--max-old-space-size=128',
      firebaseCli,
      'emulators:start',
      '--only',
      'auth',
      '--project',
      PROJECT_ID,
      '--config',
      configFile,
      '--import',
      accountsDir,
      '--export-on-exit',
      accountsDir,
    ],
    {
      cwd: dataDir,
      stopSignal: 'SIGINT',
      quiet: true,
      env: { NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
    },
  );
  // Ready once the project answers with its imported accounts: the root page answers earlier,
  // before the import, and tokens minted then have been seen refused.
  const expected = accountsToImport(accountsDir);
  await waitFor('The Firebase Auth emulator', () => accountsImported(port, expected), {
    abort: proc.exited,
  });
  return proc;
}
