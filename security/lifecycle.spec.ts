/**
 * What a store keeps when it is stopped, killed or has a neighbour (issues 26 and 43): accounts
 * survive restarts whatever else runs on the machine; `kill -9` of `npm start`, of npm or of the
 * supervisor leaves nothing running, not even its PostgreSQL server (which does not die with its
 * parent by itself), and the next start is healthy with the accounts signed in before.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { childPids, portIsFree, waitFor } from '../scripts/processes';
import { serverAccount } from '../server/src/embedded/serverAccount';
import {
  alive,
  exchange,
  signIn,
  signUp,
  someone,
  STORE_RUNNING,
  startWholeStore,
  storeSettings,
  type WholeStore,
} from './wholeStore';

const PASSWORD = 'lifecycle-pass-123';

// Whole stores of their own, started and stopped several times: slow, and about the embedded
// identity provider and database, so always on the embedded database, whatever DATABASE_URL says.
test.setTimeout(600_000);

/** Ports and a fresh data folder for a store on its embedded database. */
const embeddedStore = () => storeSettings({ DATABASE_URL: '' });

/** The process ids below `pid`. */
function descendants(pid: number): number[] {
  return childPids(pid).flatMap((child) => [child, ...descendants(child)]);
}

function commandLine(pid: string): string[] {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return []; // gone since it was listed
  }
}

/**
 * The store's PostgreSQL processes: every process whose command line names its cluster folder
 * (the watchdog and the postmaster), and the postmaster's own processes below them.
 */
function postgresProcesses(dataDir: string): number[] {
  const cluster = path.join(dataDir, 'postgres', 'cluster');
  const named = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name) && commandLine(name).some((arg) => arg.includes(cluster)))
    .map(Number);
  return [...new Set(named.flatMap((pid) => [pid, ...descendants(pid)]))];
}

/** The supervisor (`node build/scripts/start.js`) of a store run through npm. */
function supervisorOf(store: WholeStore): number {
  const found = descendants(store.proc.child.pid!).find((pid) => {
    const argv = commandLine(String(pid));
    return !argv.includes('-c') && argv.some((arg) => arg.endsWith('build/scripts/start.js'));
  });
  if (!found) throw new Error('no supervisor (node build/scripts/start.js) below npm');
  return found;
}

test('two stores side by side keep their own accounts across restarts', async () => {
  const [one, two] = await Promise.all([embeddedStore(), embeddedStore()]);
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

// Ports are picked free and taken a moment later: another store on the machine may take one
// in between. A store must then stop and say why, never pass the other's answers for its own
// (a test suite once ran against its neighbour's store that way).
test("a store whose port another took while it started stops and says so, never announcing the other's", async () => {
  const settings = await embeddedStore();
  const neighbour = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end('{"status":"ok","database":"embedded"}');
  });
  const store = spawn(process.execPath, ['build/scripts/start.js'], {
    cwd: path.resolve(__dirname, '..'),
    env: {
      ...process.env,
      PORT: String(settings.port),
      AUTH_EMULATOR_PORT: String(settings.authPort),
      DATA_DIR: settings.dataDir,
      ...settings.env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => store.on('exit', resolve));
  let output = '';
  for (const stream of [store.stdout, store.stderr])
    stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    // The supervisor found PORT free before it started the emulator; the API starts after it.
    await waitFor('the emulator', async () => !(await portIsFree(settings.authPort)), {
      abort: exited,
      intervalMs: 20,
      timeoutMs: 240_000,
    }).catch((error: Error) => {
      throw new Error(`${error.message}; the store said:\n${output}`);
    });
    await new Promise<void>((resolve) => neighbour.listen(settings.port, '127.0.0.1', resolve));
    expect(await exited).not.toBe(0);
    expect(output).toContain('address already in use');
    expect(output).not.toContain(STORE_RUNNING);
  } finally {
    store.kill('SIGKILL');
    await new Promise((resolve) => neighbour.close(resolve));
    fs.rmSync(settings.dataDir, { recursive: true, force: true });
  }
});

/** Each way a store is killed outright, as a person or a machine does it. */
const kills: Record<string, (store: WholeStore) => void> = {
  // The shell's job, as a terminal closing or a process manager kills it: npm and the
  // supervisor at once (the supervisor's children run in process groups of their own).
  'kill -9 of npm start': (store) => process.kill(-store.proc.child.pid!, 'SIGKILL'),
  'kill -9 of npm itself': (store) => process.kill(store.proc.child.pid!, 'SIGKILL'),
  'SIGTERM to npm itself': (store) => process.kill(store.proc.child.pid!, 'SIGTERM'),
  'kill -9 of the supervisor': (store) => process.kill(supervisorOf(store), 'SIGKILL'),
};

for (const [kill, doIt] of Object.entries(kills)) {
  test(`${kill} leaves no process and no database server, and the next start keeps who signed in`, async () => {
    const settings = await embeddedStore();
    const email = someone('survivor');
    try {
      const store = await startWholeStore(settings, { throughNpm: true });
      const idToken = await signUp(store, email, PASSWORD);
      expect(idToken).toBeTruthy();
      await exchange(store, email, idToken!);

      const database = postgresProcesses(settings.dataDir);
      // Its watchdog, the postmaster and the postmaster's own processes.
      expect(database.length).toBeGreaterThanOrEqual(3);
      const processes = [...new Set([...store.processIds(), ...database])];
      // npm, the supervisor, emulator, mailbox, API and the database's.
      expect(processes.length).toBeGreaterThanOrEqual(8);
      doIt(store);
      await waitFor(
        `every process of the store to stop after ${kill}`,
        async () =>
          processes.every((pid) => !alive(pid)) && postgresProcesses(settings.dataDir).length === 0,
        { timeoutMs: 60_000 },
      );

      const again = await startWholeStore(settings, { throughNpm: true });
      const signedIn = await signIn(again, email, PASSWORD);
      expect(signedIn).toHaveProperty('idToken');
      await exchange(again, email, (signedIn as { idToken: string }).idToken);
      await again.stop();
      await waitFor('the database server to stop with the store', async () =>
        postgresProcesses(settings.dataDir).every((pid) => !alive(pid)),
      );
    } finally {
      fs.rmSync(settings.dataDir, { recursive: true, force: true });
    }
  });
}

test('an account that signed in survives kill -9 of every process of the store', async () => {
  const settings = await embeddedStore();
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
  const settings = await embeddedStore();
  // A folder made before, open to everyone, as an older store left it.
  fs.chmodSync(settings.dataDir, 0o777);
  fs.writeFileSync(path.join(settings.dataDir, 'left-by-an-older-store'), '', { mode: 0o666 });
  fs.chmodSync(path.join(settings.dataDir, 'left-by-an-older-store'), 0o666);
  // Run as root, the database server runs as a user of its own (PostgreSQL refuses root): its
  // group may pass through the folders above its cluster (0710), and do nothing else.
  const serverGroup = serverAccount().gid;
  try {
    const store = await startWholeStore(settings);
    const email = someone('private');
    await exchange(store, email, (await signUp(store, email, PASSWORD))!);
    await store.stop(); // the emulator writes its accounts as it stops
    const everything = filesUnder(settings.dataDir);
    const open = everything.filter((file) => {
      const stat = fs.statSync(file);
      const others = stat.mode & 0o077;
      const passage = stat.isDirectory() && stat.gid === serverGroup && others === 0o010;
      return others !== 0 && !passage;
    });
    // Nobody else reads or enters anything: accounts, secrets, PostgreSQL's files and folders.
    expect(open.map((file) => `${file} ${(fs.statSync(file).mode & 0o777).toString(8)}`)).toEqual(
      [],
    );
    expect(everything.some((file) => file.endsWith('accounts.json'))).toBe(true);
    expect(everything.some((file) => file.includes(`${path.sep}cluster${path.sep}base`))).toBe(
      true,
    );
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
