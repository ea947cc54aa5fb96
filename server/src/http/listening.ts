/**
 * Tells the process that started this API (the supervisor of `npm start`, a test's stack) that
 * it listens, over the IPC channel the starter opened. The starter waits for this rather than
 * for `/api/health` to answer: another store that took the same port in the meantime would
 * answer that too, and its tests would run against a store that is not theirs.
 */
export const LISTENING_MESSAGE = 'tyre-store-api-listening';

export function announceListening(port: number): void {
  if (!process.send) return;
  process.send({ type: LISTENING_MESSAGE, port });
  // The channel must not keep the API alive once its server has closed.
  process.channel?.unref();
}
