import styled from 'styled-components';
import type { Order } from '@contract/orders';
import { checkoutCopy } from '@contract/checkoutCopy';
import { formatPrice } from '../../../ui/formatPrice';
import { panelSurface } from '../../../ui/surface';
import { orderTotal } from '../payment/OrderSummary';

const words = checkoutCopy.bagCheckout;

/** A line of the bag or an order of the checkout: what the summary shows of it. */
export interface SummaryLine {
  key: string;
  name: string;
  quantity: number;
  price: number;
  /** The bag's note on the line (retired, too little stock, price changed), if any. */
  problem?: string | null;
  /** Its total and unit price already in its market's currency (a priced checkout's line). */
  shown?: { total: string; unit: string };
}

/** The checkout's orders as lines. */
export function orderLines(orders: Order[]): SummaryLine[] {
  return orders.map((order) => ({
    key: order._id,
    name: order.ProductName,
    quantity: order.quantity,
    price: order.price,
  }));
}

export const SummaryBox = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  ${panelSurface}
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Lines = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    gap: 2px ${({ theme }) => theme.space.md};
    padding-bottom: ${({ theme }) => theme.space.sm};
    border-bottom: 1px solid ${({ theme }) => theme.colors.line};
  }
  strong {
    overflow-wrap: anywhere;
  }
  span,
  small {
    grid-column: 1;
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  small {
    color: ${({ theme }) => theme.colors.danger};
    font-weight: 600;
  }
  data {
    grid-column: 2;
    grid-row: 1;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;

const Total = styled.p`
  display: flex;
  justify-content: space-between;
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 800;
  font-variant-numeric: tabular-nums;
`;

/**
 * Each line: its name, its total, quantity × price, and the bag's note on it. The summary's
 * list and the paid checkout's.
 */
export function SummaryLines({ lines }: { lines: SummaryLine[] }) {
  return (
    <Lines>
      {lines.map((line) => (
        <li key={line.key}>
          <strong>{line.name}</strong>
          <data value={orderTotal(line)}>{line.shown?.total ?? formatPrice(orderTotal(line))}</data>
          <span>{words.lineTotal(line.quantity, line.shown?.unit ?? formatPrice(line.price))}</span>
          {line.problem && <small>{line.problem}</small>}
        </li>
      ))}
    </Lines>
  );
}

/** The bag's lines (or the checkout's orders, under `title`) and the total. */
export function LinesSummary({
  lines,
  total,
  title = words.summary,
}: {
  lines: SummaryLine[];
  total: number;
  title?: string;
}) {
  return (
    <SummaryBox aria-labelledby="checkout-summary">
      <h2 id="checkout-summary">{title}</h2>
      <SummaryLines lines={lines} />
      <Total>
        <span>{words.total}</span>
        <data value={total}>{formatPrice(total)}</data>
      </Total>
    </SummaryBox>
  );
}
