import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/processes';
import { seedProducts } from '../src/db/seed-data';

const root = path.resolve(__dirname, '../..');

/** Two webpack builds from nothing, the emulator and the API, on a busy two-core machine. */
const START_MS = 360_000;

/**
 * `npm run dev` as a developer runs it, on ports and a data folder of its own: the dev server
 * answers a public page with the HTML the API rendered, as `npm start` does.
 */
describe('npm run dev', () => {
  let dev: ChildProcess | null = null;
  let dataDir: string;
  const output: string[] = [];

  afterAll(async () => {
    if (dev?.pid !== undefined && dev.exitCode === null) {
      const exited = new Promise((resolve) => dev!.once('exit', resolve));
      // Its own process group: the script stops its children as on Ctrl-C.
      process.kill(-dev.pid, 'SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it(
    'answers the public pages with server-rendered HTML',
    async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-dev-test-'));
      const [apiPort, emulatorPort, devPort] = [
        await freePort(),
        await freePort(),
        await freePort(),
      ];
      const { NODE_ENV: _testEnv, ...env } = process.env;
      dev = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts'], {
        cwd: root,
        env: {
          ...env,
          PORT: String(apiPort),
          AUTH_EMULATOR_PORT: String(emulatorPort),
          DEV_PORT: String(devPort),
          DATA_DIR: dataDir,
        },
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
      });
      for (const stream of [dev.stdout!, dev.stderr!]) {
        stream.on('data', (chunk: Buffer) => {
          output.push(chunk.toString());
          output.splice(0, Math.max(0, output.length - 200));
        });
      }
      const stopped = new Promise<void>((resolve) => dev!.once('exit', () => resolve()));
      let running = true;
      void stopped.then(() => (running = false));

      /** The page as the dev server answers a browser's request for it. */
      const page = async (pathname: string) => {
        const res = await fetch(`http://127.0.0.1:${devPort}${pathname}`, {
          headers: { accept: 'text/html' },
          signal: AbortSignal.timeout(30_000),
        });
        return { status: res.status, html: await res.text(), headers: res.headers };
      };
      const rendered = (html: string) => html.includes('id="server-state"');

      // Until the first build is done and the API is up, the dev server answers otherwise.
      const deadline = Date.now() + START_MS - 30_000;
      let landing = { status: 0, html: '', headers: new Headers() };
      while (running && Date.now() < deadline && !rendered(landing.html)) {
        landing = await page('/').catch(() => landing);
        if (!rendered(landing.html)) await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      if (!rendered(landing.html)) {
        throw new Error(`npm run dev served no rendered page; it printed:\n${output.join('')}`);
      }
      expect(landing.status).toBe(200);
      expect(landing.html).toContain('The World Of Metal');
      expect(landing.html).toContain(seedProducts[0]!.name.replace(/&/g, '&amp;'));
      // The hot-reloading SPA is the dev server's own, its eval'd modules allowed as before.
      expect(landing.html).toContain('src="/static/js/main.js"');
      expect(landing.headers.get('content-security-policy')).toBeNull();

      const shop = await page('/shop');
      expect(shop.status).toBe(200);
      expect(rendered(shop.html)).toBe(true);
      const missing = await page('/no/such/page');
      expect(missing.status).toBe(404);
      expect(rendered(missing.html)).toBe(true);
      // A signed-in page is the bare app, as in production.
      const dashboard = await page('/dashboard');
      expect(dashboard.status).toBe(200);
      expect(rendered(dashboard.html)).toBe(false);
    },
    START_MS,
  );
});
