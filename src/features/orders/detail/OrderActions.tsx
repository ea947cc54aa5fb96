import { useState, type ComponentType } from 'react';
import styled from 'styled-components';
import { staffMay, type OrderAction, type OrderActor } from '@contract/orderLifecycle';
import type { Order } from '@contract/orders';
import { lifecycleCopy } from '@contract/lifecycleCopy';
import { orderPageCopy } from '../orderPageCopy';
import { selectStaffPermissions } from '../../../store/authSlice';
import { useAppSelector } from '../../../store/hooks';
import { Button, ButtonLink } from '../../../ui/Button';
import { offeredActions, orderSnapshot } from '../lifecycle/orderLifecycleMachine';
import { CancelDialog } from './CancelDialog';
import { DeliverDialog } from './DeliverDialog';
import { Panel } from './panel';
import { ReceiveReturnDialog } from './ReceiveReturnDialog';
import { RefundDialog } from './RefundDialog';
import { RequestReturnDialog } from './RequestReturnDialog';
import { ShipDialog } from './ShipDialog';

type DialogAction = Exclude<OrderAction, 'pay'>;

/** The dialog each action opens (paying is the payment page's). */
const DIALOGS: Record<DialogAction, ComponentType<{ order: Order; onClose: () => void }>> = {
  ship: ShipDialog,
  deliver: DeliverDialog,
  cancel: CancelDialog,
  requestReturn: RequestReturnDialog,
  receiveReturn: ReceiveReturnDialog,
  refund: RefundDialog,
};

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** Where paying this order happens: its checkout's payment, or its own. */
const payPath = (order: Order) =>
  order.checkoutId ? `/checkout/${order.checkoutId}/pay` : `/dashboard/payment/${order._id}`;

/**
 * The actions `viewer` may take on the order now, as the lifecycle machine (the server's
 * transition table) says, and, for the staff, as their permissions allow (the table the server
 * enforces, `ACTION_PERMISSION`): one button each, opening its dialog. Nothing else decides.
 */
export function OrderActions({ order, viewer }: { order: Order; viewer: OrderActor }) {
  const [open, setOpen] = useState<DialogAction | null>(null);
  const permissions = useAppSelector(selectStaffPermissions);
  const actions = offeredActions(orderSnapshot(order, viewer)).filter(
    (action) => viewer === 'owner' || permissions === null || staffMay(action, permissions),
  );
  const words = orderPageCopy.actions;
  const Dialog = open ? DIALOGS[open] : null;
  return (
    <Panel aria-labelledby="order-actions">
      <h2 id="order-actions">{words.heading}</h2>
      {actions.length === 0 ? (
        <p>{words.none}</p>
      ) : (
        <Buttons>
          {actions.map((action) =>
            action === 'pay' ? (
              <ButtonLink key={action} to={payPath(order)}>
                {lifecycleCopy.action.pay}
              </ButtonLink>
            ) : (
              <Button
                key={action}
                $variant={action === 'cancel' ? 'danger' : 'primary'}
                aria-haspopup="dialog"
                onClick={() => setOpen(action)}
              >
                {lifecycleCopy.action[action]}
              </Button>
            ),
          )}
        </Buttons>
      )}
      {viewer === 'owner' && actions.includes('requestReturn') && <Note>{words.returnWindow}</Note>}
      {Dialog && <Dialog order={order} onClose={() => setOpen(null)} />}
    </Panel>
  );
}
