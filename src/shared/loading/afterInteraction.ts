/**
 * Work a page can do later: what a phone would otherwise run in the seconds after load, when
 * it should be answering the visitor (issue 35). Each runs `then` once.
 */
import { INTERACTIONS, touchedBeforeHydration } from './beforeHydration';

/**
 * When the visitor first touches, clicks, types or tabs in the page (at once when they did
 * before the app ran). Returns a cancel.
 */
export function onFirstInteraction(then: () => void): () => void {
  if (touchedBeforeHydration()) {
    // Soon, not within this call: the caller has its cancel in hand first (whenIdle).
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled) then();
    });
    return () => {
      cancelled = true;
    };
  }
  const run = () => {
    cancel();
    then();
  };
  const cancel = () => {
    for (const type of INTERACTIONS) document.removeEventListener(type, run, true);
  };
  for (const type of INTERACTIONS) {
    document.addEventListener(type, run, { capture: true, passive: true });
  }
  return cancel;
}

/**
 * When the browser is idle (at most `timeoutMs` later), or at the first interaction if that
 * comes sooner. Returns a cancel.
 */
export function whenIdle(then: () => void, timeoutMs = 2000): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    cancel();
    then();
  };
  const stopListening = onFirstInteraction(run);
  let cancelIdle: () => void;
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: timeoutMs });
    cancelIdle = () => window.cancelIdleCallback(id);
  } else {
    // Safari has no requestIdleCallback: a moment after the page's own work.
    const id = window.setTimeout(run, 200);
    cancelIdle = () => window.clearTimeout(id);
  }
  const cancel = () => {
    done = true;
    stopListening();
    cancelIdle();
  };
  return cancel;
}
