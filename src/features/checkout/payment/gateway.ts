import { lazy, type ComponentType } from 'react';
import type { PublicConfig } from '@contract/config';
import { copy } from '@contract/copy';
import { ProviderUnavailableError } from './paymentErrors';
import type { CardFormProps } from './cardForm';
import { LocalCardForm } from './local/LocalCardForm';

/**
 * A card payment provider as the payment page sees it. The payment machine never knows which
 * one it is: `prepare` runs while the intent is created, `CardForm` takes the card.
 */
export interface PaymentGateway {
  readonly name: 'local' | 'stripe';
  /** Loads the provider's script; rejects with ProviderUnavailableError when it cannot. */
  prepare(): Promise<void>;
  readonly CardForm: ComponentType<CardFormProps>;
}

/** The `local` provider: the store's own card form, confirmed by the API. */
export const localGateway: PaymentGateway = {
  name: 'local',
  prepare: async () => {},
  CardForm: LocalCardForm,
};

/**
 * Stripe, loaded only when a payment page needs it: its code is a chunk of its own and
 * Stripe.js is fetched from js.stripe.com by `prepare`, never at first paint.
 */
export function lazyStripeGateway(publishableKey: string | null): PaymentGateway {
  let loading: Promise<PaymentGateway> | null = null;
  const load = () =>
    (loading ??= import(/* webpackChunkName: "stripe" */ './stripe/stripeGateway')
      .then(({ createStripeGateway }) => {
        if (!publishableKey) throw new ProviderUnavailableError(copy.payment.scriptUnavailable);
        return createStripeGateway(publishableKey);
      })
      .catch((error: unknown) => {
        loading = null; // the next try loads again
        throw error instanceof ProviderUnavailableError
          ? error
          : new ProviderUnavailableError(copy.payment.scriptFailed);
      }));
  return {
    name: 'stripe',
    prepare: async () => (await load()).prepare(),
    // Rendered only after `prepare` succeeded, so this resolves at once.
    CardForm: lazy(() => load().then((gateway) => ({ default: gateway.CardForm }))),
  };
}

/** The gateway `GET /api/config` names. */
export function gatewayFor(payments: PublicConfig['payments']): PaymentGateway {
  return payments.provider === 'stripe'
    ? lazyStripeGateway(payments.stripePublishableKey)
    : localGateway;
}
