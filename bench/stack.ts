/**
 * The store as `npm start` runs it (Auth emulator + API serving the SPA, the embedded PostgreSQL
 * server in a temporary folder), on free ports, with the rate limits raised: the benchmark sends tens of thousands of
 * requests from one address, which the default limits would rightly refuse.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiProgramArgs } from '../scripts/apiProgram';
import { buildServer, serverBuildIsStale } from '../scripts/build';
import { startAuthEmulator } from '../scripts/emulator';
import {
  freePort,
  httpOk,
  startProcess,
  stopAll,
  untilListening,
  waitFor,
  type Managed,
} from '../scripts/processes';

const root = path.resolve(__dirname, '..');

export interface Stack {
  baseUrl: string;
  emulatorUrl: string;
  /** The API's own process id, for its memory figures. */
  apiPid: number;
  stop(): Promise<void>;
}

/** `dataDir`: a data folder prepared beforehand (it is removed at stop all the same). */
export async function startStack(
  env: Record<string, string> = {},
  { dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-')) }: { dataDir?: string } = {},
): Promise<Stack> {
  if (serverBuildIsStale()) await buildServer();
  const port = await freePort();
  const emulatorPort = await freePort();
  const running: Managed[] = [];
  const stop = async () => {
    await stopAll([...running].reverse());
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    running.push(await startAuthEmulator(dataDir, emulatorPort));
    // BENCH_API_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the API under load.
    const nodeArgs = process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    const api = startProcess(
      'api',
      process.execPath,
      // The compiled API, as `npm start` runs it.
      apiProgramArgs({ from: 'build', nodeArgs }),
      {
        cwd: root,
        quiet: true,
        ipc: true,
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          SPA_DIR: path.join(root, 'dist'),
          FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}`,
          LOG_LEVEL: 'warn',
          WRITE_RATE_LIMIT: '1000000000',
          TOKEN_RATE_LIMIT: '100000',
          // The order shoppers hold about the default limit each by the end (apiLoad.ts), and
          // the checkout shoppers more: measured, not refused by the hold limit.
          MAX_HELD_UNITS: '1000000000',
          MAX_HELD_SHARE: '100',
          // Signed in once for runs longer than the minute an app token lives by default.
          ACCESS_TOKEN_TTL: '3600',
          // The upload figures send hundreds of pictures from one account.
          IMAGE_QUOTA_MB: '100000',
          ...env,
        },
      },
    );
    running.push(api);
    await untilListening(api, 'The API');
    await waitFor('The API', () => httpOk(`http://127.0.0.1:${port}/api/health`), {
      abort: api.exited,
    });
    return {
      baseUrl: `http://127.0.0.1:${port}`,
      emulatorUrl: `http://127.0.0.1:${emulatorPort}`,
      apiPid: api.child.pid!,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * Memory of a process from /proc (Linux): resident now, its peak over its lifetime, and its
 * proportional set size (memory shared with other processes, such as PostgreSQL's shared
 * buffers, counted once across them: what processes add up to).
 */
export function processMemoryMb(pid: number): { rss: number; peakRss: number; pss: number } {
  const kb = (text: string, field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1]);
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  return {
    rss: kb(status, 'VmRSS') / 1024,
    peakRss: kb(status, 'VmHWM') / 1024,
    pss: kb(rollup, 'Pss') / 1024,
  };
}
