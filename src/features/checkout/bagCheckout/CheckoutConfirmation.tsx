import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { Checkout } from '@contract/checkout';
import { checkoutCopy } from '@contract/checkoutCopy';
import { copy } from '@contract/copy';
import { marketCopy } from '@contract/marketCopy';
import { ButtonLink } from '../../../ui/Button';
import { formatDay } from '../../../ui/formatDay';
import { formatPrice } from '../../../ui/formatPrice';
import { panelSurface } from '../../../ui/surface';
import { Notice } from '../payment/paymentPanel';
import { orderLines, SummaryLines } from './LinesSummary';
import { PricedLines } from './PricedLines';

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

/**
 * Paid: every order with the one transaction id, delivery or the fitting day, and My Orders (a
 * guest's confirmation gives its own way on: `next`).
 */
export function CheckoutConfirmation({ checkout, next }: { checkout: Checkout; next?: ReactNode }) {
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
      {checkout.pricing ? (
        <PricedLines pricing={checkout.pricing} />
      ) : (
        <>
          <SummaryLines lines={orderLines(checkout.orders)} />
          <p>
            <strong>
              {words.total} {formatPrice(checkout.total)}
            </strong>
          </p>
        </>
      )}
      {checkout.pricing && (
        <ButtonLink to={`/checkout/${checkout._id}/receipt`} $variant="secondary">
          {marketCopy.receipt.link}
        </ButtonLink>
      )}
      {next ?? <ButtonLink to="/dashboard/myorder">{words.toMyOrders}</ButtonLink>}
    </Box>
  );
}
