import { Type, type Static } from '@sinclair/typebox';
import { copy } from './copy';
import { CalendarDate } from './fitting';
import { Id, labelled, NonBlank, WebUrl } from './common';
import { ORDER_EVENT_ACTIONS, ORDER_STATUSES } from './orderLifecycle';
import {
  ORDER_QUANTITY_TOO_SMALL,
  ORDER_TOTAL_MAX_DOLLARS,
  PHONE_PATTERN,
  PHONE_PROBLEM,
  SHIPMENT_TEXT_MAX,
  TEXT_MAX,
  TRACKING_NUMBER_PATTERN,
  TRACKING_NUMBER_PROBLEM,
} from './limits';
import { ORDER_QUANTITY } from './quantities';
import { Email } from './users';

/** A phone number as people type it: digits with spaces, dashes, dots, brackets, a leading +. */
export const Phone = Type.String({
  pattern: PHONE_PATTERN,
  description: 'Phone number',
  errorMessage: { pattern: PHONE_PROBLEM },
});

/** Where an order is in its life (contract/orderLifecycle.ts). */
export const OrderStatus = Type.Union(
  ORDER_STATUSES.map((status) => Type.Literal(status)),
  {
    description:
      'unpaid, paid, shipped, delivered, cancelled, expired, return_requested or returned',
  },
);

/** The parcel of a shipped order. */
export const Shipment = Type.Object({
  carrier: Type.String(),
  trackingNumber: Type.String(),
  trackingUrl: Type.Union([Type.String(), Type.Null()]),
  shippedAt: Type.String({ format: 'date-time' }),
  deliveredAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type Shipment = Static<typeof Shipment>;

export const Order = Type.Object(
  {
    _id: Id,
    productId: Id,
    ProductName: Type.String(),
    price: Type.Number({ description: 'Unit price in dollars, from the product' }),
    name: Type.String(),
    email: Type.String(),
    address: Type.String(),
    number: Type.String({ description: 'Phone number' }),
    quantity: Type.Integer(),
    paid: Type.Boolean(),
    transactionId: Type.Union([Type.String(), Type.Null()]),
    expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'Until when an unpaid order holds its stock; null once paid',
    }),
    expired: Type.Boolean({
      description: 'Unpaid past its hold: its stock went back on sale and it can no longer be paid',
    }),
    checkoutId: Type.Union([Id, Type.Null()], {
      description: 'The checkout of the bag this order was placed in (paid together); else null',
    }),
    fitting: Type.Union([CalendarDate, Type.Null()], {
      description: 'The day it is fitted at the shop; null for delivery to the address',
    }),
    status: OrderStatus,
    refunded: Type.Number({ description: 'Dollars refunded so far' }),
    refundPending: Type.Number({
      description:
        'Dollars of refunds under way: taken by the payment provider, not made yet. Not in ' +
        'refunded, and not left to refund either',
    }),
    shipment: Type.Union([Shipment, Type.Null()]),
    createdAt: Type.String({ format: 'date-time' }),
    currency: Type.Optional(
      Type.String({
        description:
          'ISO 4217: the currency of price, charges and refunds, given when its checkout was ' +
          'priced in a market (issue 46); left out for the spec’s dollar orders',
      }),
    ),
    charges: Type.Optional(
      Type.Number({
        description:
          'Services, fees, delivery and added tax on it, in major units (total = price × ' +
          'quantity + charges); given with currency',
      }),
    ),
  },
  { $id: 'Order' },
);
export type Order = Static<typeof Order>;

export const OrderList = Type.Array(Order);
export type OrderList = Static<typeof OrderList>;

/**
 * The spec's order payload plus `productId`. `ProductName` and `price` are accepted for
 * compatibility and ignored: the server takes both from the product.
 */
export const CreateOrderBody = Type.Object(
  {
    productId: labelled(Id, copy.order.fields.product),
    ProductName: Type.Optional(
      Type.String({ maxLength: TEXT_MAX.productName, title: copy.order.fields.product }),
    ),
    price: Type.Optional(Type.Number({ title: copy.order.fields.price })),
    name: NonBlank(TEXT_MAX.personName, copy.order.fields.name),
    email: Type.Optional(labelled(Email, copy.order.fields.email)),
    address: NonBlank(TEXT_MAX.address, copy.order.fields.address),
    number: labelled(Phone, copy.order.fields.phone),
    quantity: Type.Integer({
      minimum: ORDER_QUANTITY.min,
      maximum: ORDER_QUANTITY.max,
      title: copy.order.fields.quantity,
      errorMessage: { minimum: ORDER_QUANTITY_TOO_SMALL },
    }),
  },
  { additionalProperties: false },
);
export type CreateOrderBody = Static<typeof CreateOrderBody>;

export const OrdersQuery = Type.Object(
  {
    email: Type.Optional(Email),
    status: Type.Optional(labelled(OrderStatus, 'Status')),
    q: Type.Optional(
      Type.String({
        maxLength: TEXT_MAX.productName,
        title: 'Search',
        description: "A buyer's email, a product's name or an order id (admins)",
      }),
    ),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, title: 'Page' })),
    perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, title: 'Orders per page' })),
  },
  { additionalProperties: false },
);
export type OrdersQuery = Static<typeof OrdersQuery>;

export const DeletedCount = Type.Object({ deletedCount: Type.Integer() });
export type DeletedCount = Static<typeof DeletedCount>;

/** `PATCH /order/:id`: the PaymentIntent id the card payment produced. */
export const PayOrderBody = Type.Object(
  {
    transactionId: Type.String({ minLength: 3, maxLength: 255, pattern: '^[A-Za-z0-9_]+$' }),
    // The spec's client also sends the order itself; it is ignored.
    order: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);
export type PayOrderBody = Static<typeof PayOrderBody>;

/** `POST /order/:id/ship`: the parcel's carrier and tracking number. */
export const ShipBody = Type.Object(
  {
    carrier: NonBlank(SHIPMENT_TEXT_MAX, 'Carrier'),
    trackingNumber: Type.String({
      title: 'Tracking number',
      pattern: TRACKING_NUMBER_PATTERN,
      errorMessage: { pattern: TRACKING_NUMBER_PROBLEM },
    }),
    trackingUrl: Type.Optional(labelled(WebUrl, 'Tracking link')),
  },
  { additionalProperties: false },
);
export type ShipBody = Static<typeof ShipBody>;

const Reason = (title: string) => NonBlank(TEXT_MAX.reason, title);

export const CancelBody = Type.Object(
  { reason: Type.Optional(Reason('Reason')) },
  { additionalProperties: false },
);
export type CancelBody = Static<typeof CancelBody>;

/** `POST /order/:id/return`: the shopper asks with a reason; an admin says it arrived. */
export const ReturnBody = Type.Object(
  {
    reason: Type.Optional(Reason('Reason for the return')),
    received: Type.Optional(Type.Literal(true, { title: 'Received' })),
    restock: Type.Optional(Type.Boolean({ title: 'Restock' })),
  },
  { additionalProperties: false },
);
export type ReturnBody = Static<typeof ReturnBody>;

export const RefundBody = Type.Object(
  {
    amount: Type.Optional(
      Type.Number({
        minimum: 0.01,
        maximum: ORDER_TOTAL_MAX_DOLLARS,
        title: 'Amount',
        description: 'Dollars, like price',
        errorMessage: { minimum: 'must be at least $0.01' },
      }),
    ),
    units: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 10_000,
        title: 'Units',
        description:
          'Instead of amount: what the shopper paid for this many units of the goods, ' +
          'discounts taken off (a returned tyre of a 4-for-3 set gives back what it cost)',
      }),
    ),
    reason: Reason('Reason'),
  },
  { additionalProperties: false },
);
export type RefundBody = Static<typeof RefundBody>;

/** `GET /order/:id/refund-preview?units=`: what a refund of that many units would give back. */
export const RefundPreviewQuery = Type.Object(
  {
    units: Type.Integer({
      minimum: 0,
      maximum: 10_000,
      title: 'Units',
      description: 'Units of the goods to return; 0 asks only how many can still be refunded',
      examples: [1],
    }),
  },
  { additionalProperties: false },
);
export type RefundPreviewQuery = Static<typeof RefundPreviewQuery>;

export const RefundPreview = Type.Object(
  {
    quantity: Type.Integer({ description: 'Units the order has' }),
    unitsLeft: Type.Integer({
      description: 'Units whose price still fits in what is left of the payment to refund',
    }),
    leftMinor: Type.Integer({
      description:
        'What is left of the payment to refund, in minor units: paid (discounts taken off), ' +
        'neither refunded nor under way',
    }),
    units: Type.Integer({ description: 'The units asked about' }),
    amountMinor: Type.Integer({
      description:
        "What refunding them gives back, in minor units of the order's currency: exactly what " +
        '`POST /order/{id}/refund` `{ units }` refunds now',
    }),
  },
  { $id: 'RefundPreview' },
);
export type RefundPreview = Static<typeof RefundPreview>;

/** One step of an order's life: who did what, when, and for how much. */
export const OrderEvent = Type.Object({
  at: Type.String({ format: 'date-time' }),
  action: Type.Union(ORDER_EVENT_ACTIONS.map((action) => Type.Literal(action))),
  from: Type.Union([OrderStatus, Type.Null()]),
  to: OrderStatus,
  by: Type.Union([Type.Literal('shopper'), Type.Literal('admin'), Type.Literal('store')]),
  /** The admin's email, shown to admins only. */
  byEmail: Type.Union([Type.String(), Type.Null()]),
  note: Type.Union([Type.String(), Type.Null()]),
  amount: Type.Union([Type.Number({ description: 'Dollars' }), Type.Null()]),
});
export type OrderEvent = Static<typeof OrderEvent>;

export const OrderHistory = Type.Array(OrderEvent);
export type OrderHistory = Static<typeof OrderHistory>;
