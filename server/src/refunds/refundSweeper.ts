import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { RefundRefused, type PaymentProvider } from '../payments/provider';
import {
  askForRefund,
  failReservedRefund,
  recordFailedRefund,
  recordReportedRefund,
} from './refundSettlement';
import { claimLongPendingRefunds, noteProviderRefund, type RefundRow } from './refundTable';

/** How the refunds asked about again stand now. */
export interface RecheckedRefunds {
  succeeded: number;
  failed: number;
  /** Still pending at the provider: asked about again a period later. */
  pending: number;
  /** The provider knows no refund by its id, or asking failed: left pending, logged. */
  unknown: number;
}

/** Where the recheck logs what it could not settle. */
interface RecheckLog {
  warn: (details: object, message: string) => void;
}

/**
 * Asks the provider again about refunds pending longer than `seconds` (its webhook missed, or
 * its answer lost) and applies what it says as its webhook does: succeeded is settled and
 * counted, failed or cancelled is recorded failed with its history event, still pending is left
 * to be asked a period later. Each refund is claimed first, so processes sweeping the one
 * database at once never ask about the same refund, and the settling and failing themselves
 * happen once under the order's lock whoever (the webhook, the answer, a sweep) gets there first.
 * Nothing for a provider whose refunds are made at once.
 */
export async function recheckPendingRefunds(
  db: Db,
  provider: PaymentProvider,
  seconds: number,
  log: RecheckLog,
  limit = 50,
): Promise<RecheckedRefunds> {
  const counts: RecheckedRefunds = { succeeded: 0, failed: 0, pending: 0, unknown: 0 };
  if (!provider.lookUpRefund) return counts;
  for (const refund of await claimLongPendingRefunds(db, provider.name, seconds, limit)) {
    try {
      const now = await recheckRefund(db, provider, refund);
      if (now === 'unknown') {
        log.warn(
          { refundRowId: refund.id, refundId: refund.refundId },
          'provider has no such refund',
        );
      }
      counts[now] += 1;
    } catch (err) {
      // The provider did not answer: the refund stays pending and is asked a period later.
      log.warn({ err, refundRowId: refund.id }, 'asking again about a pending refund failed');
      counts.unknown += 1;
    }
  }
  return counts;
}

async function recheckRefund(
  db: Db,
  provider: PaymentProvider,
  refund: RefundRow,
): Promise<keyof RecheckedRefunds> {
  let made = await provider.lookUpRefund!({
    refundId: refund.refundId,
    intentId: refund.intentId,
    refundKey: refund.id,
  });
  if (!made && refund.refundId === null) {
    // Its answer never came and the provider made none under its key: asked again, under the
    // same key, which never refunds twice.
    try {
      made = await askForRefund(provider, refund);
    } catch (err) {
      if (!(err instanceof RefundRefused)) throw err;
      // Refused: nothing moved. Whoever asked was told it was unconfirmed, so the history says it.
      await failReservedRefund(db, refund.id, { reason: err.message }, { answered: false });
      return 'failed';
    }
  }
  if (!made) return 'unknown';
  if (made.status === 'succeeded') {
    await recordReportedRefund(db, {
      provider: refund.provider,
      refundId: made.refundId,
      intentId: refund.intentId,
      amountCents: refund.amountCents,
      refundKey: refund.id,
      orderId: refund.orderId,
    });
  } else if (made.status === 'failed') {
    await recordFailedRefund(db, {
      refundId: made.refundId,
      intentId: refund.intentId,
      refundKey: refund.id,
      reason: made.failureReason ?? 'unknown',
    });
  } else {
    await noteProviderRefund(db, refund.id, made.refundId);
  }
  return made.status;
}

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
