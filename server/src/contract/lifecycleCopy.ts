import type { OrderAction, OrderStatus } from './orderLifecycle';

/**
 * The words of an order's life after it is placed (the store's own; the spec stops at paid):
 * status words, action names and what each transition is called in the history. The API's
 * refusals for a transition that is not allowed use them too.
 */
export const lifecycleCopy = {
  /** A status as a person reads it, never the raw value. */
  status: {
    unpaid: 'Awaiting payment',
    paid: 'Paid',
    shipped: 'Shipped',
    delivered: 'Delivered',
    cancelled: 'Cancelled',
    expired: 'Expired',
    return_requested: 'Return requested',
    returned: 'Returned',
  } satisfies Record<OrderStatus, string>,
  /** The button of each action. */
  action: {
    pay: 'Pay',
    ship: 'Ship',
    deliver: 'Mark delivered',
    cancel: 'Cancel order',
    requestReturn: 'Return',
    receiveReturn: 'Receive return',
    refund: 'Refund',
  } satisfies Record<OrderAction, string>,
  /** What each transition is called in the order's history. */
  event: {
    placed: 'Order placed',
    pay: 'Paid',
    ship: 'Shipped',
    deliver: 'Delivered',
    cancel: 'Cancelled',
    requestReturn: 'Return requested',
    receiveReturn: 'Return received',
    refund: 'Refunded',
  } satisfies Record<OrderAction | 'placed', string>,
  /** Who did it, as the shopper and the admins read it. */
  actor: { shopper: 'You', customer: 'Customer', admin: 'Store', store: 'Store' },
};

/** "$12.50". */
export function formatDollars(cents: number): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}
