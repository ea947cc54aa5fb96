import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { findIntent, findIntentBySecret, recordIntent, type PaymentRow } from './paymentTable';
import type { IntentRecord, PaymentProvider } from './provider';
import { checkTestCard } from './testCards';

function token(bytes: number): string {
  return randomBytes(bytes).toString('base64url').replace(/[-_]/g, '0');
}

/**
 * The intent an idempotency key stands for. Like Stripe, one key never makes two intents, even
 * when several requests (on several API processes) race to create it. Intent ids are shown to
 * the shopper as the transaction id; the client secret stays random.
 */
function intentIdFor(idempotencyKey: string): string {
  const digest = createHash('sha256').update(idempotencyKey).digest('base64url');
  return `pi_local_${digest.replace(/[-_]/g, '0').slice(0, 24)}`;
}

/** One of this provider's intents, as the routes see it; null for another provider's row. */
function localIntent(row: PaymentRow | null) {
  if (!row || row.provider !== 'local') return null;
  return {
    id: row.intentId,
    status: row.status,
    amountCents: row.amountCents,
    orderId: row.orderId,
    checkoutId: row.checkoutId,
  };
}

/**
 * A payment provider that never leaves the machine: PaymentIntent-shaped rows in the payments
 * table, confirmed by `POST /api/payments/local/confirm` with Stripe's published test cards.
 */
export function createLocalProvider(db: Db): PaymentProvider {
  return {
    name: 'local',
    async createIntent({ target, amountCents, currency = 'usd', idempotencyKey }) {
      const intentId = intentIdFor(idempotencyKey);
      // Whoever inserts first wins; every racer then reads back that one intent.
      await recordIntent(db, {
        ...target,
        provider: 'local',
        intentId,
        clientSecret: `${intentId}_secret_${token(18)}`,
        amountCents,
        currency,
      });
      const intent = await findIntent(db, intentId);
      if (!intent) throw new Error('the local payment intent was not stored');
      return { intentId, clientSecret: intent.clientSecret };
    },
    async retrieveIntent(intentId): Promise<IntentRecord | null> {
      return localIntent(await findIntent(db, intentId));
    },
    // The money never left the machine: the refund is its id, recorded by the caller.
    async refund({ idempotencyKey }) {
      const digest = createHash('sha256').update(idempotencyKey).digest('base64url');
      return {
        refundId: `re_local_${digest.replace(/[-_]/g, '0').slice(0, 24)}`,
        status: 'succeeded' as const,
      };
    },
    // Its refunds are made at once: none stays pending.
    lookUpRefund: null,
    cards: {
      async intentFor(clientSecret) {
        return localIntent(await findIntentBySecret(db, clientSecret));
      },
      // The intent is marked succeeded by the transaction that pays its orders (markOrderPaid,
      // markCheckoutPaid): a card counts as charged only for orders that were paid.
      async charge(_intentId, card) {
        return checkTestCard(card);
      },
    },
  };
}
