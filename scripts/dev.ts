/**
 * `npm run dev`: the Firebase Auth emulator, the API restarted on every server change, and
 * webpack-dev-server with hot reload on http://localhost:3000 proxying `/api` to the API.
 */
import fs from 'node:fs';
import path from 'node:path';
import { authEmulatorPort, listenPort } from '../server/src/config';
import { apiProgramArgs } from './apiProgram';
import { loopbackOrigins, startAuthEmulator } from './emulator';
import { createSupervisor, httpOk, startProcess, waitFor } from './processes';

const root = path.resolve(__dirname, '..');

async function main() {
  const dataDir = path.resolve(root, process.env.DATA_DIR || 'data');
  fs.mkdirSync(dataDir, { recursive: true });

  const supervisor = createSupervisor();
  try {
    const apiPort = listenPort();
    const emulatorPort = authEmulatorPort();
    // The pages come from webpack-dev-server on :3000, and from the API too.
    const origins = [...loopbackOrigins(3000), ...loopbackOrigins(apiPort)];
    const emulator = supervisor.add(await startAuthEmulator(dataDir, emulatorPort, origins));
    const api = supervisor.add(
      startProcess('api', process.execPath, apiProgramArgs({ from: 'source', watch: true }), {
        cwd: root,
        env: {
          PORT: String(apiPort),
          DATA_DIR: dataDir,
          SPA_DIR: 'none',
          FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}`,
          AUTH_EMULATOR_HUB: emulator.hub,
        },
      }),
    );
    await waitFor('The API', () => httpOk(`http://127.0.0.1:${apiPort}/api/health`), {
      abort: api.exited,
    });
    const webpackCli = require.resolve('webpack-cli/bin/cli.js');
    supervisor.add(
      startProcess('webpack', process.execPath, [webpackCli, 'serve', '--mode', 'development'], {
        cwd: root,
        env: { API_PORT: String(apiPort) },
      }),
    );
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    await supervisor.stop(1);
  }
}

void main();
