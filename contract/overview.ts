import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common';
import { CalendarDate } from './fitting';
import { Order } from './orders';

/** Days of revenue the admins' overview shows, today last. */
export const REVENUE_DAYS = 30;
/** A product with this many units or fewer left is low in stock (a set of tyres, twice). */
export const LOW_STOCK_UNITS = 8;

export const RevenueDay = Type.Object({
  day: CalendarDate,
  paid: Type.Number({ description: 'Dollars paid that day (the shop’s time zone)' }),
  refunded: Type.Number({ description: 'Dollars refunded that day' }),
});
export type RevenueDay = Static<typeof RevenueDay>;

export const LowStockProduct = Type.Object({
  _id: Id,
  name: Type.String(),
  availablequantity: Type.Integer(),
});
export type LowStockProduct = Static<typeof LowStockProduct>;

/**
 * An order in one of the overview's queues: the Order schema's fields (not its $id, which is
 * once only) and when it was paid, which the work queue shows and the Order does not carry.
 */
export const QueuedOrder = Type.Object({
  ...Order.properties,
  paidAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When it was paid; null while unpaid',
  }),
});
export type QueuedOrder = Static<typeof QueuedOrder>;

/** `GET /api/admin/overview`: the admins' day. */
export const Overview = Type.Object(
  {
    /** Paid orders not shipped yet, oldest payment first: the work queue. */
    toShip: Type.Array(QueuedOrder),
    toShipCount: Type.Integer(),
    /** Returns asked for and not received yet, oldest first. */
    returnsWaiting: Type.Array(QueuedOrder),
    returnsWaitingCount: Type.Integer(),
    /** The last REVENUE_DAYS days, oldest first, every day present. */
    revenue: Type.Array(RevenueDay),
    /** Active products with LOW_STOCK_UNITS or fewer left, fewest first. */
    lowStock: Type.Array(LowStockProduct),
  },
  { $id: 'Overview' },
);
export type Overview = Static<typeof Overview>;
