import { Fragment } from 'react';
import styled from 'styled-components';
import type { OrderActor } from '@contract/orderLifecycle';
import type { Order } from '@contract/orders';
import { marketCopy } from '@contract/marketCopy';
import { orderPageCopy } from '../orderPageCopy';
import { formatDay } from '../../../ui/formatDay';
import { chargedTotal, useOrderMoney } from '../../../shared/orders/orderMoney';
import { TextLink } from '../../../ui/TextLink';
import { OrderStatusBadge } from '../lifecycle/OrderStatusBadge';
import { PaymentStatus } from '../PaymentStatus';
import { formatMoment } from './formatMoment';
import { Facts, Panel } from './panel';
import { useOrderDiscounts } from './useOrderDiscounts';

const words = orderPageCopy.details;

const Money = styled.dd`
  font-variant-numeric: tabular-nums;
`;

const Small = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** What was ordered, for how much, for whom and where to: the order's own facts. */
export function OrderDetails({ order, viewer }: { order: Order; viewer: OrderActor }) {
  const money = useOrderMoney();
  const discounts = useOrderDiscounts(order);
  // The order's charges take its discounts off: shown apart, each with its promotion's name.
  const charges =
    (order.charges ?? 0) - discounts.reduce((sum, line) => sum + line.amountMinor, 0) / 100;
  return (
    <Panel aria-labelledby="order-details">
      <h2 id="order-details">{words.heading}</h2>
      <Facts>
        <dt>{words.product}</dt>
        <dd>
          <TextLink to={`/productdetails/${order.productId}`}>{order.ProductName}</TextLink>
        </dd>
        <dt>{words.quantity}</dt>
        <Money>{order.quantity}</Money>
        <dt>{words.unitPrice}</dt>
        <Money>{money(order, order.price)}</Money>
        {discounts.map((line, index) => (
          <Fragment key={index}>
            <dt>{line.label}</dt>
            <Money>−{money(order, -line.amountMinor / 100)}</Money>
          </Fragment>
        ))}
        {charges > 0 && (
          <>
            <dt>{words.charges}</dt>
            <Money>{money(order, charges)}</Money>
          </>
        )}
        <dt>{words.total}</dt>
        <Money>
          <strong>{money(order, chargedTotal(order))}</strong>
        </Money>
        {order.currency && order.checkoutId && (
          <>
            <dt>{marketCopy.receipt.title}</dt>
            <dd>
              <TextLink to={`/checkout/${order.checkoutId}/receipt`}>
                {marketCopy.receipt.link}
              </TextLink>
            </dd>
          </>
        )}
        {order.paid && (
          <>
            <dt>{words.refunded}</dt>
            <Money>{money(order, order.refunded)}</Money>
          </>
        )}
        {order.refundPending > 0 && (
          <>
            <dt>{words.refundPending}</dt>
            <Money>{money(order, order.refundPending)}</Money>
          </>
        )}
        <dt>{words.status}</dt>
        <dd>
          <OrderStatusBadge order={order} />
        </dd>
        <dt>{words.payment}</dt>
        <dd>
          <PaymentStatus order={order} describedBy="order-details" />
        </dd>
        <dt>{words.placed}</dt>
        <dd>
          <time dateTime={order.createdAt}>{formatMoment(order.createdAt)}</time>
        </dd>
        {order.fitting ? (
          <>
            <dt>{words.fittingDay}</dt>
            <dd>
              <time dateTime={order.fitting}>{formatDay(order.fitting)}</time>
            </dd>
          </>
        ) : (
          <>
            <dt>{words.deliverTo}</dt>
            <dd>{order.address}</dd>
          </>
        )}
        <dt>{words.buyer}</dt>
        <dd>
          {order.name}
          {viewer === 'admin' && (
            <>
              <br />
              {order.email}
            </>
          )}
          <br />
          {order.number}
        </dd>
        <dt>{words.orderNumber}</dt>
        <dd>
          <Small>{order._id}</Small>
        </dd>
      </Facts>
    </Panel>
  );
}
