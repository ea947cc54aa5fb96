import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { payments } from '../db/schema';
import type { IntentRecord, PaymentProvider } from './provider';

function token(bytes: number): string {
  return randomBytes(bytes).toString('base64url').replace(/[-_]/g, '0');
}

/**
 * A payment provider that never leaves the machine: PaymentIntent-shaped rows in the payments
 * table, confirmed by `POST /api/payments/local/confirm` with Stripe's published test cards.
 */
export function createLocalProvider(db: Db): PaymentProvider {
  return {
    name: 'local',
    async createIntent({ orderId, amountCents }) {
      const intentId = `pi_local_${token(18)}`;
      const clientSecret = `${intentId}_secret_${token(18)}`;
      await db.insert(payments).values({
        orderId,
        provider: 'local',
        intentId,
        clientSecret,
        amountCents,
        status: 'requires_payment_method',
      });
      return { intentId, clientSecret };
    },
    async retrieveIntent(intentId): Promise<IntentRecord | null> {
      const [row] = await db.select().from(payments).where(eq(payments.intentId, intentId));
      if (!row || row.provider !== 'local') return null;
      return {
        id: row.intentId,
        status: row.status,
        amountCents: row.amountCents,
        orderId: row.orderId,
      };
    },
  };
}
