import styled from 'styled-components';
import { copy } from '../../copy';
import { useGetAllOrdersQuery } from '../../store/ordersApi';
import { formatPrice } from '../../ui/formatPrice';
import { PageHeading, PageIntro } from '../../ui/Page';
import { QueryState } from '../../ui/QueryState';
import { Table } from '../../ui/Table';
import { usePageTitle } from '../../ui/usePageTitle';
import { PaymentStatus } from './PaymentStatus';

const NumberCell = styled.td`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const Empty = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

const [SL, PRODUCT, EMAIL, PRICE, NUMBER, QUANTITY, PAYMENT] = copy.allOrders.columns;

/** `/dashboard/allOrders` (admins): every order in the store, newest first. */
export function AllOrdersPage() {
  usePageTitle(copy.allOrders.title);
  const query = useGetAllOrdersQuery();
  return (
    <>
      <PageHeading>{copy.allOrders.title}</PageHeading>
      <PageIntro>Every order placed in the store, newest first.</PageIntro>
      <QueryState
        query={query}
        loadingLabel="Loading all orders"
        errorMessage="We could not load the orders"
      >
        {(orders) =>
          orders.length === 0 ? (
            <Empty>No orders have been placed yet.</Empty>
          ) : (
            <Table caption={copy.allOrders.title} hideCaption stackOnPhones>
              {/* Explicit roles: on phones the rows are laid out as cards (stackOnPhones). */}
              <thead role="rowgroup">
                <tr role="row">
                  {copy.allOrders.columns.map((column) => (
                    <th key={column} role="columnheader" scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody role="rowgroup">
                {orders.map((order, index) => {
                  const nameId = `all-order-${order._id}`;
                  return (
                    <tr key={order._id} role="row">
                      <td role="cell" data-label={SL}>
                        {index + 1}
                      </td>
                      <th role="rowheader" scope="row" id={nameId} data-label={PRODUCT}>
                        {order.ProductName}
                      </th>
                      <td role="cell" data-label={EMAIL}>
                        {order.email}
                      </td>
                      <NumberCell role="cell" data-label={PRICE}>
                        {formatPrice(order.price)}
                      </NumberCell>
                      <NumberCell role="cell" data-label={NUMBER}>
                        {order.number}
                      </NumberCell>
                      <NumberCell role="cell" data-label={QUANTITY}>
                        {order.quantity}
                      </NumberCell>
                      <td role="cell" data-label={PAYMENT}>
                        <PaymentStatus order={order} describedBy={nameId} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          )
        }
      </QueryState>
    </>
  );
}
