import { useState } from 'react';
import styled from 'styled-components';
import { lifecycleCopy } from '@contract/lifecycleCopy';
import { ORDER_TRANSITIONS } from '@contract/orderLifecycle';
import type { Order } from '@contract/orders';
import { useActOnGuestOrderMutation, type Opened } from '../../shared/guest/guestApi';
import { guestCopy } from '../../shared/guest/guestCopy';
import { apiErrorMessage } from '../../store/apiError';
import { Button } from '../../ui/Button';
import { FieldError, TextField } from '../../ui/Field';
import { FormActions } from '../../ui/Form';
import { useOrderMoney } from '../../shared/orders/orderMoney';

const Line = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.line};
  p {
    margin: 0;
  }
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  font-weight: 700;
`;

const Status = styled.span`
  padding: 2px 10px;
  border-radius: 999px;
  background: #dbeafe;
  color: #1e3a8a;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

type Asking = 'cancel' | 'return' | null;

/**
 * One order of a guest's checkout: what it is, where it stands, and the shopper's Cancel or
 * Return (a reason asked first), as My Orders offers them. The server decides what is allowed.
 */
export function GuestOrderLine({ order, opened }: { order: Order; opened: Opened }) {
  const money = useOrderMoney();
  const [asking, setAsking] = useState<Asking>(null);
  const [reason, setReason] = useState('');
  const [act, { isLoading, error, reset }] = useActOnGuestOrderMutation();
  const canCancel = ORDER_TRANSITIONS.cancel.from.includes(order.status);
  const canReturn = order.status === 'delivered';
  const needsReason = asking === 'return' && reason.trim() === '';
  const submit = async () => {
    if (!asking || needsReason) return;
    const done = await act({
      ...opened,
      orderId: order._id,
      action: asking,
      reason: reason.trim(),
    });
    if (!('error' in done)) setAsking(null);
  };
  return (
    <Line>
      <Head>
        <span>
          {order.quantity} × {order.ProductName}
        </span>
        <span>{money(order, order.price * order.quantity)}</span>
      </Head>
      <p>
        <Status>{lifecycleCopy.status[order.status]}</Status>
      </p>
      {order.shipment && (
        <p>
          {guestCopy.tracking(order.shipment.carrier, order.shipment.trackingNumber)}
          {order.shipment.trackingUrl && (
            <>
              {' '}
              <a href={order.shipment.trackingUrl} rel="noreferrer noopener" target="_blank">
                {guestCopy.trackParcel}
              </a>
            </>
          )}
        </p>
      )}
      {asking === null ? (
        (canCancel || canReturn) && (
          <FormActions>
            {canCancel && (
              <Button $variant="secondary" onClick={() => setAsking('cancel')}>
                {guestCopy.cancel}
              </Button>
            )}
            {canReturn && (
              <Button $variant="secondary" onClick={() => setAsking('return')}>
                {guestCopy.returnOrder}
              </Button>
            )}
          </FormActions>
        )
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          noValidate
        >
          <TextField
            label={asking === 'cancel' ? guestCopy.cancelReason : guestCopy.returnReason}
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
          />
          {error && <FieldError role="alert">{apiErrorMessage(error)}</FieldError>}
          <FormActions>
            <Button type="submit" $variant="danger" disabled={isLoading || needsReason}>
              {asking === 'cancel' ? guestCopy.confirmCancel : guestCopy.confirmReturn}
            </Button>
            <Button
              $variant="ghost"
              onClick={() => {
                setAsking(null);
                reset();
              }}
            >
              {guestCopy.keep}
            </Button>
          </FormActions>
        </form>
      )}
    </Line>
  );
}
