/**
 * `npm run build`: the SPA (webpack, into dist/) and the store's own processes (tsc, into
 * build/). With `--if-stale` (what `npm start` runs) each part is built only when something it
 * is built from changed since.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './root';

const SPA_INPUTS = [
  'src',
  'public',
  'server/src/contract',
  'webpack.config.ts',
  'tsconfig.json',
  'package-lock.json',
];
const SERVER_INPUTS = [
  'server/src',
  'scripts',
  'src/copy.ts',
  'tsconfig.json',
  'tsconfig.build.json',
  'package-lock.json',
];
const SERVER_BUILT = path.join(root, 'build', '.built');

function newestMtime(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) {
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

/** True when `marker` is missing or older than anything in `inputs`. */
function isStale(marker: string, inputs: string[]): boolean {
  const built = fs.statSync(marker, { throwIfNoEntry: false });
  if (!built) return true;
  return Math.max(...inputs.map((input) => newestMtime(path.join(root, input)))) > built.mtimeMs;
}

/** True when `dist/` is missing or older than anything it is built from. */
export function spaBuildIsStale(distDir = path.join(root, 'dist')): boolean {
  return isStale(path.join(distDir, 'index.html'), SPA_INPUTS);
}

export const serverBuildIsStale = () => isStale(SERVER_BUILT, SERVER_INPUTS);

/** Runs a Node program to completion; rejects when it fails (its errors are on stderr). */
function run(what: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${what} failed (see the errors above).`)),
    );
  });
}

export function buildSpa(): Promise<void> {
  console.log('Building the store (webpack, production)...');
  return run('The SPA build', [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production']);
}

/** The server and the start scripts as JavaScript, with the SQL migrations beside them. */
export async function buildServer(): Promise<void> {
  console.log('Compiling the server (tsc)...');
  await run('The server build', [
    require.resolve('typescript/bin/tsc'),
    '-p',
    'tsconfig.build.json',
  ]);
  fs.cpSync(
    path.join(root, 'server/src/db/migrations'),
    path.join(root, 'build/server/src/db/migrations'),
    { recursive: true },
  );
  fs.writeFileSync(SERVER_BUILT, `${new Date().toISOString()}\n`);
}

/** Builds what is stale (everything without `onlyStale`), the two parts side by side. */
export async function build(onlyStale: boolean): Promise<void> {
  await Promise.all([
    !onlyStale || spaBuildIsStale() ? buildSpa() : null,
    !onlyStale || serverBuildIsStale() ? buildServer() : null,
  ]);
}

if (require.main === module) {
  build(process.argv.includes('--if-stale')).catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
