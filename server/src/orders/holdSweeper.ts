import type { FastifyBaseLogger } from 'fastify';
import type { CatalogCache } from '../catalog/catalogCache';
import type { Db } from '../db/client';
import { releaseExpiredHolds } from './orderTable';

/**
 * Gives expired holds' stock back on a timer: a tenth of the hold, between 1 s and 1 min, so
 * stock comes back at most that late (an order refused for stock also sweeps first). Every API
 * process sweeps; the sweep releases each order once however many race.
 */
export function startHoldSweeper(
  db: Db,
  catalog: CatalogCache,
  holdSeconds: number,
  log: FastifyBaseLogger,
): () => void {
  const everyMs = Math.min(60_000, Math.max(1_000, holdSeconds * 100));
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    releaseExpiredHolds(db)
      .then((products) => {
        for (const id of products) catalog.productChanged(id);
      })
      .catch((err: unknown) => log.warn({ err }, 'releasing expired stock holds failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  // The sweep alone never keeps the process up.
  timer.unref();
  return () => clearInterval(timer);
}
