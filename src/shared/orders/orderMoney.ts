import type { Order } from '@contract/orders';
import { formatMoney } from '@contract/money';
import { formatPrice } from '../../ui/formatPrice';
import { marketsApi } from '../markets/marketsApi';

export type OrderMoney = (order: Pick<Order, 'currency'>, amount: number) => string;

/**
 * A formatter of an order's amounts (major units, as the API gives them) in the order's
 * currency, as its market writes money ("81,99 €"); the spec's dollar orders as the spec writes
 * them ("$89.50").
 */
export function useOrderMoney(): OrderMoney {
  const { data: markets } = marketsApi.useGetMarketsQuery();
  return (order, amount) => {
    const { currency } = order;
    if (!currency || currency === 'USD') return formatPrice(amount);
    const locale = markets?.find((market) => market.currency === currency)?.locale ?? 'en';
    return formatMoney(Math.round(amount * 100), currency, locale);
  };
}

/** What the order was charged: its goods and what its checkout put on it (major units). */
export function chargedTotal(order: Pick<Order, 'price' | 'quantity' | 'charges'>): number {
  return (
    (Math.round(order.price * 100) * order.quantity + Math.round((order.charges ?? 0) * 100)) / 100
  );
}
