import styled from 'styled-components';
import { TableSummary, TableEmpty } from '../../ui/Table';
import type { Order } from '@contract/orders';
import { allOrdersCopy } from './allOrdersCopy';
import { copy } from '@contract/copy';
import { statusColumn } from './statusColumn';
import { useOrderMoney, type OrderMoney } from '../../shared/orders/orderMoney';
import { PageHeading, PageIntro } from '../../ui/Page';
import { Pagination } from '../../ui/Pagination';
import { QueryState } from '../../shared/QueryState';
import { Spinner } from '../../ui/Spinner';
import { media } from '../../ui/theme';
import { TextLink } from '../../ui/TextLink';
import { usePageTitle } from '../../ui/usePageTitle';
import { AllOrdersFilters } from './allOrders/AllOrdersFilters';
import { ORDERS_PER_PAGE, useAllOrdersSearch } from './allOrders/useAllOrdersSearch';
import { deliveryColumn, OrdersTable, paymentColumn, type OrderColumn } from './OrdersTable';

/**
 * Ten columns beside the dashboard's sidebar: from tablets up, tighter cells whose headers,
 * emails and transaction ids wrap, so the table fits its column instead of hiding the status
 * and the link past its right edge. (Phones stack each row as a card.)
 */
const Fit = styled.div`
  ${media.tablet} {
    th,
    td {
      padding-inline: ${({ theme }) => theme.space.sm};
    }
    thead th {
      white-space: normal;
    }
    td {
      overflow-wrap: anywhere;
    }
    td code {
      word-break: break-all;
    }
    td a {
      white-space: nowrap;
    }
  }
`;

/** After SL and the product's name. */
const [, , EMAIL, PRICE, NUMBER, QUANTITY, PAYMENT] = copy.allOrders.columns;

const columns = (orders: Order[], money: OrderMoney): OrderColumn[] => [
  { label: EMAIL, cell: (order) => order.email },
  // In the order's currency: a German order's price is in euros.
  { label: PRICE, cell: (order) => money(order, order.price), numeric: true },
  { label: NUMBER, cell: (order) => order.number, numeric: true },
  { label: QUANTITY, cell: (order) => order.quantity, numeric: true },
  deliveryColumn,
  paymentColumn(PAYMENT, orders),
  // Issue 30: where the order is in its life (as My Orders shows it), and its own page.
  statusColumn,
  {
    label: allOrdersCopy.orderColumn,
    cell: (order, nameId) => (
      <TextLink
        to={`/dashboard/allOrders/${encodeURIComponent(order._id)}`}
        aria-describedby={nameId}
      >
        {allOrdersCopy.open}
      </TextLink>
    ),
  },
];

const count = (n: number) => n.toLocaleString('en-US');

/**
 * `/dashboard/allOrders` (admins): every order in the store, newest first, a page at a time,
 * filtered by status and searched by email, product name or order id (kept in the URL).
 */
export function AllOrdersPage() {
  usePageTitle(copy.allOrders.title);
  const { search, filtered, update, hrefFor, query } = useAllOrdersSearch();
  const money = useOrderMoney();
  return (
    <>
      <PageHeading>{copy.allOrders.title}</PageHeading>
      <PageIntro>{allOrdersCopy.intro}</PageIntro>
      <AllOrdersFilters search={search} update={update} />
      <QueryState
        query={query}
        loadingLabel={allOrdersCopy.loading}
        errorMessage={allOrdersCopy.loadFailed}
      >
        {({ orders, total }) => {
          if (orders.length === 0) {
            const why =
              total > 0
                ? allOrdersCopy.pastTheEnd
                : filtered
                  ? allOrdersCopy.noMatch
                  : allOrdersCopy.noneYet;
            return <TableEmpty role="status">{why}</TableEmpty>;
          }
          const from = (search.page - 1) * ORDERS_PER_PAGE + 1;
          return (
            <>
              <TableSummary role="status">
                {allOrdersCopy.showing(count(from), count(from + orders.length - 1), count(total))}
                {query.isFetching && <Spinner inline label={allOrdersCopy.updating} />}
              </TableSummary>
              <Fit>
                <OrdersTable
                  spec={copy.allOrders}
                  idPrefix="all-order"
                  columns={columns(orders, money)}
                  orders={orders}
                />
              </Fit>
              <Pagination
                page={search.page}
                pageCount={Math.max(1, Math.ceil(total / ORDERS_PER_PAGE))}
                hrefFor={hrefFor}
                label={allOrdersCopy.pages}
              />
            </>
          );
        }}
      </QueryState>
    </>
  );
}
