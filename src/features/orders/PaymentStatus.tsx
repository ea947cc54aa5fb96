import styled from 'styled-components';
import type { Order } from '../../../server/src/contract/orders';
import { copy } from '../../copy';
import { ButtonLink } from '../../ui/Button';

const Paid = styled.span`
  display: grid;
  gap: 2px;
  strong {
    color: ${({ theme }) => theme.colors.success};
  }
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    color: ${({ theme }) => theme.colors.inkSoft};
    word-break: break-all;
  }
`;

/**
 * The Payment cell of both order tables: 'paid' with the transaction id, or Pay (to the
 * payment page) for a priced unpaid order. `describedBy` names the row, so a screen reader
 * hears which order a Pay link is for.
 */
export function PaymentStatus({ order, describedBy }: { order: Order; describedBy: string }) {
  if (order.paid) {
    return (
      <Paid>
        <strong>{copy.myOrders.paid}</strong>
        {order.transactionId && <code aria-label="Transaction id">{order.transactionId}</code>}
      </Paid>
    );
  }
  if (!order.price) return <span aria-label="Nothing to pay">—</span>;
  return (
    <ButtonLink to={`/dashboard/payment/${order._id}`} $size="sm" aria-describedby={describedBy}>
      {copy.myOrders.pay}
    </ButtonLink>
  );
}
