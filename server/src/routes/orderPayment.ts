import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { refusals } from '../refusals';
import { markOrderPaid, type OrderRow } from '../orders/orderTable';
import type { PaymentProvider } from '../payments/provider';

/**
 * Records the card payment of an order on its own (not of a checkout, whose orders are paid
 * together: checkoutPayment.ts): it becomes paid once the provider confirms that this
 * PaymentIntent succeeded for this order and its full amount. Recording the same payment again
 * answers the order as it is.
 */
export async function recordOrderPayment(
  db: Db,
  provider: PaymentProvider,
  order: OrderRow,
  transactionId: string,
): Promise<OrderRow> {
  if (order.paid && order.transactionId === transactionId) return order;
  if (order.paid) throw new HttpError(409, refusals.order.alreadyPaid);
  if (order.checkoutId) throw new HttpError(409, refusals.checkout.payTogether);
  const intent = await provider.retrieveIntent(transactionId);
  if (!intent || intent.orderId !== order.id) {
    throw new HttpError(402, refusals.order.noSuchPayment);
  }
  if (intent.status !== 'succeeded') {
    throw new HttpError(402, refusals.order.paymentPending);
  }
  return markOrderPaid(db, {
    orderId: order.id,
    intentId: intent.id,
    amountCents: intent.amountCents,
  });
}
