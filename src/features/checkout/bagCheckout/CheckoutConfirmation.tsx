import styled from 'styled-components';
import type { Checkout } from '@contract/checkout';
import { checkoutCopy } from '@contract/checkoutCopy';
import { copy } from '@contract/copy';
import { ButtonLink } from '../../../ui/Button';
import { formatDay } from '../../../ui/formatDay';
import { formatPrice } from '../../../ui/formatPrice';
import { panelSurface } from '../../../ui/surface';
import { orderTotal } from '../payment/OrderSummary';
import { Notice } from '../payment/paymentPanel';

const words = checkoutCopy.bagCheckout;

const Box = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.lg};
  ${panelSurface}
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Orders = styled.ul`
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
  span {
    grid-column: 1;
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  /* The line's total, right of its name. */
  strong:last-child {
    grid-column: 2;
    grid-row: 1;
    font-variant-numeric: tabular-nums;
  }
`;

/** Paid: every order with the one transaction id, delivery or the fitting day, and My Orders. */
export function CheckoutConfirmation({ checkout }: { checkout: Checkout }) {
  const first = checkout.orders[0];
  return (
    <Box aria-labelledby="checkout-paid">
      <Notice $tone="success" role="status">
        <strong id="checkout-paid">{copy.payment.success}</strong>
        <p>
          {checkoutCopy.payment.transactionId} <code>{checkout.transactionId}</code>
        </p>
        <p>
          {checkout.fitting
            ? words.fittingOn(formatDay(checkout.fitting))
            : words.deliveryTo(first?.address ?? '')}
        </p>
      </Notice>
      <h2>{words.confirmation}</h2>
      <Orders>
        {checkout.orders.map((order) => (
          <li key={order._id}>
            <strong>{order.ProductName}</strong>
            <span>{words.lineTotal(order.quantity, formatPrice(order.price))}</span>
            <strong>{formatPrice(orderTotal(order))}</strong>
          </li>
        ))}
      </Orders>
      <p>
        <strong>
          {words.total} {formatPrice(checkout.total)}
        </strong>
      </p>
      <ButtonLink to="/dashboard/myorder">{words.toMyOrders}</ButtonLink>
    </Box>
  );
}
