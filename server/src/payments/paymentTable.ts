import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { payments } from '../db/schema';
import type { PaymentTarget } from './provider';

/**
 * The payments table's owner: one row per PaymentIntent, made by the local provider or mirrored
 * from Stripe. The providers, the payment routes and the order store read and write it through
 * these functions only.
 */
export type PaymentRow = typeof payments.$inferSelect;

/**
 * Stores a new intent, waiting for a card. An intent already stored under this id is kept as it
 * is: whoever inserts first wins, and racing requests read that one back.
 */
export async function recordIntent(
  db: Db,
  intent: Pick<
    PaymentRow,
    'orderId' | 'checkoutId' | 'provider' | 'intentId' | 'clientSecret' | 'amountCents'
  > &
    Partial<Pick<PaymentRow, 'currency'>>,
): Promise<void> {
  await db
    .insert(payments)
    .values({ ...intent, status: 'requires_payment_method' })
    .onConflictDoNothing({ target: payments.intentId });
}

export async function findIntent(db: Db, intentId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.intentId, intentId));
  return row ?? null;
}

export async function findIntentBySecret(db: Db, clientSecret: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.clientSecret, clientSecret));
  return row ?? null;
}

/**
 * The intent for this order (or checkout), provider and amount that has not succeeded yet, if
 * any.
 */
export async function findOpenIntent(
  db: Db,
  {
    target,
    provider,
    amountCents,
  }: { target: PaymentTarget } & Pick<PaymentRow, 'provider' | 'amountCents'>,
): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        target.checkoutId === null
          ? eq(payments.orderId, target.orderId)
          : eq(payments.checkoutId, target.checkoutId),
        eq(payments.provider, provider),
        eq(payments.amountCents, amountCents),
        ne(payments.status, 'succeeded'),
      ),
    );
  return row ?? null;
}

/**
 * Marks the intent succeeded (nothing happens if it is not stored). `db` may be a transaction,
 * as when the order store pays the order in the same one.
 */
export async function markIntentSucceeded(db: Db, intentId: string): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'succeeded', updatedAt: new Date() })
    .where(eq(payments.intentId, intentId));
}
