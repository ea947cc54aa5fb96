/**
 * `npm start` (after `npm run build --if-stale`): runs the Firebase Auth emulator and the API
 * (which serves the SPA, and runs the embedded database without DATABASE_URL) as supervised
 * children, compiled JavaScript all of them. Ctrl-C or SIGTERM stops everything cleanly; if the
 * emulator or the API dies, the other is stopped too (the API restarts its database itself).
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, startAuthEmulator } from './emulator';
import { createSupervisor, httpOk, startProcess, waitFor } from './processes';
import { apiProgramArgs } from './apiProgram';
import { root } from './root';

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

  const supervisor = createSupervisor();
  try {
    if (useEmulator) {
      const emulator = await startAuthEmulator(dataDir, emulatorPort);
      supervisor.add(
        emulator,
        (code) => `The Firebase Auth emulator stopped (exit ${code}):\n${emulator.recentOutput()}`,
      );
    }
    const api = supervisor.add(
      startProcess('api', process.execPath, apiProgramArgs(), {
        cwd: root,
        env: {
          PORT: String(port),
          DATA_DIR: dataDir,
          SPA_DIR: path.join(root, 'dist'),
          ...(useEmulator ? { FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}` } : {}),
          LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        },
      }),
      (code) => `The API stopped (exit ${code}).`,
    );
    await waitFor('The API', () => httpOk(`http://127.0.0.1:${port}/api/health`), {
      abort: api.exited,
    });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    await supervisor.stop(1);
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
