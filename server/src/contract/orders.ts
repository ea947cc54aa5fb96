import { Type, type Static } from '@sinclair/typebox';
import { Id, NonBlank } from './common';
import { Email } from './users';

/** A phone number as people type it: digits with spaces, dashes, dots, brackets, a leading +. */
export const Phone = Type.String({
  pattern: '^\\+?[0-9][0-9 ()./-]{4,22}[0-9]$',
  description: 'Phone number',
  errorMessage: 'must be a phone number (digits, spaces, dashes, an optional leading +)',
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
    productId: Id,
    ProductName: Type.Optional(Type.String({ maxLength: 300 })),
    price: Type.Optional(Type.Number()),
    name: NonBlank(100),
    email: Type.Optional(Email),
    address: NonBlank(300),
    number: Phone,
    quantity: Type.Integer({ minimum: 1, maximum: 10_000 }),
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
