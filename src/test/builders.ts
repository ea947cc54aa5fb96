import type { OrderStatus } from '@contract/orderLifecycle';
import type { Order } from '@contract/orders';
import type { Product } from '@contract/products';
import type { Profile } from '@contract/profiles';
import { tyre } from './fixtures';

/**
 * The SPA tests' data, built once per entity: each builder gives a whole, valid value of the
 * contract's type and takes what a test cares about as overrides.
 */

/** Statuses an order only reaches once paid. */
const PAID_STATUSES: readonly OrderStatus[] = [
  'paid',
  'shipped',
  'delivered',
  'return_requested',
  'returned',
];

export const paidTransactionId = 'pi_local_paid0000000000000000';

export interface OrderOverrides extends Partial<Order> {
  /** The product ordered: its id, name and price (the tyre unless said). */
  product?: Pick<Product, '_id' | 'name' | 'price'>;
}

/**
 * The demo shopper's order of one `product`: unpaid, holding its stock, delivered to the address.
 * A status that comes after paying makes it paid, with a transaction, unless said otherwise.
 */
export function anOrder({ product = tyre, ...over }: OrderOverrides = {}): Order {
  const paid = over.paid ?? PAID_STATUSES.includes(over.status ?? 'unpaid');
  return {
    _id: '0b8e3c52-7a4d-4f1e-9c3b-000000000601',
    productId: product._id,
    ProductName: product.name,
    price: product.price,
    name: 'Demo Shopper',
    email: 'shopper@store.test',
    address: '12 Foundry Lane, Leeds',
    number: '0113 496 0000',
    quantity: 1,
    paid,
    transactionId: paid ? paidTransactionId : null,
    expiresAt: '2099-01-01T00:00:00.000Z',
    expired: false,
    checkoutId: null,
    fitting: null,
    status: paid ? 'paid' : 'unpaid',
    refunded: 0,
    refundPending: 0,
    shipment: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}

/** The demo shopper's profile, filled in. */
export function aProfile(over: Partial<Profile> = {}): Profile {
  return {
    name: 'Dana Shopper',
    email: 'shopper@store.test',
    Department: 'Fleet',
    Address: '4 Mill Road, York',
    instituteName: 'York College',
    Linkedin: 'https://www.linkedin.com/in/dana-shopper',
    image: '/images/products/summer-tyre.svg',
    ...over,
  };
}
