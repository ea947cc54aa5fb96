import path from 'node:path';
import { compiled, root } from './root';

/** The API program's entry point, from the repository's root. */
const API_ENTRY = 'server/src/main.ts';

export interface ApiProgramOptions {
  /**
   * `source`: the TypeScript run through tsx; `build`: the compiled JavaScript in build/ (built
   * beforehand). By default the form this script itself runs in.
   */
  from?: 'source' | 'build';
  /** Node's own options (`--expose-gc`, `--cpu-prof`, ...), first. */
  nodeArgs?: string[];
  /** Modules imported before the server: after tsx, so from source they may be TypeScript. */
  preload?: string[];
  /** Node's `--watch`: the API restarts when a file it runs changes. */
  watch?: boolean;
}

/**
 * Node arguments that run the API (`server/src/main.ts`), for `process.execPath`: the one place
 * that knows where the program is and how each form of it is started.
 */
export function apiProgramArgs({
  from = compiled ? 'build' : 'source',
  nodeArgs = [],
  preload = [],
  watch = false,
}: ApiProgramOptions = {}): string[] {
  const fromSource = from === 'source';
  return [
    ...nodeArgs,
    ...(fromSource ? ['--import', 'tsx'] : []),
    ...(watch ? ['--watch'] : []),
    ...preload.flatMap((file) => ['--import', file]),
    fromSource
      ? path.join(root, API_ENTRY)
      : path.join(root, 'build', API_ENTRY.replace(/\.ts$/, '.js')),
  ];
}
