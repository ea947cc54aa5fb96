import type { CardDecline, TestCard } from './testCards';

/** What one payment pays: one order (its payment page), or every order of one bag's checkout. */
export type PaymentTarget =
  { orderId: string; checkoutId: null } | { orderId: null; checkoutId: string };

/** What the store needs from a card payment provider; `local` and `stripe` implement it. */
export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  /**
   * A PaymentIntent for the whole order amount, recorded in the payments table; the same key
   * never charges twice.
   */
  createIntent(input: {
    target: PaymentTarget;
    amountCents: number;
    /** ISO 4217, lower case as Stripe writes it: usd (unless set), eur, gbp: the orders'. */
    currency?: string;
    email: string;
    description: string;
    idempotencyKey: string;
  }): Promise<{ intentId: string; clientSecret: string }>;
  /** The provider's own record of an intent, or null if it does not know it. */
  retrieveIntent(intentId: string): Promise<IntentRecord | null>;
  /**
   * Gives back part or all of a succeeded intent's amount. The same key never refunds twice (a
   * retry after a lost answer gets the same refund).
   */
  refund(input: {
    intentId: string;
    amountCents: number;
    orderId: string;
    idempotencyKey: string;
    /** The store's refund row it settles (sent as metadata, for the webhook to match). */
    refundKey?: string;
  }): Promise<RefundMade>;
  /**
   * A refund as the provider has it now, for one still pending long after it was asked for: by
   * the provider's refund id, or, when its answer never came, the one made under the store's
   * `refundKey`. Null when the provider has no such refund. Null itself for a provider whose
   * refunds are made at once (`local`): none of them is left pending to ask about.
   */
  readonly lookUpRefund:
    | ((refund: {
        refundId: string | null;
        intentId: string;
        refundKey: string;
      }) => Promise<RefundMade | null>)
    | null;
  /**
   * Cards this server confirms itself (`POST /payments/local/confirm`, answering like Stripe.js),
   * or null when the shopper's browser confirms them with the provider (Stripe.js).
   */
  readonly cards: CardConfirmation | null;
}

/** The provider's answer to a refund it accepted. */
export interface RefundMade {
  refundId: string;
  /**
   * `succeeded`: the money went back. `pending`: accepted, not made yet (Stripe's `pending` or
   * `requires_action`): it counts only once the provider reports it succeeded. `failed`: it
   * failed or was cancelled at once (Stripe's `failed`, `canceled`), with `failureReason`.
   */
  status: 'succeeded' | 'pending' | 'failed';
  /** Why it failed, in the provider's words (Stripe's `failure_reason`, or `canceled`). */
  failureReason?: string | null;
}

/** A provider's refund status as the store counts it (Stripe's five, or anything newer). */
export function refundStatusOf(status: string | null | undefined): RefundMade['status'] {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  // pending, requires_action, or a status this store does not know yet: not money back yet.
  return 'pending';
}

/** Why a provider's refund failed, in its words: Stripe's `failure_reason`, or `canceled`. */
export function refundFailureOf(refund: {
  status: string | null;
  failure_reason?: string | null;
}): string {
  if (refund.status === 'canceled') return 'canceled';
  return refund.failure_reason || 'unknown';
}

export interface IntentRecord {
  id: string;
  status: string;
  amountCents: number;
  /** The order the intent was created for (its metadata), or null. */
  orderId: string | null;
  /** The checkout the intent was created for (its metadata), or null. */
  checkoutId: string | null;
}

export interface CardConfirmation {
  /** The intent waiting for a card under this client secret, or null if there is none. */
  intentFor(clientSecret: string): Promise<IntentRecord | null>;
  /**
   * Checks the card for the intent: why it was declined, or null when it may be charged. The
   * charge is made by paying the intent's orders, in one transaction with marking the intent
   * succeeded: a payment that cannot be applied charges nothing.
   */
  charge(intentId: string, card: TestCard): Promise<CardDecline | null>;
}

/**
 * The provider answered and refused a refund (a disputed or too old charge, say): no money moved.
 * Any other error leaves it unknown whether the refund was made.
 */
export class RefundRefused extends Error {}
