import type { Order } from '@contract/orders';

/**
 * Unpaid past its hold: the server gave its stock back and refuses to take a payment for it.
 * Also true once `expiresAt` passes while a page stays open, before the next fetch says so.
 */
export function isOrderExpired(
  order: Pick<Order, 'paid' | 'expired' | 'expiresAt'>,
  now = Date.now(),
): boolean {
  if (order.paid) return false;
  return order.expired || (order.expiresAt !== null && Date.parse(order.expiresAt) <= now);
}
