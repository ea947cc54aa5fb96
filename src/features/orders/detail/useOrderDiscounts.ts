import type { Order } from '@contract/orders';
import { orderDiscountsApi, type OrderDiscount } from './orderDiscountsApi';

const NONE: OrderDiscount[] = [];

/**
 * What the promotions took off this order, as its checkout was priced; none for an order not
 * priced in a market, and none while loading or when the viewer may not read the checkout.
 */
export function useOrderDiscounts(order: Pick<Order, '_id' | 'checkoutId' | 'currency'>) {
  const priced = Boolean(order.currency && order.checkoutId);
  const { data } = orderDiscountsApi.useGetCheckoutDiscountsQuery(order.checkoutId ?? '', {
    skip: !priced,
  });
  if (!data) return NONE;
  return data.filter((line) => line.orderId === order._id);
}
