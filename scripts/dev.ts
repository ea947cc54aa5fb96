/**
 * `npm run dev`: the Firebase Auth emulator, the embedded mailbox (without SMTP_URL),
 * webpack-dev-server with hot reload on
 * http://localhost:3000, and the API, restarted on every server change, behind it: the dev
 * server passes it `/api` and the public pages, which the API renders as in production. Without
 * DATABASE_URL each API process starts the embedded PostgreSQL server in DATA_DIR and stops it
 * as it goes: a restart restarts the database too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { authEmulatorPort, dataFolder, devServerPort, listenPort } from '../server/src/config';
import { apiProgramArgs } from './apiProgram';
import { loopbackOrigins, startAuthEmulator } from './emulator';
import { startMailbox, wantsMailbox } from './mailbox';
import { createSupervisor, httpOk, startProcess, waitFor } from './processes';

const root = path.resolve(__dirname, '..');

/** A first build of both the SPA and its server renderer takes a while on a small machine. */
const FIRST_BUILD_MS = 300_000;

async function main() {
  const dataDir = dataFolder(root);
  fs.mkdirSync(dataDir, { recursive: true });
  // What the API renders pages from (index.html and the server renderer, written by the dev
  // server as it builds): a folder of this run's own, never dist/ (`npm start`'s build).
  const spaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-dev-'));

  const supervisor = createSupervisor();
  supervisor.onStop(() => fs.rmSync(spaDir, { recursive: true, force: true }));
  try {
    const apiPort = listenPort();
    const emulatorPort = authEmulatorPort();
    const devPort = devServerPort();
    // The pages come from webpack-dev-server, and from the API too.
    const origins = [...loopbackOrigins(devPort), ...loopbackOrigins(apiPort)];
    const emulator = supervisor.add(await startAuthEmulator(dataDir, emulatorPort, origins));
    const mailbox = wantsMailbox() ? supervisor.add(await startMailbox(dataDir)) : null;
    const webpackCli = require.resolve('webpack-cli/bin/cli.js');
    const webpack = supervisor.add(
      startProcess(
        'webpack',
        process.execPath,
        [webpackCli, 'serve', '--mode', 'development', '--env', `devSpaDir=${spaDir}`],
        { cwd: root, env: { API_PORT: String(apiPort), DEV_PORT: String(devPort) } },
      ),
    );
    // The API reads index.html and finds the renderer when it starts: after the first build.
    const built = ['index.html', 'server/renderPage.js', 'server/page-chunks.json'];
    await waitFor(
      'The first build',
      async () => built.every((file) => fs.existsSync(path.join(spaDir, file))),
      { timeoutMs: FIRST_BUILD_MS, intervalMs: 500, abort: webpack.exited },
    );
    const api = supervisor.add(
      startProcess('api', process.execPath, apiProgramArgs({ from: 'source', watch: true }), {
        cwd: root,
        env: {
          PORT: String(apiPort),
          DATA_DIR: dataDir,
          SPA_DIR: spaDir,
          FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}`,
          AUTH_EMULATOR_HUB: emulator.hub,
          ...(mailbox ? { SMTP_URL: mailbox.smtpUrl } : {}),
        },
      }),
    );
    await waitFor('The API', () => httpOk(`http://127.0.0.1:${apiPort}/api/health`), {
      abort: api.exited,
    });
    console.log(`The store runs on http://localhost:${devPort}`);
    if (mailbox) console.log(`Emails (embedded mailbox): ${mailbox.webUrl}`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    await supervisor.stop(1);
  }
}

void main();
