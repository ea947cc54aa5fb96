/**
 * `npm start`: builds the SPA if needed, then runs the Firebase Auth emulator and the API (which
 * serves the SPA) as supervised children. Ctrl-C or SIGTERM stops both cleanly; if either dies,
 * the other is stopped too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildSpa, spaBuildIsStale } from './build';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, startAuthEmulator } from './emulator';
import { httpOk, killOnExit, startProcess, stopAll, waitFor, type Managed } from './processes';

const root = path.resolve(__dirname, '..');

function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) {
    console.error(`Invalid environment variable ${name}: expected a port number, got "${raw}"`);
    process.exit(78);
  }
  return Number(raw);
}

async function main() {
  const port = portFromEnv('PORT', 8080);
  const emulatorPort = portFromEnv('AUTH_EMULATOR_PORT', 9099);
  const dataDir = path.resolve(root, process.env.DATA_DIR || 'data');
  const useEmulator = !process.env.FIREBASE_API_KEY;
  fs.mkdirSync(dataDir, { recursive: true });

  if (spaBuildIsStale()) buildSpa();

  const running: Managed[] = [];
  killOnExit(() => running);
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    // The API first (it finishes its requests), then the emulator (it saves its accounts).
    await stopAll([...running].reverse());
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  try {
    if (useEmulator) {
      const emulator = await startAuthEmulator(dataDir, emulatorPort);
      running.push(emulator);
      void emulator.exited.then((code) => {
        if (stopping) return;
        console.error(
          `The Firebase Auth emulator stopped (exit ${code}):\n${emulator.recentOutput()}`,
        );
        void stop(1);
      });
    }

    const api = startProcess('api', process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        SPA_DIR: path.join(root, 'dist'),
        ...(useEmulator ? { FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}` } : {}),
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      },
    });
    running.push(api);
    void api.exited.then((code) => {
      if (stopping) return;
      console.error(`The API stopped (exit ${code}).`);
      void stop(1);
    });
    await waitFor('The API', () => httpOk(`http://127.0.0.1:${port}/api/health`), {
      abort: api.exited,
    });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    await stop(1);
    return;
  }

  const url = `http://localhost:${port}`;
  console.log(`\nThe store is running at ${url}\n`);
  if (useEmulator) {
    console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS)
      console.log(`  ${account.email.padEnd(20)} ${account.role}`);
    console.log(`Firebase Auth emulator: http://127.0.0.1:${emulatorPort}`);
  }
  console.log(`Data folder: ${dataDir}\nPress Ctrl-C to stop.`);
}

void main();
