/**
 * `npm run build`: the SPA (webpack, into dist/) and the store's own processes (tsc, into
 * build/). With `--if-stale` (what `npm start` runs) each part is built only when something it
 * is built from changed since; so a production install, which has no build tools, runs the
 * build it was given as long as that was made from these sources.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './root';

const SPA_INPUTS = [
  'src',
  'public',
  'contract',
  'webpack.config.ts',
  'tsconfig.json',
  'package-lock.json',
];
const SERVER_INPUTS = [
  'server/src',
  'contract',
  'scripts',
  'tsconfig.json',
  'tsconfig.build.json',
  'package-lock.json',
];

/**
 * Which build of a part is in its output folder: a fingerprint of the contents of everything it
 * is built from, written once the build succeeded. Contents, not times: webpack leaves an
 * output whose content did not change untouched (so its time said "stale" forever after), and
 * a checkout or a `touch` changes times without changing what would be built.
 */
export interface Part {
  name: string;
  inputs: string[];
  /** The stamp file inside the part's output folder. */
  stamp: string;
  /** A file the part's output cannot be without. */
  output: string;
}

export const SPA: Part = {
  name: 'spa',
  inputs: SPA_INPUTS,
  stamp: 'dist/.build-stamp',
  output: 'dist/index.html',
};
export const SERVER: Part = {
  name: 'server',
  inputs: SERVER_INPUTS,
  stamp: 'build/.build-stamp',
  output: 'build/scripts/start.js',
};

function filesUnder(entry: string): string[] {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return [];
  if (!stat.isDirectory()) return [entry];
  return fs.readdirSync(entry).flatMap((name) => filesUnder(path.join(entry, name)));
}

/** The hash of every input file's path and content (a few hundred files, a few MB). */
export function fingerprint(part: Part, base = root): string {
  const hash = crypto.createHash('sha256');
  const files = part.inputs.flatMap((input) => filesUnder(path.join(base, input))).sort();
  for (const file of files) {
    hash.update(path.relative(base, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** True when the part's output is missing or was built from other contents than there are now. */
export function isStale(part: Part, base = root): boolean {
  if (!fs.existsSync(path.join(base, part.output))) return true;
  const stampFile = path.join(base, part.stamp);
  const stamp = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : '';
  return stamp !== fingerprint(part, base);
}

/**
 * Runs `build`, then stamps the output with the fingerprint taken before it started (an input
 * changed while it ran makes the next start build again).
 */
export async function buildPart(
  part: Part,
  build: () => Promise<void>,
  base = root,
): Promise<void> {
  const before = fingerprint(part, base);
  await build();
  fs.writeFileSync(path.join(base, part.stamp), `${before}\n`);
}

export const serverBuildIsStale = () => isStale(SERVER);

/**
 * Runs a Node program to completion, quietly; when it fails, what it printed is shown (tsc
 * prints its errors on stdout) and the promise rejects.
 */
function run(what: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const printed: Buffer[] = [];
    child.stdout!.on('data', (chunk: Buffer) => printed.push(chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) return resolve();
      process.stderr.write(Buffer.concat(printed));
      reject(new Error(`${what} failed (see the errors above).`));
    });
  });
}

/** The SPA's production build; `webpackArgs` adds to webpack's command line (`--json=…`). */
export function buildSpa(webpackArgs: string[] = []): Promise<void> {
  console.log('Building the store (webpack, production)...');
  return buildPart(SPA, () =>
    run('The SPA build', [
      require.resolve('webpack-cli/bin/cli.js'),
      '--mode',
      'production',
      ...webpackArgs,
    ]),
  );
}

/** The server and the start scripts as JavaScript, with the SQL migrations and functions beside them. */
export function buildServer(): Promise<void> {
  console.log('Compiling the server (tsc)...');
  return buildPart(SERVER, () => compileServer());
}

async function compileServer(): Promise<void> {
  await run('The server build', [
    require.resolve('typescript/bin/tsc'),
    '-p',
    'tsconfig.build.json',
  ]);
  for (const folder of ['migrations', 'functions']) {
    fs.cpSync(
      path.join(root, 'server/src/db', folder),
      path.join(root, 'build/server/src/db', folder),
      { recursive: true },
    );
  }
}

/** What the build runs: webpack and TypeScript are devDependencies. */
const BUILD_TOOLS = ['webpack-cli/bin/cli.js', 'typescript/bin/tsc'];

/**
 * A production install (`npm ci --omit=dev`) has no build tools: it runs the build made where
 * they are. A part it would have to build is refused in words, not with "Cannot find module".
 */
export function checkBuildTools(
  stale: Part[],
  resolve: (request: string) => string = require.resolve,
): void {
  if (stale.length === 0) return;
  try {
    for (const tool of BUILD_TOOLS) resolve(tool);
  } catch {
    const folders = stale.map((part) => `${path.dirname(part.stamp)}/`).join(' and ');
    throw new Error(
      `The build in ${folders} is missing or was made from other sources than these, and this ` +
        'install cannot build: webpack and TypeScript are devDependencies, which ' +
        '`npm ci --omit=dev` leaves out. Build where they are installed (`npm ci`, then ' +
        '`npm run build`, on these same sources) before installing for production, or run ' +
        '`npm ci` here.',
    );
  }
}

/** Builds what is stale (everything without `onlyStale`), the two parts side by side. */
export async function build(onlyStale: boolean): Promise<void> {
  const stale = [SPA, SERVER].filter((part) => !onlyStale || isStale(part));
  checkBuildTools(stale);
  await Promise.all(stale.map((part) => (part === SPA ? buildSpa() : buildServer())));
}

if (require.main === module) {
  build(process.argv.includes('--if-stale')).catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
