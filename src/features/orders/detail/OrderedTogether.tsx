import { skipToken } from '@reduxjs/toolkit/query/react';
import styled from 'styled-components';
import type { Order } from '@contract/orders';
import { orderPageCopy } from '../orderPageCopy';
import { useGetMyOrdersQuery } from '../../../shared/orders/ordersApi';
import { TextLink } from '../../../ui/TextLink';
import { OrderStatusBadge } from '../lifecycle/OrderStatusBadge';
import { Panel } from './panel';

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  }
`;

/**
 * The other orders of the order's checkout (paid together), each linking to its page. Read from
 * the buyer's orders: `email` is the signed-in shopper's own (their list), or the order's buyer.
 */
export function OrderedTogether({
  order,
  email,
  pathOf,
}: {
  order: Order;
  email: string | null;
  pathOf: (id: string) => string;
}) {
  const query = useGetMyOrdersQuery(order.checkoutId && email ? email : skipToken);
  const others = (query.data ?? []).filter(
    (other) => other.checkoutId === order.checkoutId && other._id !== order._id,
  );
  if (others.length === 0) return null;
  const words = orderPageCopy.together;
  return (
    <Panel aria-labelledby="ordered-together">
      <h2 id="ordered-together">{words.heading}</h2>
      <p>{words.intro}</p>
      <List>
        {others.map((other) => (
          <li key={other._id}>
            <TextLink to={pathOf(other._id)}>
              {other.quantity} × {other.ProductName}
            </TextLink>
            <OrderStatusBadge order={other} />
          </li>
        ))}
      </List>
    </Panel>
  );
}
