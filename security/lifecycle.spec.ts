/**
 * What a store keeps when it is stopped, killed or has a neighbour (issue 26): accounts survive
 * restarts whatever else runs on the machine, `kill -9` of `npm start` leaves nothing running
 * and the next start is healthy with the accounts signed in before.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { waitFor } from '../scripts/processes';
import { PGLITE_RUN_ONLY, POSTGRES_URL } from './stack';
import {
  alive,
  exchange,
  signIn,
  signUp,
  someone,
  startWholeStore,
  storeSettings,
} from './wholeStore';

const PASSWORD = 'lifecycle-pass-123';

// Whole stores of their own, started and stopped several times: slow, and about the embedded
// identity provider and database, which the PostgreSQL run does not change.
test.skip(POSTGRES_URL !== null, PGLITE_RUN_ONLY);
test.setTimeout(600_000);

test('two stores side by side keep their own accounts across restarts', async () => {
  const [one, two] = await Promise.all([storeSettings(), storeSettings()]);
  const emails = [someone('first'), someone('second')] as const;
  try {
    let stores = await Promise.all([startWholeStore(one), startWholeStore(two)]);
    // Each store gets its account: the first store's in the first, the second's in the second.
    await Promise.all(
      stores.map(async (store, i) => expect(await signUp(store, emails[i], PASSWORD)).toBeTruthy()),
    );
    // Stopped one after the other: each saves its accounts as it stops.
    await stores[0].stop();
    await stores[1].stop();
    // A clean stop has nothing to warn of: the API stopped its database only after its last
    // request (the database once got the API's signal too and died under it, and every Ctrl-C
    // printed 'catalogue notifications lost').
    for (const store of stores) expect(store.proc.recentOutput()).not.toMatch(/"level":[4-6]0/);
    stores = await Promise.all([startWholeStore(one), startWholeStore(two)]);
    for (const [i, store] of stores.entries()) {
      expect(await signIn(store, emails[i], PASSWORD)).toHaveProperty('idToken');
      expect(await signIn(store, emails[1 - i], PASSWORD)).toEqual({
        refused: 'EMAIL_NOT_FOUND',
      });
    }
    await Promise.all(stores.map((store) => store.stop()));
  } finally {
    for (const settings of [one, two])
      fs.rmSync(settings.dataDir, { recursive: true, force: true });
  }
});

test('kill -9 of npm start leaves no process, and the next start keeps who signed in', async () => {
  const settings = await storeSettings();
  const email = someone('survivor');
  try {
    const store = await startWholeStore(settings);
    const idToken = await signUp(store, email, PASSWORD);
    expect(idToken).toBeTruthy();
    await exchange(store, email, idToken!);

    const processes = store.processIds();
    expect(processes.length).toBeGreaterThanOrEqual(4); // supervisor, emulator, API, database
    process.kill(store.proc.child.pid!, 'SIGKILL');
    await waitFor(
      'every process of the killed store to stop',
      async () => processes.every((pid) => !alive(pid)),
      { timeoutMs: 60_000 },
    );

    const again = await startWholeStore(settings);
    const signedIn = await signIn(again, email, PASSWORD);
    expect(signedIn).toHaveProperty('idToken');
    await exchange(again, email, (signedIn as { idToken: string }).idToken);
    await again.stop();
  } finally {
    fs.rmSync(settings.dataDir, { recursive: true, force: true });
  }
});

for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
  test(`${signal} to npm itself leaves no process of the store`, async () => {
    const settings = await storeSettings();
    try {
      const store = await startWholeStore(settings, { throughNpm: true });
      const processes = store.processIds();
      // npm, the supervisor, emulator, mailbox, API and database (and a shell once, in between).
      expect(processes.length).toBeGreaterThanOrEqual(5);
      process.kill(store.proc.child.pid!, signal);
      await waitFor(
        `every process of the store whose npm got ${signal} to stop`,
        async () => processes.every((pid) => !alive(pid)),
        { timeoutMs: 60_000 },
      );
    } finally {
      fs.rmSync(settings.dataDir, { recursive: true, force: true });
    }
  });
}

test('an account that signed in survives kill -9 of every process of the store', async () => {
  const settings = await storeSettings();
  const email = someone('crash');
  try {
    const store = await startWholeStore(settings);
    const idToken = await signUp(store, email, PASSWORD);
    await exchange(store, email, idToken!);
    // No process gets to save anything: the machine lost power, as far as the store can tell.
    const processes = store.processIds();
    for (const pid of processes) process.kill(pid, 'SIGKILL');
    await waitFor('the killed processes to go', async () => processes.every((pid) => !alive(pid)));

    const again = await startWholeStore(settings);
    expect(await signIn(again, email, PASSWORD)).toHaveProperty('idToken');
    await again.stop();
  } finally {
    fs.rmSync(settings.dataDir, { recursive: true, force: true });
  }
});

test("the data folder is its owner's alone: no other user reads the accounts or the database", async () => {
  const settings = await storeSettings();
  // A folder made before, open to everyone, as an older store left it.
  fs.chmodSync(settings.dataDir, 0o777);
  fs.writeFileSync(path.join(settings.dataDir, 'left-by-an-older-store'), '', { mode: 0o666 });
  fs.chmodSync(path.join(settings.dataDir, 'left-by-an-older-store'), 0o666);
  try {
    const store = await startWholeStore(settings);
    const email = someone('private');
    await exchange(store, email, (await signUp(store, email, PASSWORD))!);
    await store.stop(); // the emulator writes its accounts as it stops
    // Nobody else gets in: the folder is its owner's alone, and so is every folder in it.
    const mode = (file: string) => fs.statSync(file).mode & 0o777;
    expect(mode(settings.dataDir)).toBe(0o700);
    const everything = filesUnder(settings.dataDir);
    const folders = everything.filter((file) => fs.statSync(file).isDirectory());
    expect(folders.filter((folder) => mode(folder) & 0o077)).toEqual([]);
    // And every file too, but PGlite's: it sets 0666 on its files itself, whatever the umask,
    // which no other user can reach inside its 0700 folders.
    const pglite = path.join(settings.dataDir, 'pglite');
    const open = everything.filter((file) => !file.startsWith(pglite) && mode(file) & 0o077);
    expect(open).toEqual([]);
    expect(filesUnder(settings.dataDir).some((file) => file.endsWith('accounts.json'))).toBe(true);
  } finally {
    fs.rmSync(settings.dataDir, { recursive: true, force: true });
  }
});

function filesUnder(dir: string): string[] {
  return [
    dir,
    ...fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(file) : [file];
    }),
  ];
}
