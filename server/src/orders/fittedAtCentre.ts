import type { Db } from '../db/client';
import { recordEvents } from './orderEvents';
import { changeOrder, lockCheckoutOrders, statusOf } from './orderTable';

/**
 * A fitter marked the checkout's appointment fitted (issue 48): its paid orders were handed over
 * at the centre, so they go straight to delivered, in the fitter's transaction. They were never
 * shipped, so no shipment is invented and no "shipped" email is sent; the delivered event (and
 * its email) says where. An order shipped to the centre by an admin is delivered the same way.
 */
export async function deliverAtCentre(
  tx: Db,
  fitter: { userId: string },
  checkoutId: string,
  note: string,
): Promise<string[]> {
  const delivered: string[] = [];
  for (const order of await lockCheckoutOrders(tx, checkoutId)) {
    const from = statusOf(order);
    if (from !== 'paid' && from !== 'shipped') continue;
    await changeOrder(tx, order.id, { status: 'delivered', deliveredAt: new Date() });
    await recordEvents(tx, [
      {
        orderId: order.id,
        action: 'deliver',
        from,
        to: 'delivered',
        actor: { role: 'admin', userId: fitter.userId },
        note,
      },
    ]);
    delivered.push(order.id);
  }
  return delivered;
}
