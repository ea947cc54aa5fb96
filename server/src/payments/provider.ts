/** What the store needs from a card payment provider; `local` and `stripe` implement it. */
export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  /** A PaymentIntent for the whole order amount; the same key never charges twice. */
  createIntent(input: {
    orderId: string;
    amountCents: number;
    email: string;
    description: string;
    idempotencyKey: string;
  }): Promise<{ intentId: string; clientSecret: string }>;
  /** The provider's own record of an intent, or null if it does not know it. */
  retrieveIntent(intentId: string): Promise<IntentRecord | null>;
}

export interface IntentRecord {
  id: string;
  status: string;
  amountCents: number;
  /** The order the intent was created for (its metadata). */
  orderId: string | null;
}
