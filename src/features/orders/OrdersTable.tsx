import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { Order } from '@contract/orders';
import { checkoutCopy } from '@contract/checkoutCopy';
import { formatDay } from '../../ui/formatDay';
import { Table, TableHeader } from '../../ui/Table';
import { TextLink } from '../../ui/TextLink';
import { PaymentStatus } from './PaymentStatus';

const NumberCell = styled.td`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

/** A column after the row's number and the product's name. */
export interface OrderColumn {
  /** The column's name, as the spec has it (copy.ts). */
  label: string;
  /** The cell of `order`; `nameId` is the id of the row's product name (for aria-describedby). */
  cell: (order: Order, nameId: string) => ReactNode;
  /** Figures: of one width, on one line. */
  numeric?: boolean;
}

/** How many orders of `orders` each checkout has: its orders are paid together. */
function checkoutSizes(orders: Order[]): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const { checkoutId } of orders) {
    if (checkoutId) sizes.set(checkoutId, (sizes.get(checkoutId) ?? 0) + 1);
  }
  return sizes;
}

/**
 * The Payment column of both tables: paid, expired, nothing to pay, or Pay (for an order of a
 * checkout, paying all its orders at once).
 */
export function paymentColumn(label: string, orders: Order[]): OrderColumn {
  const sizes = checkoutSizes(orders);
  return {
    label,
    cell: (order, nameId) => (
      <PaymentStatus
        order={order}
        describedBy={nameId}
        together={order.checkoutId ? (sizes.get(order.checkoutId) ?? 1) : 1}
      />
    ),
  };
}

/** Delivery to the order's address, or the day it is fitted at the shop (issue 29). */
export const deliveryColumn: OrderColumn = {
  label: checkoutCopy.orderTables.deliveryColumn,
  cell: (order) =>
    order.fitting
      ? checkoutCopy.orderTables.fittingOn(formatDay(order.fitting, 'short'))
      : checkoutCopy.orderTables.delivery,
};

/**
 * An orders table (My Orders, All Orders), captioned with the spec's title. Each row starts with
 * the spec's first two columns, the row's number and the product's name (the row's header, which
 * names the row to its buttons and links), then has `columns`. `idPrefix` keeps the names' ids
 * apart from other tables'. With `orderPath`, the product's name links to the order's page.
 */
export function OrdersTable({
  spec,
  idPrefix,
  columns,
  orders,
  orderPath,
}: {
  spec: { title: string; columns: readonly [string, string, ...string[]] };
  idPrefix: string;
  columns: OrderColumn[];
  orders: Order[];
  orderPath?: (order: Order) => string;
}) {
  const [sl, product] = spec.columns;
  return (
    <Table caption={spec.title} hideCaption stackOnPhones>
      {/* Explicit roles: on phones the rows are laid out as cards (stackOnPhones). */}
      <TableHeader columns={[sl, product, ...columns.map((column) => column.label)]} />
      <tbody role="rowgroup">
        {orders.map((order, index) => {
          const nameId = `${idPrefix}-${order._id}`;
          return (
            <tr key={order._id} role="row">
              <td role="cell" data-label={sl}>
                {index + 1}
              </td>
              <th role="rowheader" scope="row" id={nameId} data-label={product}>
                {orderPath ? (
                  <TextLink to={orderPath(order)}>{order.ProductName}</TextLink>
                ) : (
                  order.ProductName
                )}
              </th>
              {columns.map(({ label, cell, numeric }) => {
                const Cell = numeric ? NumberCell : 'td';
                return (
                  <Cell key={label} role="cell" data-label={label}>
                    {cell(order, nameId)}
                  </Cell>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
