import { orderPageCopy } from './orderPageCopy';
import { OrderStatusBadge } from './lifecycle/OrderStatusBadge';
import type { OrderColumn } from './OrdersTable';

/** The order's status as a word (issue 30), beside the spec's columns. */
export const statusColumn: OrderColumn = {
  label: orderPageCopy.statusColumn,
  cell: (order) => <OrderStatusBadge order={order} />,
};
