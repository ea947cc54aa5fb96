import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMachine } from '@xstate/react';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import type { Order } from '@contract/orders';
import { copy } from '../../copy';
import { deleteOrderMachine } from '../../machines/deleteOrder';
import { machineInspector } from '../../machines/inspect';
import { selectCurrentUser } from '../../store/authSlice';
import { unwrapOrThrow } from '../../store/callApi';
import { useAppSelector } from '../../store/hooks';
import { useDeleteOrderMutation, useGetMyOrdersQuery } from '../../store/ordersApi';
import { Button, ButtonLink } from '../../ui/Button';
import { PageHeading, PageIntro } from '../../ui/Page';
import { QueryState } from '../../ui/QueryState';
import { Table } from '../../ui/Table';
import { usePageTitle } from '../../ui/usePageTitle';
import { DeleteOrderModal } from './DeleteOrderModal';
import { PaymentStatus } from './PaymentStatus';

const Empty = styled.div`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
  p {
    margin: 0;
  }
`;

const DeleteButton = styled(Button)`
  white-space: nowrap;
`;

/** Why a paid order's DELETE ORDER is disabled, under the button. */
const Reason = styled.small`
  display: block;
  margin-top: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.muted};
`;

/** Said under a paid order's disabled DELETE ORDER (the API refuses it with 409). */
export const PAID_NOT_DELETABLE = 'A paid order cannot be deleted.';

const Quantity = styled.td`
  font-variant-numeric: tabular-nums;
`;

const [SL, PRODUCT, QUANTITY, DELETE, PAYMENT] = copy.myOrders.columns;

function OrdersTable({ orders, onDelete }: { orders: Order[]; onDelete: (order: Order) => void }) {
  return (
    <Table caption={copy.myOrders.title} hideCaption stackOnPhones>
      {/* Explicit roles: on phones the rows are laid out as cards (stackOnPhones). */}
      <thead role="rowgroup">
        <tr role="row">
          {copy.myOrders.columns.map((column) => (
            <th key={column} role="columnheader" scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {orders.map((order, index) => {
          const nameId = `my-order-${order._id}`;
          return (
            <tr key={order._id} role="row">
              <td role="cell" data-label={SL}>
                {index + 1}
              </td>
              <th role="rowheader" scope="row" id={nameId} data-label={PRODUCT}>
                {order.ProductName}
              </th>
              <Quantity role="cell" data-label={QUANTITY}>
                {order.quantity}
              </Quantity>
              <td role="cell" data-label={DELETE}>
                <DeleteButton
                  $variant="danger"
                  $size="sm"
                  onClick={() => onDelete(order)}
                  // The spec's column stays; a paid order says why it cannot go.
                  disabled={order.paid}
                  aria-describedby={order.paid ? `${nameId} ${nameId}-paid` : nameId}
                >
                  {copy.myOrders.deleteOrder}
                </DeleteButton>
                {order.paid && <Reason id={`${nameId}-paid`}>{PAID_NOT_DELETABLE}</Reason>}
              </td>
              <td role="cell" data-label={PAYMENT}>
                <PaymentStatus order={order} describedBy={nameId} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

/** `/dashboard/myorder`: the signed-in shopper's orders, to pay or delete. */
export function MyOrdersPage() {
  usePageTitle(copy.myOrders.title);
  const user = useAppSelector(selectCurrentUser);
  const query = useGetMyOrdersQuery(user?.email ?? skipToken);
  const [deleteOrder] = useDeleteOrderMutation();
  const [state, send] = useMachine(
    deleteOrderMachine.provide({
      actors: {
        // The mutation's cache tags refetch this list when something was deleted.
        deleteOrder: fromPromise(({ input }) =>
          unwrapOrThrow(deleteOrder({ id: input._id, productId: input.productId })),
        ),
      },
    }),
    { inspect: machineInspector() },
  );

  return (
    <>
      <PageHeading>{copy.myOrders.title}</PageHeading>
      <PageIntro>Pay for your orders here, or delete the ones you no longer want.</PageIntro>
      <QueryState
        query={query}
        loadingLabel="Loading your orders"
        errorMessage="We could not load your orders"
      >
        {(orders) =>
          orders.length === 0 ? (
            <Empty>
              <p>You have not ordered anything yet.</p>
              <ButtonLink to="/shop">Go to the shop</ButtonLink>
            </Empty>
          ) : (
            <OrdersTable
              orders={orders}
              onDelete={(order) => send({ type: 'DELETE_ORDER', order })}
            />
          )
        }
      </QueryState>
      <DeleteOrderModal state={state} send={send} />
    </>
  );
}
