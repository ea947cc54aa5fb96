/**
 * An order's life after it is placed, defined once: the API enforces these transitions
 * (orders/orderLifecycle.ts) and the SPA's order machine is built from the same table
 * (src/features/orders/lifecycle/orderLifecycleMachine.ts), so a button is offered exactly when
 * the server would accept it. Plain values (no TypeBox): the SPA bundles them.
 */
import type { Permission } from './staff';

export const ORDER_STATUSES = [
  'unpaid',
  'paid',
  'shipped',
  'delivered',
  'cancelled',
  'expired',
  'return_requested',
  'returned',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What is done to an order, by its owner (the shopper who placed it) or an admin. */
export type OrderAction =
  'pay' | 'ship' | 'deliver' | 'cancel' | 'requestReturn' | 'receiveReturn' | 'refund';
export type OrderActor = 'owner' | 'admin';

export interface OrderTransition {
  from: readonly OrderStatus[];
  /** The status after it; null when the status stays (a refund). */
  to: OrderStatus | null;
  by: readonly OrderActor[];
}

/**
 * Every transition there is. Beside the status, two guards the table cannot show: a return is
 * asked within RETURN_DAYS of delivery, and a refund needs a payment with something left on it.
 */
export const ORDER_TRANSITIONS: Record<OrderAction, OrderTransition> = {
  pay: { from: ['unpaid'], to: 'paid', by: ['owner'] },
  ship: { from: ['paid'], to: 'shipped', by: ['admin'] },
  deliver: { from: ['shipped'], to: 'delivered', by: ['admin'] },
  // Unpaid (or expired): nothing to refund. Paid and not shipped: refunded in full.
  cancel: { from: ['unpaid', 'expired', 'paid'], to: 'cancelled', by: ['owner', 'admin'] },
  requestReturn: { from: ['delivered'], to: 'return_requested', by: ['owner'] },
  receiveReturn: { from: ['return_requested'], to: 'returned', by: ['admin'] },
  refund: {
    from: ['paid', 'shipped', 'delivered', 'cancelled', 'return_requested', 'returned'],
    to: null,
    by: ['admin'],
  },
};

/**
 * The staff permission each action the store takes (the table's `admin`) needs: the API refuses
 * the action without it (orders/orderLifecycle.ts) and the order page offers no button for it.
 */
export const ACTION_PERMISSION: Partial<Record<OrderAction, Permission>> = {
  ship: 'orders.fulfil',
  deliver: 'orders.fulfil',
  receiveReturn: 'orders.fulfil',
  cancel: 'orders.cancel',
  refund: 'orders.refund',
};

/** Whether staff holding `permissions` may take `action` as the store (the table's `admin`). */
export const staffMay = (action: OrderAction, permissions: readonly Permission[]) => {
  const permission = ACTION_PERMISSION[action];
  return permission !== undefined && permissions.includes(permission);
};

/**
 * What an order's history records: its placing, then each transition, and a refund that failed
 * after it was asked for (the provider reports it; the status stays, the money no longer counts).
 */
export const ORDER_EVENT_ACTIONS = [
  'placed',
  'pay',
  'ship',
  'deliver',
  'cancel',
  'requestReturn',
  'receiveReturn',
  'refund',
  'refundFailed',
] as const satisfies readonly (OrderAction | 'placed' | 'refundFailed')[];
export type OrderEventAction = (typeof ORDER_EVENT_ACTIONS)[number];

/** Days after delivery during which the shopper may ask for a return. */
export const RETURN_DAYS = 30;

/** The facts beside the status that the guards read. */
export interface OrderFacts {
  status: OrderStatus;
  /** Cents paid for the order (0 while unpaid) and cents refunded so far. */
  paidCents: number;
  refundedCents: number;
  /** Cents of refunds the payment provider took but has not made yet: spoken for, not counted. */
  pendingRefundCents: number;
  /** When it was delivered (ISO), or null. */
  deliveredAt: string | null;
}

/**
 * Cents that can still be refunded: paid, and neither refunded nor promised to a refund under
 * way. The one rule the API enforces and the order page offers.
 */
export function leftToRefundCents(
  order: Pick<OrderFacts, 'paidCents' | 'refundedCents' | 'pendingRefundCents'>,
): number {
  return Math.max(0, order.paidCents - order.refundedCents - order.pendingRefundCents);
}

/** Whether the return window is still open at `now`. */
export function withinReturnWindow(deliveredAt: string | null, now = Date.now()): boolean {
  if (deliveredAt === null) return false;
  return now - new Date(deliveredAt).getTime() <= RETURN_DAYS * 24 * 60 * 60 * 1000;
}

/** Whether `actor` may take `action` on an order with these facts now. */
export function allows(
  action: OrderAction,
  actor: OrderActor,
  order: OrderFacts,
  now = Date.now(),
): boolean {
  const transition = ORDER_TRANSITIONS[action];
  if (!transition.by.includes(actor) || !transition.from.includes(order.status)) return false;
  if (action === 'requestReturn') return withinReturnWindow(order.deliveredAt, now);
  if (action === 'refund') return leftToRefundCents(order) > 0;
  return true;
}

/** The actions `actor` may take on the order now, in the table's order. */
export function allowedActions(
  actor: OrderActor,
  order: OrderFacts,
  now = Date.now(),
): OrderAction[] {
  return (Object.keys(ORDER_TRANSITIONS) as OrderAction[]).filter((action) =>
    allows(action, actor, order, now),
  );
}
