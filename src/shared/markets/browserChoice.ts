import { useSyncExternalStore } from 'react';

/**
 * A shopper's choice kept in this browser (localStorage), read with useSyncExternalStore: on the
 * server and while React hydrates it is `fallback`, as the server rendered it, so hydration
 * matches; from the render after, it is what the browser keeps. Other tabs' changes count too.
 */
export function browserChoice(key: string, fallback: string) {
  const listeners = new Set<() => void>();
  const read = (): string => {
    try {
      return localStorage.getItem(key) ?? fallback;
    } catch {
      return fallback; // storage refused (private mode): the choice lasts this page only
    }
  };
  let current: string | null = null;
  const snapshot = () => (current ??= read());
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key !== key) return;
      current = null;
      listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  };
  return {
    use: () => useSyncExternalStore(subscribe, snapshot, () => fallback),
    set(value: string) {
      current = value;
      try {
        localStorage.setItem(key, value);
      } catch {
        // Kept in `current` for this page.
      }
      for (const listener of listeners) listener();
    },
  };
}
