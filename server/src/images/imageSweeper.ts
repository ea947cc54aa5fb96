import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { deleteUnusedImages } from './imageTable';

/**
 * Removes uploads no record uses, on a timer: a tenth of the grace time, between 1 s and 10 min.
 * Every API process sweeps; a picture is deleted once whoever gets there first.
 */
export function startImageSweeper(
  db: Db,
  unusedSeconds: number,
  log: FastifyBaseLogger,
): () => void {
  const everyMs = Math.min(600_000, Math.max(1_000, unusedSeconds * 100));
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    deleteUnusedImages(db, unusedSeconds)
      .then((count) => {
        if (count > 0) log.info({ count }, 'unused pictures removed');
      })
      .catch((err: unknown) => log.warn({ err }, 'removing unused pictures failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
