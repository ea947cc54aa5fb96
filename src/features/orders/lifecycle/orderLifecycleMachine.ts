import { assign, setup, type SnapshotFrom } from 'xstate';
import {
  allows,
  leftToRefundCents,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderAction,
  type OrderActor,
  type OrderFacts,
  type OrderStatus,
} from '@contract/orderLifecycle';
import type { Order } from '@contract/orders';
import { isOrderExpired } from '../../../shared/orders/orderHold';

/** Every action, in the table's order (the order the buttons come in). */
export const ORDER_ACTIONS = Object.keys(ORDER_TRANSITIONS) as OrderAction[];

export interface OrderLifecycleContext {
  /** Whose buttons the machine answers for: the shopper who placed the order, or an admin. */
  actor: OrderActor;
  facts: OrderFacts;
  /** Cents the order comes to (what paying it takes). */
  totalCents: number;
  /** The clock the guards read (ms); null: the real one. Fixed in tests. */
  now: number | null;
}

/**
 * An action on the order. `by` says who takes it (default: the context's actor); the model
 * walks both parties' actions. `amountCents`: a refund's amount (default: all that is left).
 */
export type OrderLifecycleEvent = {
  type: OrderAction;
  by?: OrderActor;
  amountCents?: number;
};

export type OrderLifecycleInput = Omit<OrderLifecycleContext, 'now'> & { now?: number | null };

const clock = (context: OrderLifecycleContext) => context.now ?? Date.now();

/**
 * The facts after `action`, beside the status: what the server also changes (orders/
 * orderLifecycle.ts). They matter to the guards that follow (a refund needs something left; a
 * return needs a delivery day).
 */
function factsAfter(
  context: OrderLifecycleContext,
  event: OrderLifecycleEvent,
  status: OrderStatus,
): OrderFacts {
  const { facts } = context;
  switch (event.type) {
    case 'pay':
      return { ...facts, status, paidCents: context.totalCents };
    case 'deliver':
      return { ...facts, status, deliveredAt: new Date(clock(context)).toISOString() };
    case 'refund': {
      const left = leftToRefundCents(facts);
      return {
        ...facts,
        status,
        refundedCents: facts.refundedCents + Math.min(event.amountCents ?? left, left),
      };
    }
    // A paid order cancelled before it ships, and a return received, get all that is left back.
    case 'cancel':
    case 'receiveReturn':
      return { ...facts, status, refundedCents: facts.refundedCents + leftToRefundCents(facts) };
    default:
      return { ...facts, status };
  }
}

/** The transitions out of `status`, one per action the table allows from it, each guarded. */
function transitionsFrom(status: OrderStatus) {
  const on: Partial<
    Record<
      OrderAction,
      {
        guard: { type: 'allowed'; params: { action: OrderAction } };
        target?: OrderStatus;
        actions: { type: 'record'; params: { status: OrderStatus } };
      }
    >
  > = {};
  for (const action of ORDER_ACTIONS) {
    const { from, to } = ORDER_TRANSITIONS[action];
    if (!from.includes(status)) continue;
    on[action] = {
      guard: { type: 'allowed', params: { action } },
      // No target (a refund): the order stays where it is; only its facts change.
      ...(to ? { target: to } : {}),
      actions: { type: 'record', params: { status: to ?? status } },
    };
  }
  return on;
}

/**
 * An order's life after it is placed, GENERATED from the server's transition table
 * (contract/orderLifecycle.ts): one state per status, one event per action, each guarded by
 * the table's own `allows` for the actor and the order's facts. A transition added to the table
 * is a new button on the order pages with no other edit. The pages do not drive it: they
 * rebuild its state from each order the API sends (`orderSnapshot`) and ask `can`.
 */
export const orderLifecycleMachine = setup({
  types: {
    context: {} as OrderLifecycleContext,
    events: {} as OrderLifecycleEvent,
    input: {} as OrderLifecycleInput,
  },
  guards: {
    isAt: ({ context }, { status }: { status: OrderStatus }) => context.facts.status === status,
    allowed: ({ context, event }, { action }: { action: OrderAction }) =>
      allows(action, event.by ?? context.actor, context.facts, clock(context)),
  },
  actions: {
    record: assign(({ context, event }, { status }: { status: OrderStatus }) => ({
      facts: factsAfter(context, event, status),
    })),
  },
}).createMachine({
  id: 'orderLifecycle',
  context: ({ input }) => ({ ...input, now: input.now ?? null }),
  initial: 'start',
  states: {
    /** Passed through at once to the status the input's facts say. */
    start: {
      always: ORDER_STATUSES.map((status) => ({
        guard: { type: 'isAt' as const, params: { status } },
        target: status,
      })),
    },
    ...(Object.fromEntries(
      ORDER_STATUSES.map((status) => [status, { on: transitionsFrom(status) }]),
    ) as Record<OrderStatus, { on: ReturnType<typeof transitionsFrom> }>),
  },
});

export type OrderLifecycleSnapshot = SnapshotFrom<typeof orderLifecycleMachine>;

const cents = (dollars: number) => Math.round(dollars * 100);

/** The facts the guards read, from an order as the API sends it. */
export function factsOf(order: Order, now = Date.now()): OrderFacts {
  // An unpaid order whose hold ran out while the page was open is expired, as the server says.
  const status = order.status === 'unpaid' && isOrderExpired(order, now) ? 'expired' : order.status;
  return {
    status,
    paidCents: order.paid ? cents(order.price) * order.quantity : 0,
    refundedCents: cents(order.refunded),
    pendingRefundCents: cents(order.refundPending),
    deliveredAt: order.shipment?.deliveredAt ?? null,
  };
}

/** The machine in the state `facts` say, answering for `actor`. */
export function snapshotAt(input: OrderLifecycleInput): OrderLifecycleSnapshot {
  return orderLifecycleMachine.resolveState({
    value: input.facts.status,
    context: { ...input, now: input.now ?? null },
  });
}

/** The machine in the state of `order`, answering for `actor`. */
export function orderSnapshot(order: Order, actor: OrderActor, now?: number) {
  return snapshotAt({
    actor,
    facts: factsOf(order, now),
    totalCents: cents(order.price) * order.quantity,
    now: now ?? null,
  });
}

/** The actions the snapshot's actor may take now: the buttons to show, in the table's order. */
export function offeredActions(snapshot: OrderLifecycleSnapshot): OrderAction[] {
  return ORDER_ACTIONS.filter((action) => snapshot.can({ type: action }));
}
