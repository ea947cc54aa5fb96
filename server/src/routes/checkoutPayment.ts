import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { refusals } from '../refusals';
import {
  markCheckoutPaid,
  ordersOfCheckout,
  type FittingClaim,
  type OrderRow,
} from '../orders/orderTable';
import type { PaymentProvider } from '../payments/provider';
import type { CheckoutRow } from '../checkout/checkoutTable';

/**
 * Records the card payment of a checkout (the account's PATCH and the guest's answer alike, with
 * the provider's 402s): every order of it becomes paid once the provider
 * confirms that this PaymentIntent succeeded for this checkout and its whole total. Recording
 * the same payment again answers the orders as they are.
 */
export async function recordCheckoutPayment(
  db: Db,
  provider: PaymentProvider,
  checkout: CheckoutRow,
  transactionId: string,
  claimFitting: FittingClaim,
): Promise<OrderRow[]> {
  const rows = await ordersOfCheckout(db, checkout.id);
  if (rows.length > 0 && rows.every((order) => order.transactionId === transactionId)) {
    return rows;
  }
  if (rows.some((order) => order.paid)) {
    throw new HttpError(409, refusals.checkout.alreadyPaid);
  }
  const intent = await provider.retrieveIntent(transactionId);
  if (!intent || intent.checkoutId !== checkout.id) {
    throw new HttpError(402, refusals.checkout.noSuchPayment);
  }
  if (intent.status !== 'succeeded') {
    throw new HttpError(402, refusals.order.paymentPending);
  }
  return markCheckoutPaid(
    db,
    { checkoutId: checkout.id, intentId: intent.id, amountCents: intent.amountCents },
    claimFitting,
  );
}
