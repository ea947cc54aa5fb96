import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { Order } from '@contract/orders';
import { Table, TableHeader } from '../../ui/Table';
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

/** The Payment column of both tables: paid, expired, nothing to pay, or Pay. */
export const paymentColumn = (label: string): OrderColumn => ({
  label,
  cell: (order, nameId) => <PaymentStatus order={order} describedBy={nameId} />,
});

/**
 * An orders table (My Orders, All Orders), captioned with the spec's title. Each row starts with
 * the spec's first two columns, the row's number and the product's name (the row's header, which
 * names the row to its buttons and links), then has `columns`. `idPrefix` keeps the names' ids
 * apart from other tables'.
 */
export function OrdersTable({
  spec,
  idPrefix,
  columns,
  orders,
}: {
  spec: { title: string; columns: readonly [string, string, ...string[]] };
  idPrefix: string;
  columns: OrderColumn[];
  orders: Order[];
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
                {order.ProductName}
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
