/** How long to wait before the second try: long enough for a flaky connection to recover. */
export const RETRY_DELAY_MS = 500;

/**
 * Wraps a lazy route import so a failed chunk load (a dropped connection, a proxy hiccup) is
 * tried once more by itself before the visitor sees an error. webpack forgets a chunk that
 * failed, so the second import() really requests the file again.
 */
export function retryImport<T>(load: () => Promise<T>, delayMs = RETRY_DELAY_MS): () => Promise<T> {
  return () =>
    load().catch(
      () =>
        new Promise<T>((resolve, reject) => {
          setTimeout(() => load().then(resolve, reject), delayMs);
        }),
    );
}
