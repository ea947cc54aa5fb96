import type { AnyEventObject } from 'xstate';
import { ORDER_TRANSITIONS, type OrderActor, type OrderFacts } from '@contract/orderLifecycle';
import { lifecycleCopy, formatDollars } from '@contract/lifecycleCopy';
import {
  ORDER_ACTIONS,
  orderLifecycleMachine,
  type OrderLifecycleContext,
  type OrderLifecycleEvent,
  type OrderLifecycleInput,
} from '../../features/orders/lifecycle/orderLifecycleMachine';
import type { MachineModel } from './machineModel';

/** The model's clock: the guards read this, never the real time. */
export const MODEL_NOW = Date.parse('2026-12-01T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

/** One unit at $30.00: a partial refund of $10.00 leaves something, three use it up. */
const TOTAL_CENTS = 3000;
export const PARTIAL_REFUND_CENTS = 1000;

const start = (facts: OrderFacts): OrderLifecycleInput => ({
  actor: 'owner',
  facts,
  totalCents: TOTAL_CENTS,
  now: MODEL_NOW,
});

/**
 * Where an order's life can start as the pages meet it: just placed; unpaid past its stock hold
 * (expired: the clock, not an action, puts it there); delivered longer ago than returns are taken.
 */
export const lifecycleInputs: OrderLifecycleInput[] = [
  start({
    status: 'unpaid',
    paidCents: 0,
    refundedCents: 0,
    pendingRefundCents: 0,
    deliveredAt: null,
  }),
  start({
    status: 'expired',
    paidCents: 0,
    refundedCents: 0,
    pendingRefundCents: 0,
    deliveredAt: null,
  }),
  start({
    status: 'delivered',
    paidCents: TOTAL_CENTS,
    refundedCents: 0,
    pendingRefundCents: 0,
    deliveredAt: new Date(MODEL_NOW - 31 * DAY).toISOString(),
  }),
];

/** Every action by every party the table lets take it, and a partial refund beside the full one. */
const events: OrderLifecycleEvent[] = [
  ...ORDER_ACTIONS.flatMap((type) =>
    ORDER_TRANSITIONS[type].by.map((by): OrderLifecycleEvent => ({ type, by })),
  ),
  { type: 'refund', by: 'admin', amountCents: PARTIAL_REFUND_CENTS },
];

const party: Record<OrderActor, string> = { owner: 'the shopper', admin: 'an admin' };

export const orderLifecycleModel: MachineModel = {
  name: 'orderLifecycle',
  machine: orderLifecycleMachine,
  inputs: lifecycleInputs,
  describeInput(input) {
    const { facts } = input as OrderLifecycleInput;
    const status = lifecycleCopy.status[facts.status];
    return facts.deliveredAt ? `${status} 31 days ago` : `an order ${status.toLowerCase()}`;
  },
  events,
  describeEvent(event: AnyEventObject) {
    const { type, by, amountCents } = event as OrderLifecycleEvent;
    const amount = amountCents === undefined ? '' : ` ${formatDollars(amountCents)}`;
    return `${party[by ?? 'owner']}: ${lifecycleCopy.action[type]}${amount}`;
  },
  describeState(snapshot) {
    const { facts } = snapshot.context as OrderLifecycleContext;
    if (facts.paidCents === 0) return null;
    return `paid ${formatDollars(facts.paidCents)}, refunded ${formatDollars(facts.refundedCents)}`;
  },
};
