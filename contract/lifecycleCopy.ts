import type { OrderAction, OrderEventAction, OrderStatus } from './orderLifecycle';

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
    refundFailed: 'Refund failed',
  } satisfies Record<OrderEventAction, string>,
  /** Who did it, as the shopper and the admins read it. */
  actor: { shopper: 'You', customer: 'Customer', admin: 'Store', store: 'Store' },
};

/**
 * Why a refund failed, as a clause ("the card's bank turned it down"), from the provider's reason:
 * Stripe's `failure_reason`, `canceled`, or the words of its refusal. Never a code.
 */
export function refundFailureCause(reason: string | null): string {
  const why: Record<string, string> = {
    lost_or_stolen_card: 'the card it was going back to was reported lost or stolen',
    expired_or_canceled_card: 'the card it was going back to has expired or was closed',
    charge_for_pending_refund_disputed: 'the payment was disputed while the refund was under way',
    insufficient_funds: "the store's balance at the payment provider could not cover it",
    declined: "the card's bank turned it down",
    merchant_request: 'the store cancelled it',
    canceled: 'it was cancelled before the money went back',
  };
  const known = reason === null ? undefined : why[reason];
  if (known) return known;
  if (reason === null || reason === 'unknown') return 'the payment provider gave no reason';
  // A reason code this store does not know yet: never shown as a code.
  if (/^[a-z_]+$/.test(reason)) return 'the payment provider reports that it failed';
  return `the payment provider refused it (${reason.replace(/\.$/, '')})`;
}

/** What the order's history says of a refund that failed (to the shopper and the admins). */
export function refundFailureWords(reason: string | null): string {
  return `Nothing was given back: ${refundFailureCause(reason)}.`;
}

/** "$12.50". */
export function formatDollars(cents: number): string {
  return formatAmount(cents, 'USD');
}

/**
 * An order's amount in its currency, as the store's English words write money: "$12.50",
 * "€12.50", "£12.50" (an order priced in a market is never said in dollars).
 */
export function formatAmount(minor: number, currency: string): string {
  return (minor / 100).toLocaleString('en-US', { style: 'currency', currency });
}
