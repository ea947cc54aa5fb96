import styled from 'styled-components';
import type { Order } from '@contract/orders';
import { checkoutCopy } from '@contract/checkoutCopy';
import { copy } from '@contract/copy';
import { isOrderExpired } from '../../shared/orders/orderHold';
import { ButtonLink } from '../../ui/Button';

const Paid = styled.span`
  display: grid;
  gap: 2px;
  small {
    color: ${({ theme }) => theme.colors.inkSoft};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
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

const Expired = styled.span`
  display: grid;
  gap: 2px;
  strong {
    color: ${({ theme }) => theme.colors.danger};
  }
  small {
    color: ${({ theme }) => theme.colors.inkSoft};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

const Due = styled.span`
  display: grid;
  gap: 2px;
  justify-items: start;
  small {
    color: ${({ theme }) => theme.colors.inkSoft};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * The Payment cell of both order tables: 'paid' with the transaction id, 'expired' for an
 * unpaid order past its stock hold, or Pay (to the payment page, with the time it is held
 * until) for a priced unpaid order. `describedBy` names the row, so a screen reader
 * hears which order a Pay link is for.
 */
export function PaymentStatus({
  order,
  describedBy,
  together = 1,
}: {
  order: Order;
  describedBy: string;
  /** Orders of its checkout in the table (1: a single order): paid with one payment. */
  together?: number;
}) {
  if (order.paid) {
    return (
      <Paid>
        <strong>{copy.myOrders.paid}</strong>
        {order.transactionId && <code aria-label="Transaction id">{order.transactionId}</code>}
        {together > 1 && <small>{checkoutCopy.orderTables.paidTogether(together)}</small>}
      </Paid>
    );
  }
  if (!order.price) return <span aria-label="Nothing to pay">—</span>;
  if (isOrderExpired(order)) {
    return (
      <Expired>
        <strong>{copy.myOrders.expired}</strong>
        <small>{copy.myOrders.expiredHint}</small>
      </Expired>
    );
  }
  // A checkout's orders are paid with one payment for its total, never one by one.
  const pay = order.checkoutId
    ? {
        to: `/checkout/${order.checkoutId}/pay`,
        label: together > 1 ? checkoutCopy.orderTables.payTogether(together) : copy.myOrders.pay,
      }
    : { to: `/dashboard/payment/${order._id}`, label: copy.myOrders.pay };
  return (
    <Due>
      <ButtonLink to={pay.to} $size="sm" aria-describedby={describedBy}>
        {pay.label}
      </ButtonLink>
      {order.expiresAt && (
        <small>
          {copy.myOrders.payBy} {time(order.expiresAt)}
        </small>
      )}
    </Due>
  );
}
