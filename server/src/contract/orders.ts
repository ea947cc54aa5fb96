import { Type, type Static } from '@sinclair/typebox';
import { copy } from './copy';
import { CalendarDate } from './fitting';
import { Id, labelled, NonBlank } from './common';
import {
  ORDER_QUANTITY,
  ORDER_QUANTITY_TOO_SMALL,
  PHONE_PATTERN,
  PHONE_PROBLEM,
  TEXT_MAX,
} from './limits';
import { Email } from './users';

/** A phone number as people type it: digits with spaces, dashes, dots, brackets, a leading +. */
export const Phone = Type.String({
  pattern: PHONE_PATTERN,
  description: 'Phone number',
  errorMessage: { pattern: PHONE_PROBLEM },
});

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
  { email: Type.Optional(Email) },
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
