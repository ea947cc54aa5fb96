import { checkoutCopy } from '@contract/checkoutCopy';
import type { QueuedOrder } from '@contract/overview';
import { overviewCopy } from './overviewCopy';
import { formatDay } from '../../../ui/formatDay';
import { TextLink } from '../../../ui/TextLink';
import { OrderQueue, type QueueColumn } from './OrderQueue';
import { Count, Panel, PanelHeader, Quiet } from './panel';

/** "26 Nov, 14:05": when an order was paid or placed, in the admin's time. */
export function moment(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}

const { toShip, returns } = overviewCopy;
const [PRODUCT, QUANTITY, BUYER, PAID] = toShip.columns;
const [, , , ORDERED] = returns.columns;

const quantity: QueueColumn = { label: QUANTITY, cell: (order) => order.quantity, numeric: true };
const buyer: QueueColumn = { label: BUYER, cell: (order) => `${order.name} (${order.email})` };

const toShipColumns: QueueColumn[] = [
  quantity,
  buyer,
  { label: PAID, cell: (order) => moment(order.paidAt), numeric: true },
  {
    label: checkoutCopy.orderTables.deliveryColumn,
    cell: (order) =>
      order.fitting
        ? checkoutCopy.orderTables.fittingOn(formatDay(order.fitting, 'short'))
        : checkoutCopy.orderTables.delivery,
  },
];

const returnColumns: QueueColumn[] = [
  quantity,
  buyer,
  { label: ORDERED, cell: (order) => moment(order.createdAt), numeric: true },
];

/** The work queue: paid orders not shipped yet, oldest payment first. */
export function ToShip({ orders, count }: { orders: QueuedOrder[]; count: number }) {
  return (
    <Panel aria-labelledby="overview-to-ship">
      <PanelHeader>
        <h2 id="overview-to-ship">{toShip.heading}</h2>
        <Count>{toShip.count(count)}</Count>
      </PanelHeader>
      {orders.length === 0 ? (
        <Quiet>{toShip.none}</Quiet>
      ) : (
        <>
          <OrderQueue
            caption={toShip.caption}
            productLabel={PRODUCT}
            columns={toShipColumns}
            orders={orders}
          />
          {count > orders.length && <Quiet>{overviewCopy.more(orders.length, count)}</Quiet>}
          <TextLink to="/dashboard/allOrders?status=paid">{toShip.all}</TextLink>
        </>
      )}
    </Panel>
  );
}

/** Returns asked for and not received yet, oldest first. */
export function ReturnsWaiting({ orders, count }: { orders: QueuedOrder[]; count: number }) {
  return (
    <Panel aria-labelledby="overview-returns">
      <PanelHeader>
        <h2 id="overview-returns">{returns.heading}</h2>
        <Count>{returns.count(count)}</Count>
      </PanelHeader>
      {orders.length === 0 ? (
        <Quiet>{returns.none}</Quiet>
      ) : (
        <>
          <OrderQueue
            caption={returns.caption}
            productLabel={PRODUCT}
            columns={returnColumns}
            orders={orders}
          />
          {count > orders.length && <Quiet>{overviewCopy.more(orders.length, count)}</Quiet>}
          <TextLink to="/dashboard/allOrders?status=return_requested">{returns.all}</TextLink>
        </>
      )}
    </Panel>
  );
}
