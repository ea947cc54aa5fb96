import Stripe from 'stripe';
import type { Db } from '../db/client';
import { recordIntent } from './paymentTable';
import {
  RefundRefused,
  refundFailureOf,
  refundStatusOf,
  type IntentRecord,
  type PaymentProvider,
  type RefundMade,
} from './provider';

export interface StripeSettings {
  secretKey: string;
  /** e.g. http://127.0.0.1:12111 for a local stub; null for api.stripe.com. */
  apiBase: string | null;
}

export function createStripeClient({ secretKey, apiBase }: StripeSettings): Stripe {
  const base = apiBase ? new URL(apiBase) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/**
 * Card payments through Stripe: PaymentIntents limited to cards, one per order (or checkout) and
 * amount, each
 * mirrored in the payments table. Stripe.js confirms the cards.
 */
export function createStripeProvider(stripe: Stripe, db: Db): PaymentProvider {
  return {
    name: 'stripe',
    async createIntent(input) {
      const { target, amountCents, currency = 'usd', email, description, idempotencyKey } = input;
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency,
          allowed_payment_method_types: ['card'],
          metadata: target.orderId
            ? { orderId: target.orderId }
            : { checkoutId: target.checkoutId! },
          receipt_email: email,
          description,
        },
        { idempotencyKey },
      );
      if (!intent.client_secret) throw new Error('Stripe returned no client secret');
      // Mirror the intent so the order's payments can be listed and reconciled.
      await recordIntent(db, {
        ...target,
        provider: 'stripe',
        intentId: intent.id,
        clientSecret: intent.client_secret,
        amountCents,
        currency,
      });
      return { intentId: intent.id, clientSecret: intent.client_secret };
    },
    async retrieveIntent(intentId): Promise<IntentRecord | null> {
      try {
        const intent = await stripe.paymentIntents.retrieve(intentId);
        return {
          id: intent.id,
          status: intent.status,
          amountCents: intent.amount_received || intent.amount,
          orderId: intent.metadata?.orderId ?? null,
          checkoutId: intent.metadata?.checkoutId ?? null,
        };
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) {
          return null;
        }
        throw err;
      }
    },
    async refund({ intentId, amountCents, orderId, idempotencyKey, refundKey }) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: intentId,
            amount: amountCents,
            metadata: refundKey ? { orderId, refundKey } : { orderId },
          },
          { idempotencyKey },
        );
        // Card refunds mostly succeed at once; a pending one counts only once Stripe reports
        // it succeeded (its webhook), and one failed or cancelled at once gave nothing back.
        return refundMade(refund);
      } catch (err) {
        // Stripe answered and said no: certain that nothing was refunded.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) {
          throw new RefundRefused(err.message);
        }
        throw err;
      }
    },
    async lookUpRefund({ refundId, intentId, refundKey }) {
      if (refundId) {
        try {
          return refundMade(await stripe.refunds.retrieve(refundId));
        } catch (err) {
          if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) {
            return null;
          }
          throw err;
        }
      }
      // Its answer never came: the refund made under its key, if Stripe made one.
      for await (const refund of stripe.refunds.list({ payment_intent: intentId, limit: 100 })) {
        if (refund.metadata?.refundKey === refundKey) return refundMade(refund);
      }
      return null;
    },
    cards: null,
  };
}

/** A Stripe refund as the store counts it. */
function refundMade(refund: Stripe.Refund): RefundMade {
  const status = refundStatusOf(refund.status);
  return {
    refundId: refund.id,
    status,
    failureReason: status === 'failed' ? refundFailureOf(refund) : null,
  };
}
