import fs from 'node:fs';
import path from 'node:path';

/** The repository: the nearest folder up with a package.json, from source or from build/. */
export const root = (() => {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${__dirname}`);
    dir = parent;
  }
  return dir;
})();

/** Whether this is the compiled store (build/), not the TypeScript source run through tsx. */
export const compiled = __filename.endsWith('.js');
