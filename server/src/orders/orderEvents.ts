import { asc, eq } from 'drizzle-orm';
import type { OrderEventAction, OrderStatus } from '../../../contract/orderLifecycle';
import type { OrderEvent } from '../../../contract/orders';
import type { Db } from '../db/client';
import { orderEvents, users } from '../db/schema';

/**
 * The order_events table's owner: an order's history. Every transition writes its event in the
 * transaction that makes it, so the history never says what did not happen, and publishes it to
 * its subscribers in that same transaction: the emails module writes the emails the events send
 * to its outbox there (`emails/orderEmails.ts`), so an email exists exactly when its change
 * committed.
 */

export interface EventInput {
  orderId: string;
  action: Exclude<OrderEventAction, 'placed'>;
  from: OrderStatus;
  to: OrderStatus;
  /** Who: a shopper or an admin by account, or the store itself (a provider's webhook). */
  actor: { role: 'shopper' | 'admin'; userId: string } | { role: 'store' };
  note?: string | null;
  amountCents?: number | null;
}

/** Told of every batch of events inside the transaction that records them; its writes join it. */
export type OrderEventSubscriber = (tx: Db, events: EventInput[]) => Promise<void>;

const subscribers = new Set<OrderEventSubscriber>();

/** Subscribes to the order events: once, however often the same subscriber is given. */
export function subscribeToOrderEvents(subscriber: OrderEventSubscriber): void {
  subscribers.add(subscriber);
}

export async function recordEvents(tx: Db, events: EventInput[]): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(orderEvents).values(
    events.map((event) => ({
      orderId: event.orderId,
      action: event.action,
      fromStatus: event.from,
      toStatus: event.to,
      actorRole: event.actor.role,
      actorUserId: event.actor.role === 'store' ? null : event.actor.userId,
      note: event.note ?? null,
      amountCents: event.amountCents ?? null,
    })),
  );
  for (const subscriber of subscribers) await subscriber(tx, events);
}

/**
 * The order's history, oldest first, starting with its placing. Admins' emails are shown to
 * admins only: a shopper reads "Store".
 */
export async function historyOf(
  db: Db,
  order: { id: string; createdAt: Date },
  forAdmin: boolean,
): Promise<OrderEvent[]> {
  const rows = await db
    .select({ event: orderEvents, email: users.email })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorUserId))
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  const placed: OrderEvent = {
    at: order.createdAt.toISOString(),
    action: 'placed',
    from: null,
    to: 'unpaid',
    by: 'shopper',
    byEmail: null,
    note: null,
    amount: null,
  };
  return [
    placed,
    ...rows.map(({ event, email }) => ({
      at: event.at.toISOString(),
      action: event.action as OrderEventAction,
      from: event.fromStatus as OrderStatus | null,
      to: event.toStatus as OrderStatus,
      by: event.actorRole,
      byEmail: forAdmin && event.actorRole === 'admin' ? (email ?? null) : null,
      note: event.note,
      amount: event.amountCents === null ? null : event.amountCents / 100,
    })),
  ];
}
