/**
 * The shape of `npm start` (issue 15): how long the first start of a fresh data folder takes,
 * the memory of each of its processes (first start and a later one), `GET /api/health` latency
 * while the API works hard elsewhere (two 5 MB uploads at once; 300 orders/s; four clients asking
 * for page addresses nobody asked for before: searches to render, odd paths and parameters the
 * pages do not read), and orders flat out with API_PROCESSES=2.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { childPids, freePort, httpOk, startProcess, stopAll, waitFor } from '../scripts/processes';
import { cannon, CONNECTIONS, ORDER_TARGET_RATE, orderRequests } from './apiLoad';
import { pacedLoad } from './pacedLoad';
import { appToken, ADMIN } from './shoppers';
import { processMemoryMb, startStack, type Stack } from './stack';
import { p99, summarize, type Summary } from './stats';

const root = path.resolve(__dirname, '..');

export interface StartMemory {
  supervisor: number;
  emulator: number;
  database: number;
  api: number;
  total: number;
}

export interface ProcessFigures {
  firstStartSeconds: number;
  laterStartSeconds: number;
  /** Proportional set size (MB) of each part of `npm start`, at rest 5 s after it answered. */
  memoryFirstStart: StartMemory;
  memoryLaterStart: StartMemory;
  healthP99DuringUploadsMs: Summary;
  healthP99DuringOrdersMs: Summary;
  configP99DuringUploadsMs: Summary;
  configP99DuringOrdersMs: Summary;
  /** Issue 45's attack: renders take turns, so the API stays quick (target p50 ≤ 30 ms). */
  healthP50DuringPageFloodMs: Summary;
  ordersPerSecondTwoProcesses: Summary;
}

const commandOf = (pid: number) =>
  fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');

function descendants(pid: number): number[] {
  return childPids(pid).flatMap((child) => [child, ...descendants(child)]);
}

/** Proportional set size of these processes together, in MB (one gone meanwhile counts 0). */
function pssOf(pids: number[]): number {
  return pids.reduce((sum, pid) => {
    try {
      return sum + processMemoryMb(pid).pss;
    } catch {
      return sum;
    }
  }, 0);
}

/**
 * Each part of a running `npm start`, by what it runs. The database is every process below the
 * API: the embedded PostgreSQL server's postmaster, its own processes and its watchdog.
 */
function memoryOf(supervisor: number): StartMemory {
  const children = childPids(supervisor);
  const emulator = children.find((pid) => commandOf(pid).includes('firebase'));
  const api = children.find((pid) => commandOf(pid).includes('server/src/main.js'));
  const database = api ? descendants(api) : [];
  return {
    supervisor: pssOf([supervisor]),
    emulator: emulator ? pssOf([emulator, ...descendants(emulator)]) : NaN,
    database: database.length > 0 ? pssOf(database) : NaN,
    api: api ? pssOf([api]) : NaN,
    // Every process of the store, the mailbox's too.
    total: pssOf([supervisor, ...descendants(supervisor)]),
  };
}

/** `npm start` as a visitor's machine runs it (built already), timed to a healthy store. */
async function timedStart(dataDir: string) {
  const port = await freePort();
  const started = performance.now();
  const proc = startProcess('npm start', process.execPath, ['build/scripts/start.js'], {
    cwd: root,
    quiet: true,
    env: { PORT: String(port), AUTH_EMULATOR_PORT: String(await freePort()), DATA_DIR: dataDir },
    stopSignal: 'SIGINT',
  });
  await waitFor('npm start', () => httpOk(`http://127.0.0.1:${port}/api/health`), {
    abort: proc.exited,
    intervalMs: 100,
  });
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const memory = memoryOf(proc.child.pid!);
  await stopAll([proc]);
  return { seconds, memory };
}

/**
 * p99 of `/api/health` (which asks the database) and of `/api/config` (which does not: the
 * event loop alone), asked in turn, one at a time, while `load` runs.
 */
async function p99While(stack: Stack, load: Promise<unknown>) {
  const health: number[] = [];
  const config: number[] = [];
  let loading = true;
  void load.finally(() => (loading = false));
  const timed = async (route: string, into: number[]) => {
    const started = performance.now();
    await (await fetch(`${stack.baseUrl}${route}`)).arrayBuffer();
    into.push(performance.now() - started);
  };
  while (loading) {
    await timed('/api/health', health);
    await timed('/api/config', config);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await load;
  return { health: p99(health), config: p99(config), healthMedian: summarize(health).median };
}

/** Four clients asking for page addresses no cache has seen (each a render), for `seconds`. */
async function pageFloodFor(stack: Stack, seconds: number) {
  const kinds = [
    () => `/?x=${randomUUID()}`,
    () => `//${randomUUID()}`,
    () => `/shop?q=${randomUUID()}`,
    () => `/review?utm_source=${randomUUID()}`,
  ];
  const until = Date.now() + seconds * 1000;
  const client = async (first: number) => {
    for (let i = first; Date.now() < until; i += 1) {
      await (await fetch(`${stack.baseUrl}${kinds[i % kinds.length]!()}`)).arrayBuffer();
    }
  };
  await Promise.all([0, 1, 2, 3].map(client));
}

/** Two 5 MB pictures always on their way in, for `seconds`. */
async function uploadsFor(stack: Stack, token: string, seconds: number) {
  // Noise does not compress: a 1,250 × 1,250 PNG of it is about 4.7 MB.
  const picture = await sharp({
    create: {
      width: 1250,
      height: 1250,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const until = Date.now() + seconds * 1000;
  const uploader = async () => {
    while (Date.now() < until) {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'noise.png');
      const res = await fetch(`${stack.baseUrl}/api/images`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      if (!res.ok) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    }
  };
  await Promise.all([uploader(), uploader()]);
}

export async function measureProcesses(
  settings: { runs: number; seconds: number },
  tag: string,
  log: (message: string) => void,
): Promise<ProcessFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-start-'));
  try {
    log('npm start on a fresh data folder, then again on the same one');
    const first = await timedStart(dataDir);
    const later = await timedStart(dataDir);

    const stack = await startStack();
    const uploads: Array<{ health: number; config: number }> = [];
    const underOrders: Array<{ health: number; config: number }> = [];
    const underPageFlood: number[] = [];
    try {
      const admin = await appToken(stack, ADMIN.email, ADMIN.password);
      const uploader = await appToken(stack, `bench.uploader.${tag}@store.test`, 'bench-pass-1');
      const { paced } = await orderRequests(stack, admin, `h${tag}`);
      for (let i = 0; i < settings.runs; i += 1) {
        log(`/api/health during two 5 MB uploads, and during ${ORDER_TARGET_RATE} orders/s`);
        uploads.push(await p99While(stack, uploadsFor(stack, uploader, settings.seconds)));
        underOrders.push(
          await p99While(stack, pacedLoad(paced, ORDER_TARGET_RATE, settings.seconds)),
        );
      }
      // The renderer loaded and the plain pages kept first, as on a store up a while.
      for (const page of ['/', '/shop', '/review', '/no-such-page']) {
        await (await fetch(`${stack.baseUrl}${page}`)).arrayBuffer();
      }
      for (let i = 0; i < settings.runs; i += 1) {
        log('/api/health during four clients asking for pages never asked for before');
        underPageFlood.push(
          (await p99While(stack, pageFloodFor(stack, settings.seconds))).healthMedian,
        );
      }
    } finally {
      await stack.stop();
    }

    log(`orders flat out with API_PROCESSES=2 (${CONNECTIONS} connections)`);
    const two = await startStack({ API_PROCESSES: '2' });
    const twoProcesses: number[] = [];
    try {
      const admin = await appToken(two, ADMIN.email, ADMIN.password);
      const { orders } = await orderRequests(two, admin, `p${tag}`);
      await cannon({ ...orders, duration: 3 });
      for (let i = 0; i < settings.runs; i += 1) {
        twoProcesses.push((await cannon({ ...orders, duration: settings.seconds })).rps);
      }
    } finally {
      await two.stop();
    }

    return {
      firstStartSeconds: first.seconds,
      laterStartSeconds: later.seconds,
      memoryFirstStart: first.memory,
      memoryLaterStart: later.memory,
      healthP99DuringUploadsMs: summarize(uploads.map((run) => run.health)),
      healthP99DuringOrdersMs: summarize(underOrders.map((run) => run.health)),
      configP99DuringUploadsMs: summarize(uploads.map((run) => run.config)),
      configP99DuringOrdersMs: summarize(underOrders.map((run) => run.config)),
      healthP50DuringPageFloodMs: summarize(underPageFlood),
      ordersPerSecondTwoProcesses: summarize(twoProcesses),
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
