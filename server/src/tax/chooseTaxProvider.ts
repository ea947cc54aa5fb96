import type Stripe from 'stripe';
import type { Config } from '../config';
import { createStripeClient } from '../payments/stripe';
import { storeRates } from './storeRates';
import { createStripeTax } from './stripeTax';
import type { TaxProvider } from './taxProvider';

/** The configured tax provider: Stripe Tax (sharing the payments' client when there is one). */
export function chooseTaxProvider(
  payments: Config['payments'],
  stripe: Stripe | null,
): TaxProvider {
  if (payments.taxProvider !== 'stripe') return storeRates;
  const client =
    stripe ??
    createStripeClient({ secretKey: payments.stripeSecretKey!, apiBase: payments.stripeApiBase });
  return createStripeTax(client);
}
