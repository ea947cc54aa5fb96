import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { PaymentProvider } from '../payments/provider';
import { recheckPendingRefunds } from './orderLifecycle';

/**
 * Asks the provider again, on a timer, about refunds pending longer than `seconds` (a tenth of
 * it, between 1 s and 10 min): a refund whose webhook never came is settled or failed anyway, and
 * one whose answer was lost is asked for again under its key. Every API process sweeps; each
 * refund is claimed by one of them per period. Off for a provider whose refunds are made at once.
 */
export function startRefundSweeper(
  db: Db,
  provider: PaymentProvider,
  seconds: number,
  log: FastifyBaseLogger,
): () => void {
  if (!provider.lookUpRefund) return () => {};
  const everyMs = Math.min(600_000, Math.max(1_000, seconds * 100));
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    recheckPendingRefunds(db, provider, seconds, log)
      .then(({ succeeded, failed }) => {
        if (succeeded + failed > 0) log.info({ succeeded, failed }, 'pending refunds settled');
      })
      .catch((err: unknown) => log.warn({ err }, 'asking again about pending refunds failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  // The sweep alone never keeps the process up.
  timer.unref();
  return () => clearInterval(timer);
}
