import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { Checkout } from '@contract/checkout';
import { checkoutCopy } from '@contract/checkoutCopy';
import { copy } from '@contract/copy';
import { marketCopy } from '@contract/marketCopy';
import type { AppointmentOwner } from '../../../shared/appointments/appointmentsApi';
import { LazyAppointmentPanel } from '../../../shared/appointments/LazyAppointmentPanel';
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
 * Paid: every order with the one transaction id, delivery, the fitting day or the fitting
 * appointment (moved or cancelled here, by `guestKey` for a guest), and My Orders (a guest's
 * confirmation gives its own way on: `next`).
 */
export function CheckoutConfirmation({
  checkout,
  next,
  guestKey,
}: {
  checkout: Checkout;
  next?: ReactNode;
  guestKey?: string;
}) {
  const first = checkout.orders[0];
  const appointment = checkout.appointment ?? null;
  const owner: AppointmentOwner | null = !appointment
    ? null
    : guestKey
      ? { kind: 'guest', checkoutId: checkout._id, key: guestKey }
      : { kind: 'account', appointmentId: appointment._id };
  return (
    <Box aria-labelledby="checkout-paid">
      <Notice $tone="success" role="status">
        <strong id="checkout-paid">{copy.payment.success}</strong>
        <p>
          {checkoutCopy.payment.transactionId} <code>{checkout.transactionId}</code>
        </p>
        {!appointment && (
          <p>
            {checkout.fitting
              ? words.fittingOn(formatDay(checkout.fitting))
              : words.deliveryTo(first?.address ?? '')}
          </p>
        )}
      </Notice>
      {appointment && owner && (
        <LazyAppointmentPanel
          appointment={appointment}
          owner={owner}
          productIds={checkout.orders.map((order) => order.productId)}
        />
      )}
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
