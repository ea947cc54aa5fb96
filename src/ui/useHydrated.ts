import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React hydrates server-rendered HTML (and on the server), true from the render
 * after: what only the browser can show waits for it, so hydration matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
