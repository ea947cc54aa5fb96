import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

/**
 * The README promises Node 20 (20.19 or later): every installed package must agree, so
 * `npm ci` prints no EBADENGINE warning on that Node (light-my-request's cookie@2 wanted 22;
 * package.json overrides it with cookie@1, which has the same API).
 */
describe('engines', () => {
  it('every package in the lockfile runs on the Node the README names', () => {
    const root = join(__dirname, '..', '..');
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    const oldest = semver.minVersion(pkg.engines.node)!.version;
    expect(semver.major(oldest)).toBe(20);
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { engines?: { node?: string } | string[] }>;
    };
    const refusing = Object.entries(lock.packages)
      .map(([name, entry]) => [name, (entry.engines as { node?: string } | undefined)?.node])
      .filter(([, node]) => typeof node === 'string' && !semver.satisfies(oldest, node!))
      .map(([name, node]) => `${name} wants node ${node}`);
    expect(refusing).toEqual([]);
  });
});
