import styled from 'styled-components';
import { panelSurface } from '../../../ui/surface';
import type { Order } from '@contract/orders';
import { copy } from '@contract/copy';
import { formatPrice } from '../../../ui/formatPrice';

const Box = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  ${panelSurface}
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    line-height: 1.3;
  }
  h2 span {
    display: block;
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 600;
    letter-spacing: 0.08em;
    text-transform: uppercase;
  }
`;

const Lines = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  div {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.md};
  }
  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
  /* The total, under a rule. */
  div:last-child {
    padding-top: ${({ theme }) => theme.space.sm};
    border-top: 1px solid ${({ theme }) => theme.colors.line};
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 800;
  }
  div:last-child dt {
    color: ${({ theme }) => theme.colors.ink};
  }
`;

/** In cents, so 3 × $89.99 is $269.97 and not $269.96999. */
export function orderTotal(order: Pick<Order, 'price' | 'quantity'>): number {
  return (Math.round(order.price * 100) * order.quantity) / 100;
}

/** 'Pay for' the product: quantity, price and the total (quantity × price). */
export function OrderSummary({ order }: { order: Order }) {
  return (
    <Box aria-labelledby="pay-for">
      <h2 id="pay-for">
        <span>{copy.payment.payFor}</span> {order.ProductName}
      </h2>
      <Lines>
        <div>
          <dt>{copy.payment.quantity}</dt>
          <dd>{order.quantity}</dd>
        </div>
        <div>
          <dt>{copy.payment.price}</dt>
          <dd>{formatPrice(order.price)}</dd>
        </div>
        <div>
          <dt>{copy.payment.totalPrice}</dt>
          <dd>{formatPrice(orderTotal(order))}</dd>
        </div>
      </Lines>
    </Box>
  );
}
