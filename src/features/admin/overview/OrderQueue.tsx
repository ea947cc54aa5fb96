import styled from 'styled-components';
import type { QueuedOrder } from '@contract/overview';
import { Table, TableHeader } from '../../../ui/Table';
import { TextLink } from '../../../ui/TextLink';

const Figure = styled.td`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

/** A column of a queue after the product's name (which links to the order's page). */
export interface QueueColumn {
  label: string;
  cell: (order: QueuedOrder) => string | number;
  numeric?: boolean;
}

/**
 * A queue of orders (to ship, returns waiting), longest waiting first: each row names the
 * product, linking to the order's page where the admin acts on it. Rows stack as cards on phones.
 */
export function OrderQueue({
  caption,
  productLabel,
  columns,
  orders,
}: {
  caption: string;
  productLabel: string;
  columns: QueueColumn[];
  orders: QueuedOrder[];
}) {
  return (
    <Table caption={caption} hideCaption stackOnPhones>
      <TableHeader columns={[productLabel, ...columns.map((column) => column.label)]} />
      <tbody role="rowgroup">
        {orders.map((order) => (
          <tr key={order._id} role="row">
            <th role="rowheader" scope="row" data-label={productLabel}>
              <TextLink to={`/dashboard/allOrders/${encodeURIComponent(order._id)}`}>
                {order.ProductName}
              </TextLink>
            </th>
            {columns.map(({ label, cell, numeric }) => {
              const Cell = numeric ? Figure : 'td';
              return (
                <Cell key={label} role="cell" data-label={label}>
                  {cell(order)}
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
