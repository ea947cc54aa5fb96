import type { Stripe } from '@stripe/stripe-js';
import { loadStripe as loadStripeJs } from '@stripe/stripe-js/pure';
import { copy } from '@contract/copy';
import { ProviderUnavailableError } from '../paymentErrors';
import type { CardFormProps } from '../cardForm';
import type { PaymentGateway } from '../gateway';
import { StripeCardForm } from './StripeCardForm';

export type LoadStripe = (publishableKey: string) => Promise<Stripe | null>;

/** Stripe.js's own load errors, in the store's copy. */
function unavailable(error: unknown): ProviderUnavailableError {
  const message = error instanceof Error ? error.message : '';
  return new ProviderUnavailableError(
    /not available/i.test(message) ? copy.payment.scriptUnavailable : copy.payment.scriptFailed,
  );
}

/**
 * Stripe as a PaymentGateway: `prepare` loads Stripe.js from js.stripe.com (the `pure` entry
 * point, so nothing loads before it is asked for); the card form is the Payment Element.
 * `loadStripe` is replaceable so tests can hand in a fake Stripe.js.
 */
export function createStripeGateway(
  publishableKey: string,
  loadStripe: LoadStripe = loadStripeJs,
): PaymentGateway {
  // The attempt of the last `prepare`; a card form mounted after it uses that Stripe.
  let stripe: Promise<Stripe | null> = Promise.resolve(null);

  function CardForm(props: CardFormProps) {
    return <StripeCardForm stripe={stripe} {...props} />;
  }

  return {
    name: 'stripe',
    async prepare() {
      // Stripe.js caches a loaded script and forgets a failed one, so each try is a real retry.
      stripe = loadStripe(publishableKey);
      let loaded: Stripe | null;
      try {
        loaded = await stripe;
      } catch (error) {
        throw unavailable(error);
      }
      if (!loaded) throw new ProviderUnavailableError(copy.payment.scriptUnavailable);
    },
    CardForm,
  };
}
