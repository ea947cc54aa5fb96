/**
 * Runs the embedded database (`main.ts`) as a child of the API's main process when no
 * DATABASE_URL is set, and keeps it running: if it dies it is started again on the same port,
 * and the API's connections find it there (its pool reconnects, its LISTEN is renewed).
 * The child's stdin is a pipe from this process: when this process dies, however it dies, the
 * child sees the pipe close and shuts down, so it never outlives the API that started it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { databasePassword, embeddedUrl } from './databaseSecret';

export interface EmbeddedDatabase {
  /** `postgres://` URL of the running database, with its password. */
  url: string;
  /** Process id of the database process now (it changes when it is restarted). */
  pid(): number | undefined;
  /** Stops it cleanly (SIGTERM, then SIGKILL after `graceMs`); no restart afterwards. */
  stop(graceMs?: number): Promise<void>;
}

/** The entry point beside this file: compiled JavaScript, or TypeScript run through tsx. */
function entry(): string[] {
  const compiled = __filename.endsWith('.js');
  const file = path.join(__dirname, `main.${compiled ? 'js' : 'ts'}`);
  return compiled ? [file] : ['--import', 'tsx', file];
}

interface Started {
  child: ChildProcess;
  port: number;
  exited: Promise<void>;
}

function launch(pgliteDir: string, port: number, log: (line: string) => void): Promise<Started> {
  // A process group of its own: a signal to the API's group (the supervisor stopping it) must
  // not stop the database under the API's last requests; the API stops it after them, and if
  // the API dies outright the database sees its stdin close (parentGone) and stops.
  const child = spawn(process.execPath, [...entry(), pgliteDir, String(port)], {
    stdio: ['pipe', 'pipe', 'inherit'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let buffered = '';
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('{"embeddedDatabase"')) {
          const bound = JSON.parse(line).embeddedDatabase.port as number;
          resolve({ child, port: bound, exited });
        } else if (line.trim()) {
          log(line);
        }
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the embedded database exited (${code})`)));
    child.once('error', reject);
  });
}

export async function startEmbeddedDatabase(
  pgliteDir: string,
  options: { port?: number; log?: (line: string) => void } = {},
): Promise<EmbeddedDatabase> {
  const log = options.log ?? ((line) => console.error(`[database] ${line}`));
  // Made here if the folder is new (the database process reads the same file).
  const password = databasePassword(pgliteDir);
  let current = await launch(pgliteDir, options.port ?? 0, log);
  const port = current.port;
  let stopping = false;

  const watch = (started: Started) => {
    void started.exited.then(async () => {
      if (stopping) return;
      log(`the embedded database stopped (pid ${started.child.pid}); starting it again`);
      for (let attempt = 1; !stopping; attempt += 1) {
        try {
          current = await launch(pgliteDir, port, log);
          watch(current);
          return;
        } catch (err) {
          log(`restart ${attempt} failed: ${err instanceof Error ? err.message : err}`);
          await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 250 * attempt)));
        }
      }
    });
  };
  watch(current);

  return {
    url: embeddedUrl(port, password),
    pid: () => current.child.pid,
    stop: async (graceMs = 10_000) => {
      stopping = true;
      const { child, exited } = current;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
