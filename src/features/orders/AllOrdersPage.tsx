import styled from 'styled-components';
import type { Order } from '@contract/orders';
import { copy } from '@contract/copy';
import { useGetAllOrdersQuery } from '../../store/ordersApi';
import { formatPrice } from '../../ui/formatPrice';
import { PageHeading, PageIntro } from '../../ui/Page';
import { QueryState } from '../../ui/QueryState';
import { usePageTitle } from '../../ui/usePageTitle';
import { deliveryColumn, OrdersTable, paymentColumn, type OrderColumn } from './OrdersTable';

const Empty = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

/** After SL and the product's name. */
const [, , EMAIL, PRICE, NUMBER, QUANTITY, PAYMENT] = copy.allOrders.columns;

const columns = (orders: Order[]): OrderColumn[] => [
  { label: EMAIL, cell: (order) => order.email },
  { label: PRICE, cell: (order) => formatPrice(order.price), numeric: true },
  { label: NUMBER, cell: (order) => order.number, numeric: true },
  { label: QUANTITY, cell: (order) => order.quantity, numeric: true },
  deliveryColumn,
  paymentColumn(PAYMENT, orders),
];

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
            <OrdersTable
              spec={copy.allOrders}
              idPrefix="all-order"
              columns={columns(orders)}
              orders={orders}
            />
          )
        }
      </QueryState>
    </>
  );
}
