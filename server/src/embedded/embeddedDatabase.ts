/**
 * The embedded database: a real PostgreSQL server, from the npm-shipped programs
 * (`postgresBinaries.ts`), on a cluster in `$DATA_DIR/postgres/cluster`, listening on a free port
 * of loopback only, asking every client for the store's password (SCRAM-SHA-256; the password
 * is made at the first start, 0600, in `$DATA_DIR/postgres/store-password`).
 *
 * The API's main process starts it when no DATABASE_URL is set, starts it again on the same port
 * if it dies, and stops it last. PostgreSQL does not die with its parent, so it runs under a
 * small watchdog shell whose stdin is a pipe from the API: when the API dies, however it dies,
 * the pipe closes and the watchdog asks PostgreSQL for a fast shutdown. A server left running
 * all the same (its watchdog killed too) is found by its `postmaster.pid` at the next start and
 * stopped before a new one starts. A crash is recovered by PostgreSQL from its write-ahead log.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { EMBEDDED_CLUSTER_NAME } from './clusterName';
import { databasePassword, embeddedUrl } from './databaseSecret';
import { lockFile, processAlive } from './folderLock';
import { freePort } from './freePort';
import { clusterVersion, postgresBinaries } from './postgresBinaries';
import {
  letServerPass,
  programsFor,
  reachable,
  serverAccount,
  type ServerAccount,
} from './serverAccount';

export interface EmbeddedDatabase {
  /** `postgres://` URL of the running database, with its password. */
  url: string;
  /** Process id of the PostgreSQL server now (it changes when it is restarted). */
  pid(): number | undefined;
  /** Stops it (a fast shutdown, then SIGKILL after `graceMs`); no restart afterwards. */
  stop(graceMs?: number): Promise<void>;
}

export interface EmbeddedOptions {
  /** A port to listen on; a free one otherwise. */
  port?: number;
  log?: (line: string) => void;
  /**
   * Settings given to the server on its command line (`-c name=value`), over the store's own.
   * Tests turn fsync off: a throw-away cluster need not survive a power cut.
   */
  settings?: Record<string, string>;
}

/**
 * PostgreSQL's defaults are a server's; beside the store on one machine it needs less. The
 * collation is fixed at initdb (`C.UTF-8`, PostgreSQL's own builtin provider), so sort order
 * and case mapping are the same on every machine, whatever its locale.
 */
const STORE_SETTINGS: Record<string, string> = {
  listen_addresses: '127.0.0.1',
  // How the API tells the embedded server from a PostgreSQL of DATABASE_URL (`/api/health`).
  cluster_name: EMBEDDED_CLUSTER_NAME,
  shared_buffers: '64MB',
  max_connections: '100',
  // The server log keeps what goes wrong and the server's own start and stop lines, no chatter.
  log_min_messages: 'warning',
  log_checkpoints: 'off',
};

/** The cluster and the files beside it, in `$DATA_DIR/postgres`. */
export function embeddedPaths(postgresDir: string) {
  return {
    folder: postgresDir,
    cluster: path.join(postgresDir, 'cluster'),
    log: path.join(postgresDir, 'server.log'),
    lock: path.join(postgresDir, 'store-database.lock'),
  };
}

/** A unix socket path is limited to about 100 bytes: deeper data folders use TCP alone. */
function socketSetting(cluster: string, port: number): string {
  return path.join(cluster, `.s.PGSQL.${port}`).length < 100 ? cluster : '';
}

function run(program: string, args: string[], account: ServerAccount, what: string) {
  const done = spawnSync(program, args, {
    uid: account.uid,
    gid: account.gid,
    encoding: 'utf8',
    env: { ...process.env, LC_ALL: 'C' },
  });
  if (done.status !== 0) {
    throw new Error(
      `${what} failed: ${(done.stderr || done.stdout || done.error?.message || '').trim()}`,
    );
  }
}

/**
 * Makes the cluster (initdb) on the first start: aside first, renamed into place once whole, so
 * a start killed half-way leaves nothing that looks like a database.
 */
function createCluster(bin: string, cluster: string, password: string, account: ServerAccount) {
  const draft = `${cluster}.new`;
  fs.rmSync(draft, { recursive: true, force: true });
  fs.mkdirSync(draft, { mode: 0o700 });
  const pwfile = path.join(draft, 'initdb-password');
  fs.writeFileSync(pwfile, password, { mode: 0o600 });
  if (account.uid !== undefined) {
    fs.chownSync(draft, account.uid, account.gid!);
    fs.chownSync(pwfile, account.uid, account.gid!);
  }
  // initdb wants an empty folder: the password file sits in a subfolder of it.
  const data = path.join(draft, 'data');
  run(
    path.join(bin, 'initdb'),
    [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=scram-sha-256',
      `--pwfile=${pwfile}`,
      '--encoding=UTF8',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--no-instructions',
    ],
    account,
    'Creating the embedded database (initdb)',
  );
  fs.rmSync(pwfile);
  fs.renameSync(data, cluster);
  fs.rmSync(draft, { recursive: true, force: true });
}

/**
 * A server a killed store left running on this cluster: stopped (a fast shutdown, then killed).
 * We hold the folder's lock, so no live store owns it.
 */
async function stopLeftOver(cluster: string, log: (line: string) => void) {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !processAlive(pid)) return;
  // A recycled pid is some other program's: only a postgres on this cluster is stopped.
  const command = fs.existsSync(`/proc/${pid}/cmdline`)
    ? fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8')
    : 'postgres';
  if (!command.includes('postgres')) return;
  log(`a database server left running by a store that was killed (pid ${pid}) is stopped first`);
  await signalAndWait(pid, 'SIGINT', 10_000);
  if (processAlive(pid)) await signalAndWait(pid, 'SIGKILL', 5_000);
}

async function signalAndWait(pid: number, signal: NodeJS.Signals, waitMs: number) {
  try {
    process.kill(pid, signal);
  } catch {
    return;
  }
  const deadline = Date.now() + waitMs;
  while (processAlive(pid) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The watchdog: runs PostgreSQL (stdin /dev/null), forwards SIGTERM/SIGINT as a fast shutdown,
 * and asks for one when its own stdin (the API's pipe) closes. Exits with the server.
 */
const WATCHDOG = [
  'exec 3<&0',
  '"$@" < /dev/null & pid=$!',
  'trap \'kill -INT "$pid" 2>/dev/null\' TERM INT HUP',
  '( cat <&3 > /dev/null; kill -INT "$pid" 2>/dev/null ) &',
  'exec 3<&-',
  'status=0',
  'while kill -0 "$pid" 2>/dev/null; do wait "$pid"; status=$?; done',
  'exit "$status"',
].join('\n');

interface Started {
  child: ChildProcess;
  exited: Promise<void>;
}

async function waitReady(url: string, started: Started, logFile: string): Promise<void> {
  let exited = false;
  void started.exited.then(() => (exited = true));
  for (;;) {
    if (exited) {
      const tail = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-2000) : '';
      throw new ServerDidNotStart(tail.trim());
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

export class ServerDidNotStart extends Error {
  constructor(readonly serverLog: string) {
    super(`the embedded PostgreSQL server did not start:\n${serverLog}`);
  }
}

export async function startEmbeddedDatabase(
  postgresDir: string,
  options: EmbeddedOptions = {},
): Promise<EmbeddedDatabase> {
  const log = options.log ?? ((line) => console.error(`[database] ${line}`));
  const paths = embeddedPaths(postgresDir);
  fs.mkdirSync(postgresDir, { recursive: true, mode: 0o700 });
  const account = serverAccount();
  letServerPass(account, [path.dirname(postgresDir), postgresDir]);
  if (!reachable(account, postgresDir)) {
    throw new Error(
      `Run as root, the embedded database runs as the system user of its own, which cannot ` +
        `reach ${postgresDir}: a folder above it is closed to others. Put DATA_DIR where every ` +
        'user may pass (chmod o+x on each folder above it), or run the store as a normal user.',
    );
  }
  const password = databasePassword(postgresDir);
  const unlock = await lockFile(paths.lock, {
    waitMs: 30_000,
    describe: (holder) => `another process (pid ${holder}) runs the database in ${postgresDir}`,
  });
  try {
    const binaries = postgresBinaries();
    const bin = programsFor(account, binaries.bin, binaries.version);
    await stopLeftOver(paths.cluster, log);
    const version = clusterVersion(paths.cluster);
    if (version === null) {
      createCluster(bin, paths.cluster, password, account);
    } else if (version !== binaries.version.split('.')[0]) {
      throw new Error(
        `The database in ${paths.cluster} was made by PostgreSQL ${version}; this store runs ` +
          `PostgreSQL ${binaries.version}. Move it over with a backup and restore (docs/backups.md).`,
      );
    }
    return await serve(bin, paths, password, account, options, log, unlock);
  } catch (err) {
    unlock();
    throw err;
  }
}

async function serve(
  bin: string,
  paths: ReturnType<typeof embeddedPaths>,
  password: string,
  account: ServerAccount,
  options: EmbeddedOptions,
  log: (line: string) => void,
  unlock: () => void,
): Promise<EmbeddedDatabase> {
  const launch = (port: number): Started => {
    const settings = {
      ...STORE_SETTINGS,
      port: String(port),
      unix_socket_directories: socketSetting(paths.cluster, port),
      ...options.settings,
    };
    const args = [
      '-D',
      paths.cluster,
      ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
    ];
    // The server's log, kept short: one file, started afresh when it passes 10 MB.
    if ((fs.statSync(paths.log, { throwIfNoEntry: false })?.size ?? 0) > 10 * 1024 * 1024) {
      fs.renameSync(paths.log, `${paths.log}.old`);
    }
    const logFd = fs.openSync(paths.log, 'a', 0o600);
    // A process group of its own: Ctrl-C reaching the API's group must not stop the database
    // under the API's last requests; the API stops it after them.
    const child = spawn(
      '/bin/sh',
      ['-c', WATCHDOG, 'watchdog', path.join(bin, 'postgres'), ...args],
      {
        stdio: ['pipe', logFd, logFd],
        detached: true,
        uid: account.uid,
        gid: account.gid,
        env: { ...process.env, LC_ALL: 'C' },
      },
    );
    fs.closeSync(logFd);
    child.stdin!.on('error', () => {});
    const exited = new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.once('error', () => resolve());
    });
    return { child, exited };
  };

  const start = async (port: number): Promise<Started> => {
    const started = launch(port);
    await waitReady(embeddedUrl(port, password), started, paths.log);
    return started;
  };

  // A free port may be taken between asking and binding: another is tried then.
  let port = options.port ?? (await freePort());
  let current: Started;
  for (let attempt = 1; ; attempt += 1) {
    try {
      current = await start(port);
      break;
    } catch (err) {
      const taken = err instanceof ServerDidNotStart && /already in use/.test(err.serverLog);
      if (!taken || options.port !== undefined || attempt >= 5) throw err;
      port = await freePort();
    }
  }

  let stopping = false;
  // A restart under way, which `stop` waits for: a server it starts must not outlive the stop.
  let restarting: Promise<void> = Promise.resolve();
  const restart = async () => {
    log(`the embedded database stopped (pid ${serverPid(paths.cluster)}); starting it again`);
    for (let attempt = 1; !stopping; attempt += 1) {
      try {
        await stopLeftOver(paths.cluster, log);
        current = await start(port);
        watch(current);
        return;
      } catch (err) {
        log(`restart ${attempt} failed: ${err instanceof Error ? err.message : err}`);
        await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 250 * attempt)));
      }
    }
  };
  const watch = (started: Started) => {
    void started.exited.then(() => {
      started.child.stdin?.destroy();
      if (!stopping) restarting = restart();
    });
  };
  watch(current);

  return {
    url: embeddedUrl(port, password),
    pid: () => serverPid(paths.cluster),
    stop: async (graceMs = 10_000) => {
      stopping = true;
      await restarting;
      const { child, exited } = current;
      if (child.exitCode === null && child.signalCode === null) {
        const server = serverPid(paths.cluster);
        child.kill('SIGTERM');
        const timer = setTimeout(() => {
          if (server) signalAndWait(server, 'SIGKILL', 0).catch(() => {});
          child.kill('SIGKILL');
        }, graceMs);
        await exited;
        clearTimeout(timer);
        if (server && processAlive(server)) await signalAndWait(server, 'SIGKILL', 5_000);
      }
      unlock();
    },
  };
}

/** The running server's pid, from its `postmaster.pid`. */
function serverPid(cluster: string): number | undefined {
  try {
    const pid = Number(
      fs.readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}
