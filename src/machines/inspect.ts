import type { InspectionEvent } from 'xstate';

/** `?inspect` once in the URL keeps the inspector on for the rest of the tab's session. */
const SESSION_FLAG = 'xstate-inspect';

function inspectionWanted(): boolean {
  if (typeof window === 'undefined') return false;
  const inUrl = new URLSearchParams(window.location.search).has('inspect');
  try {
    if (inUrl) sessionStorage.setItem(SESSION_FLAG, '1');
    return inUrl || sessionStorage.getItem(SESSION_FLAG) === '1';
  } catch {
    return inUrl; // storage disabled
  }
}

type Inspect = (event: InspectionEvent) => void;
let decided = false;
let inspect: Inspect | undefined;

/**
 * In development, with `?inspect` in the URL: an `inspect` option for `useMachine` that feeds
 * the Stately inspector (it opens in a new window; allow pop-ups). The inspector package is
 * loaded on first use; events until then are buffered so the inspector sees every actor from
 * its start. In production builds this is always undefined and the package is not bundled.
 */
export function machineInspector(): Inspect | undefined {
  if (decided) return inspect;
  decided = true;
  if (process.env.NODE_ENV !== 'development' || !inspectionWanted()) return undefined;

  const buffered: InspectionEvent[] = [];
  let forward: Inspect | null = null;
  if (process.env.NODE_ENV === 'development') {
    // Webpack drops this branch, and so the chunk, from production builds.
    import(/* webpackChunkName: "stately-inspect" */ '@statelyai/inspect')
      .then(({ createBrowserInspector }) => {
        const inspector = createBrowserInspector();
        forward = (event) => inspector.inspect.next?.(event);
        for (const event of buffered.splice(0)) forward(event);
      })
      .catch((error: unknown) => console.warn('The Stately inspector could not be loaded', error));
  }
  inspect = (event) => (forward ? forward(event) : void buffered.push(event));
  return inspect;
}
