import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type {
  Appearance,
  Stripe,
  StripeElementsOptions,
  StripePaymentElementOptions,
} from '@stripe/stripe-js';
import { useEffect, useMemo, useState } from 'react';
import { checkoutCopy } from '@contract/checkoutCopy';
import { copy } from '@contract/copy';
import { CardError } from '../paymentErrors';
import { theme } from '../../../../ui/theme';
import type { CardFormProps } from '../cardForm';

const appearance: Appearance = {
  theme: 'stripe',
  variables: {
    // The spec's card field font size.
    fontSizeBase: '16px',
    fontFamily: theme.fonts.body,
    colorPrimary: theme.colors.focus,
    colorDanger: theme.colors.danger,
    colorText: theme.colors.ink,
    borderRadius: theme.radii.sm,
  },
};

/** Cards only; the billing name and email come from the order, so Stripe does not ask. */
function elementOptions(readOnly: boolean): StripePaymentElementOptions {
  return {
    layout: 'tabs',
    paymentMethodOrder: ['card'],
    wallets: { applePay: 'never', googlePay: 'never', link: 'never' },
    fields: { billingDetails: { name: 'never', email: 'never' } },
    readOnly,
  };
}

function PaymentFields({ disabled, onReady, onUnavailable }: Omit<CardFormProps, 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [loaded, setLoaded] = useState(false);
  const options = useMemo(() => elementOptions(disabled), [disabled]);

  useEffect(() => {
    if (!loaded || !stripe || !elements) return;
    onReady({
      async confirm({ billing }) {
        const { error, paymentIntent } = await stripe.confirmPayment({
          elements,
          redirect: 'if_required',
          confirmParams: {
            // Only used if a card ever needs a redirect (most 3-D Secure runs in a modal).
            return_url: window.location.href,
            payment_method_data: { billing_details: { name: billing.name, email: billing.email } },
          },
        });
        // Card and validation errors carry a message meant for the customer.
        if (error) throw new CardError(error.message ?? checkoutCopy.payment.notCharged);
        if (paymentIntent?.status !== 'succeeded') {
          throw new CardError(checkoutCopy.payment.notCompleted);
        }
        return { transactionId: paymentIntent.id };
      },
    });
    return () => onReady(null);
  }, [loaded, stripe, elements, onReady]);

  return (
    <PaymentElement
      options={options}
      onReady={() => setLoaded(true)}
      onLoadError={({ error }) => onUnavailable(error.message ?? copy.payment.scriptUnavailable)}
    />
  );
}

/** Stripe's Payment Element for the order's PaymentIntent. */
export function StripeCardForm({
  stripe,
  clientSecret,
  ...props
}: CardFormProps & { stripe: Promise<Stripe | null> }) {
  // Elements takes its options once; the client secret does not change on this page.
  const options = useMemo<StripeElementsOptions>(
    () => ({ clientSecret, appearance }),
    [clientSecret],
  );
  return (
    <Elements stripe={stripe} options={options}>
      <PaymentFields {...props} />
    </Elements>
  );
}
