/**
 * `npm start` builds a part again only when what it is built from changed (issue 26: every
 * start rebuilt once any source file was newer than dist/index.html, which webpack leaves alone
 * when its content does not change).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildPart, checkBuildTools, isStale, SERVER, SPA, type Part } from '../../scripts/build';

const part: Part = {
  name: 'test',
  inputs: ['src', 'config.json'],
  stamp: 'out/.build-stamp',
  output: 'out/index.html',
};

let base: string;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
  fs.writeFileSync(path.join(base, file), text);
};
/** A build as webpack does it: an output whose content is unchanged is not written again. */
const build = () =>
  buildPart(
    part,
    async () => {
      const html = `<p>${fs.readFileSync(path.join(base, 'src/a.ts'), 'utf8')}</p>`;
      const output = path.join(base, part.output);
      if (!fs.existsSync(output) || fs.readFileSync(output, 'utf8') !== html)
        write(part.output, html);
    },
    base,
  );
const longAgo = new Date('2020-01-01T00:00:00Z');

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'build-stamp-'));
  write('src/a.ts', 'one');
  write('src/nested/b.ts', 'two');
  write('config.json', '{}');
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

test('a part never built, or whose output is gone, is stale', async () => {
  expect(isStale(part, base)).toBe(true);
  await build();
  expect(isStale(part, base)).toBe(false);
  fs.rmSync(path.join(base, part.output));
  expect(isStale(part, base)).toBe(true);
});

test('an input saved again with the same content, newer than the output, builds nothing', async () => {
  await build();
  fs.utimesSync(path.join(base, part.output), longAgo, longAgo);
  write('src/nested/b.ts', 'two');
  expect(isStale(part, base)).toBe(false);
});

test('a change the output does not show still builds once, then not again', async () => {
  await build();
  write('src/nested/b.ts', 'changed'); // a.ts alone makes the output: it stays byte for byte
  expect(isStale(part, base)).toBe(true);
  await build();
  expect(isStale(part, base)).toBe(false);
});

test('a file added, removed or renamed among the inputs makes the part stale', async () => {
  await build();
  write('src/new.ts', '');
  expect(isStale(part, base)).toBe(true);
  await build();
  fs.renameSync(path.join(base, 'src/new.ts'), path.join(base, 'src/renamed.ts'));
  expect(isStale(part, base)).toBe(true);
  await build();
  fs.rmSync(path.join(base, 'src/renamed.ts'));
  expect(isStale(part, base)).toBe(true);
});

test('an input changed while the build runs makes the next start build again', async () => {
  await buildPart(
    part,
    async () => {
      write(part.output, 'built from the old content');
      write('src/a.ts', 'edited during the build');
    },
    base,
  );
  expect(isStale(part, base)).toBe(true);
});

describe('a production install (npm ci --omit=dev: no webpack, no TypeScript)', () => {
  const withoutTools = (request: string): string => {
    throw Object.assign(new Error(`Cannot find module '${request}'`), { code: 'MODULE_NOT_FOUND' });
  };

  test('runs a current build: nothing stale, nothing to build with', () => {
    expect(() => checkBuildTools([], withoutTools)).not.toThrow();
  });

  test('refuses in words to build a stale part, naming its folder and what to do', () => {
    expect(() => checkBuildTools([SPA, SERVER], withoutTools)).toThrow(
      /^The build in dist\/ and build\/ is missing or was made from other sources .*devDependencies.*npm ci --omit=dev.*npm run build/,
    );
    expect(() => checkBuildTools([SERVER], withoutTools)).toThrow(/^The build in build\/ is/);
  });

  test('builds where the tools are installed', () => {
    expect(() => checkBuildTools([SPA, SERVER])).not.toThrow();
  });
});
