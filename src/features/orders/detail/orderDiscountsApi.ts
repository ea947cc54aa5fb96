import type { Checkout } from '@contract/checkout';
import { api } from '../../../store/api';

/** A promotion's discount on one order of a checkout: below zero, in minor units. */
export interface OrderDiscount {
  orderId: string | null;
  label: string;
  amountMinor: number;
}

/**
 * The discount lines of a checkout priced in a market (issue 49), as it was priced: each names
 * its promotion (and code), so an order's page says what was taken off it and why.
 */
export const orderDiscountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCheckoutDiscounts: build.query<OrderDiscount[], string>({
      query: (checkoutId) => `checkout/${encodeURIComponent(checkoutId)}`,
      transformResponse: (checkout: Checkout) =>
        (checkout.pricing?.lines ?? [])
          .filter((line) => line.kind === 'discount')
          .map(({ orderId, label, amountMinor }) => ({ orderId, label, amountMinor })),
    }),
  }),
});
