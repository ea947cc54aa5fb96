import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const INPUTS = [
  'src',
  'public',
  'server/src/contract',
  'webpack.config.ts',
  'tsconfig.json',
  'package-lock.json',
];

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

/** True when `dist/` is missing or older than anything it is built from. */
export function spaBuildIsStale(distDir = path.join(root, 'dist')): boolean {
  const built = fs.statSync(path.join(distDir, 'index.html'), { throwIfNoEntry: false });
  if (!built) return true;
  const newestInput = Math.max(...INPUTS.map((input) => newestMtime(path.join(root, input))));
  return newestInput > built.mtimeMs;
}

export function buildSpa(): void {
  console.log('Building the store (webpack, production)...');
  const webpackCli = require.resolve('webpack-cli/bin/cli.js');
  const result = spawnSync(process.execPath, [webpackCli, '--mode', 'production'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('The SPA build failed (see the errors above).');
}
