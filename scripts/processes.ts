import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { freePort } from '../server/src/embedded/freePort';
import { LISTENING_MESSAGE } from '../server/src/http/listening';

/**
 * A child process the runner owns: started in its own group so the runner decides how it stops,
 * with a pipe from the runner as its stdin, which closes when the runner dies however it dies
 * (`onParentGone` in the store's processes, `exitWithParent.cjs` preloaded into others).
 */
export { freePort };

export interface Managed {
  name: string;
  child: ChildProcess;
  /** Signal that asks this child to finish cleanly (the emulator exports its accounts on SIGINT). */
  stopSignal: NodeJS.Signals;
  exited: Promise<number | null>;
  /** The last lines a quiet child printed, for the message when it fails. */
  recentOutput(): string;
}

export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: {
    env?: NodeJS.ProcessEnv;
    cwd?: string;
    stopSignal?: NodeJS.Signals;
    quiet?: boolean;
    /** Opens an IPC channel, over which the store's API says it listens (`untilListening`). */
    ipc?: boolean;
  },
): Managed {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: [
      'pipe',
      options.quiet ? 'pipe' : 'inherit',
      'inherit',
      ...(options.ipc ? ['ipc' as const] : []),
    ],
    detached: true,
  });
  // Nothing is written to it: it is there to close. A child that exits first makes it EPIPE.
  child.stdin?.on('error', () => {});
  const recent: string[] = [];
  // A quiet child's output is drained (a full pipe would stall it) and kept for error reports.
  child.stdout?.on('data', (chunk: Buffer) => {
    recent.push(...chunk.toString().split('\n'));
    recent.splice(0, Math.max(0, recent.length - 40));
  });
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : null)));
    child.on('error', (err) => {
      console.error(`[${name}] could not start: ${err.message}`);
      resolve(1);
    });
  });
  return {
    name,
    child,
    stopSignal: options.stopSignal ?? 'SIGTERM',
    exited,
    recentOutput: () => recent.join('\n'),
  };
}

function signalGroup(proc: Managed, signal: NodeJS.Signals) {
  if (proc.child.pid === undefined || proc.child.exitCode !== null) return;
  try {
    process.kill(-proc.child.pid, signal);
  } catch {
    // already gone
  }
}

/** Stops the processes in the given order, each given `graceMs` before it is killed. */
export async function stopAll(procs: Managed[], graceMs = 15_000) {
  for (const proc of procs) {
    signalGroup(proc, proc.stopSignal);
    const timer = setTimeout(() => signalGroup(proc, 'SIGKILL'), graceMs);
    await proc.exited;
    clearTimeout(timer);
  }
}

/**
 * The children of a runner. Ctrl-C or SIGTERM stops them in reverse start order (the API
 * finishes its requests before the emulator saves its accounts); nothing outlives the runner.
 */
export function createSupervisor() {
  const running: Managed[] = [];
  const afterStop: Array<() => void> = [];
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await stopAll([...running].reverse());
    for (const release of afterStop) release();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  process.on('exit', () => {
    for (const proc of running) signalGroup(proc, 'SIGKILL');
  });
  return {
    /** Adds a child; if it dies on its own, everything stops with an error. */
    add<P extends Managed>(proc: P, describeExit?: (code: number | null) => string): P {
      running.push(proc);
      void proc.exited.then((code) => {
        if (stopping) return;
        console.error(describeExit ? describeExit(code) : `${proc.name} stopped (exit ${code}).`);
        void stop(1);
      });
      return proc;
    },
    /**
     * Stops everything once this process's parent is gone (it was given to another): `npm start`
     * killed, however, must not leave a store running on its ports.
     */
    stopWithParent() {
      const parent = process.ppid;
      setInterval(() => {
        if (process.ppid !== parent) void stop(0);
      }, 1000).unref();
    },
    /** Runs once every child has stopped (releases a lock, say). */
    onStop(release: () => void) {
      afterStop.push(release);
    },
    stop,
  };
}

export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  {
    timeoutMs = 90_000,
    intervalMs = 250,
    abort,
  }: { timeoutMs?: number; intervalMs?: number; abort?: Promise<unknown> } = {},
): Promise<void> {
  let aborted = false;
  void abort?.then(() => {
    aborted = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (aborted) throw new Error(`${what} stopped before it was ready`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${what} was not ready after ${Math.round(timeoutMs / 1000)} s`);
}

/**
 * Resolves once the store's API started by `startProcess(…, { ipc: true })` says it listens, so
 * a store that took its port in the meantime is never taken for it; fails if it stops first.
 */
export function untilListening(proc: Managed, what: string, timeoutMs = 90_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${what} was not listening after ${Math.round(timeoutMs / 1000)} s`)),
      timeoutMs,
    );
    const done = (error?: Error) => {
      clearTimeout(timer);
      proc.child.off('message', onMessage);
      // The channel stays open (the API closes its end), but must not keep this process alive.
      proc.child.channel?.unref();
      if (error) reject(error);
      else resolve();
    };
    const onMessage = (message: unknown) => {
      if ((message as { type?: unknown } | null)?.type === LISTENING_MESSAGE) done();
    };
    proc.child.on('message', onMessage);
    void proc.exited.then(() => done(new Error(`${what} stopped before it was listening`)));
  });
}

export async function httpOk(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  return response.ok;
}

/** Whether nothing listens on this loopback port now. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** The process ids of `pid`'s children (Linux, from /proc); none once it is gone. */
export function childPids(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  if (!fs.existsSync(file)) return [];
  return fs.readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}
