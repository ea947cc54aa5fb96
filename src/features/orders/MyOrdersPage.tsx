import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMachine } from '@xstate/react';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import type { Order } from '@contract/orders';
import { checkoutCopy } from '@contract/checkoutCopy';
import { copy } from '@contract/copy';
import { deleteOrderMachine } from './deleteOrderMachine';
import { machineInspector } from '../../machines/inspect';
import { selectCurrentUser } from '../../store/authSlice';
import { unwrapOrThrow } from '../../store/callApi';
import { useAppSelector } from '../../store/hooks';
import { isOrderExpired } from '../../shared/orders/orderHold';
import { useDeleteOrderMutation, useGetMyOrdersQuery } from '../../shared/orders/ordersApi';
import { Button, ButtonLink } from '../../ui/Button';
import { PageHeading, PageIntro } from '../../ui/Page';
import { QueryState } from '../../shared/QueryState';
import { usePageTitle } from '../../ui/usePageTitle';
import { DeleteOrderModal } from './DeleteOrderModal';
import { deliveryColumn, OrdersTable, paymentColumn, type OrderColumn } from './OrdersTable';
import { statusColumn } from './statusColumn';

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

/** Why DELETE ORDER is disabled, when it is: paid, or one of a checkout that can still be paid. */
function whyNotDeletable(order: Order): string | null {
  if (order.paid) return PAID_NOT_DELETABLE;
  if (order.checkoutId && !isOrderExpired(order)) return checkoutCopy.orderTables.keptTogether;
  return null;
}

/** After SL and the product's name. */
const [, , QUANTITY, DELETE, PAYMENT] = copy.myOrders.columns;

/** The spec's columns, DELETE ORDER among them. */
function MyOrdersTable({
  orders,
  onDelete,
}: {
  orders: Order[];
  onDelete: (order: Order) => void;
}) {
  const columns: OrderColumn[] = [
    { label: QUANTITY, cell: (order) => order.quantity, numeric: true },
    {
      label: DELETE,
      cell: (order, nameId) => {
        const why = whyNotDeletable(order);
        return (
          <>
            <DeleteButton
              $variant="danger"
              $size="sm"
              onClick={() => onDelete(order)}
              // The spec's column stays; an order that cannot go says why.
              disabled={why !== null}
              aria-describedby={why ? `${nameId} ${nameId}-kept` : nameId}
            >
              {copy.myOrders.deleteOrder}
            </DeleteButton>
            {why && <Reason id={`${nameId}-kept`}>{why}</Reason>}
          </>
        );
      },
    },
    deliveryColumn,
    paymentColumn(PAYMENT, orders),
    statusColumn,
  ];
  return (
    <OrdersTable
      spec={copy.myOrders}
      idPrefix="my-order"
      columns={columns}
      orders={orders}
      // Each order's own page: its shipment, history, Cancel or Return (issue 30).
      orderPath={(order) => `/dashboard/myorder/${order._id}`}
    />
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
            <MyOrdersTable
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
