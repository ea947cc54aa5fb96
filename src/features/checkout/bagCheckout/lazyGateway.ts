import { createElement, lazy } from 'react';
import type { PublicConfig } from '@contract/config';
import type { CardFormProps } from '../payment/cardForm';
import type { PaymentGateway } from '../payment/gateway';

/**
 * The configured provider's gateway, loaded when the payment starts (`prepare`, while the
 * server creates the intent): the details form comes first, and does not wait for the card
 * form's code (the local form's card checks, Stripe's loader).
 */
export function lazyGateway(payments: PublicConfig['payments']): PaymentGateway {
  let loading: Promise<PaymentGateway> | null = null;
  const load = () =>
    (loading ??= import('../payment/gateway')
      .then(({ gatewayFor }) => gatewayFor(payments))
      .catch((error: unknown) => {
        loading = null; // the next try loads again
        throw error;
      }));
  return {
    name: payments.provider === 'stripe' ? 'stripe' : 'local',
    prepare: async () => (await load()).prepare(),
    // Rendered only after `prepare` succeeded, so this resolves at once. Wrapped: Stripe's
    // form is itself lazy, and React cannot render a lazy component that resolves to another.
    CardForm: lazy(() =>
      load().then((gateway) => ({
        default: (props: CardFormProps) => createElement(gateway.CardForm, props),
      })),
    ),
  };
}
