import type { Identity } from '../auth/guards';
import { giveBackStock } from '../catalog/productStore';
import {
  ORDER_TRANSITIONS,
  RETURN_DAYS,
  withinReturnWindow,
  type OrderAction,
  type OrderActor,
} from '../contract/orderLifecycle';
import { formatDollars } from '../contract/lifecycleCopy';
import { refusals } from '../contract/refusals';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { findIntent } from '../payments/paymentStore';
import type { PaymentProvider } from '../payments/provider';
import { recordRefund } from '../payments/refundStore';
import { recordEvents, type EventInput } from './orderEvents';
import {
  changeOrder,
  findOrder,
  lockCheckoutOrders,
  lockOrder,
  orderTotalCents,
  statusOf,
  type OrderChange,
  type OrderRow,
} from './orderStore';

/**
 * The order lifecycle, enforced: each request is checked against the one transition table
 * (contract/orderLifecycle.ts) on the order row locked for the whole transaction, so two admins
 * acting at once take turns and the second is refused by the status the first left. The money a
 * transition moves (a refund through the payment provider), the stock it gives back and its
 * history event commit with the status, or none of them do.
 */

export type LifecycleRequest =
  | { action: 'ship'; carrier: string; trackingNumber: string; trackingUrl: string | null }
  | { action: 'deliver' }
  | { action: 'cancel'; reason: string | null }
  | { action: 'requestReturn'; reason: string }
  | { action: 'receiveReturn'; restock: boolean }
  | { action: 'refund'; amountCents: number; reason: string };

export interface LifecycleResult {
  /** The order acted on, as it is now. */
  order: OrderRow;
  /** Products whose stock came back (the catalogue's cached pages change). */
  restocked: string[];
}

const refused = refusals.lifecycle;

/** The role the caller acts in for this action, or the refusal saying why they cannot. */
function actorFor(action: OrderAction, caller: Identity, order: OrderRow): OrderActor {
  const { by } = ORDER_TRANSITIONS[action];
  const owns = order.userId === caller.userId;
  if (owns && by.includes('owner')) return 'owner';
  if (caller.role === 'admin' && by.includes('admin')) return 'admin';
  if (!owns && caller.role !== 'admin') throw new HttpError(403, refusals.order.someoneElses);
  throw new HttpError(403, by.includes('admin') ? refusals.signIn.adminsOnly : refused.ownerOnly);
}

/** Cents paid for the order and not refunded yet (0 for an order never paid). */
function refundableCents(order: OrderRow): number {
  return order.paid ? orderTotalCents(order) - order.refundedCents : 0;
}

export async function actOnOrder(
  db: Db,
  provider: PaymentProvider,
  caller: Identity,
  orderId: string,
  request: LifecycleRequest,
): Promise<LifecycleResult> {
  return db.transaction(async (tx) => {
    const order = await lockForAction(tx, orderId, request.action);
    if (!order) throw new HttpError(404, refusals.order.none);
    const actor = actorFor(request.action, caller, order);
    const status = statusOf(order);
    if (!ORDER_TRANSITIONS[request.action].from.includes(status)) {
      throw new HttpError(409, refused.notNow(request.action, status));
    }
    const who: EventInput['actor'] = {
      role: actor === 'owner' ? 'shopper' : 'admin',
      userId: caller.userId,
    };
    const step = new Transition(tx, provider, who);
    return step.run(order, request);
  });
}

/**
 * The order, locked. Cancelling an unpaid order of a checkout changes all its orders: they are
 * locked together first, in the order a checkout's payment locks them, so the two never wait on
 * each other.
 */
async function lockForAction(tx: Db, orderId: string, action: OrderAction) {
  const seen = action === 'cancel' ? await findOrder(tx, orderId) : null;
  if (seen?.checkoutId && !seen.paid) {
    const rows = await lockCheckoutOrders(tx, seen.checkoutId);
    return rows.find((row) => row.id === orderId) ?? null;
  }
  return lockOrder(tx, orderId);
}

/** One transition inside its transaction: the order row is locked. */
class Transition {
  constructor(
    private readonly tx: Db,
    private readonly provider: PaymentProvider,
    private readonly who: EventInput['actor'],
  ) {}

  async run(order: OrderRow, request: LifecycleRequest): Promise<LifecycleResult> {
    switch (request.action) {
      case 'ship':
        return this.change(order, 'ship', {
          status: 'shipped',
          carrier: request.carrier.trim(),
          trackingNumber: request.trackingNumber.trim(),
          trackingUrl: request.trackingUrl,
          shippedAt: new Date(),
        });
      case 'deliver':
        return this.change(order, 'deliver', { status: 'delivered', deliveredAt: new Date() });
      case 'requestReturn': {
        const deliveredAt = order.deliveredAt?.toISOString() ?? null;
        if (!withinReturnWindow(deliveredAt)) {
          const day = order.deliveredAt?.toISOString().slice(0, 10) ?? 'an unknown day';
          throw new HttpError(409, refused.returnWindowClosed(RETURN_DAYS, day));
        }
        return this.change(order, 'requestReturn', { status: 'return_requested' }, request.reason);
      }
      case 'receiveReturn': {
        const refundId = await this.refundRest(order);
        const restocked = request.restock ? await this.restock(order) : [];
        const note = request.restock ? `Restocked ${order.quantity}` : 'Not restocked';
        const result = await this.change(
          order,
          'receiveReturn',
          { status: 'returned' },
          note,
          refundId,
        );
        return { ...result, restocked };
      }
      case 'refund':
        return this.refund(order, request.amountCents, request.reason);
      case 'cancel':
        return order.paid
          ? this.cancelPaid(order, request.reason)
          : this.cancelUnpaid(order, request.reason);
    }
  }

  /** Sets the change and writes its event (with the money it moved, if any). */
  private async change(
    order: OrderRow,
    action: EventInput['action'],
    change: OrderChange,
    note: string | null = null,
    refunded: { cents: number } | null = null,
  ): Promise<LifecycleResult> {
    const changed = await changeOrder(this.tx, order.id, {
      ...change,
      ...(refunded ? { addRefundedCents: refunded.cents } : {}),
    });
    await recordEvents(this.tx, [
      {
        orderId: order.id,
        action,
        from: statusOf(order),
        to: statusOf(changed),
        actor: this.who,
        note,
        amountCents: refunded?.cents ?? null,
      },
    ]);
    return { order: changed, restocked: [] };
  }

  private async refund(order: OrderRow, amountCents: number, reason: string) {
    if (!order.paid) throw new HttpError(409, refused.notNow('refund', statusOf(order)));
    const left = refundableCents(order);
    if (left <= 0) throw new HttpError(409, refused.nothingLeftToRefund);
    if (amountCents > left) throw new HttpError(409, refused.refundTooMuch(formatDollars(left)));
    const refunded = await this.giveMoneyBack(order, amountCents);
    return this.change(order, 'refund', {}, reason, refunded);
  }

  /** Refunds what was paid and not refunded yet (nothing for an unpaid order). */
  private async refundRest(order: OrderRow): Promise<{ cents: number } | null> {
    const left = refundableCents(order);
    return left > 0 ? this.giveMoneyBack(order, left) : null;
  }

  /**
   * Asks the provider that took the payment to give `cents` back, and records its refund. The
   * key is the order's refund position, so a retry after a lost answer gets the same refund.
   */
  private async giveMoneyBack(order: OrderRow, cents: number): Promise<{ cents: number }> {
    const payment = order.transactionId ? await findIntent(this.tx, order.transactionId) : null;
    if (!payment || payment.provider !== this.provider.name) {
      throw new HttpError(409, refused.paidElsewhere);
    }
    const { refundId } = await this.provider.refund({
      intentId: payment.intentId,
      amountCents: cents,
      orderId: order.id,
      idempotencyKey: `refund-${order.id}-${order.refundedCents}-${cents}`,
    });
    const recorded = await recordRefund(this.tx, {
      orderId: order.id,
      provider: payment.provider,
      refundId,
      amountCents: cents,
    });
    // Already recorded (Stripe's webhook came first): the order already counts it.
    return { cents: recorded ? cents : 0 };
  }

  /** Puts the order's units back on sale. */
  private async restock(order: OrderRow): Promise<string[]> {
    await giveBackStock(this.tx, order.productId, order.quantity);
    return [order.productId];
  }

  /** Paid, not shipped: refunded in full, its stock back on sale. */
  private async cancelPaid(order: OrderRow, reason: string | null): Promise<LifecycleResult> {
    const refunded = await this.refundRest(order);
    const restocked = await this.restock(order);
    const result = await this.change(order, 'cancel', { status: 'cancelled' }, reason, refunded);
    return { ...result, restocked };
  }

  /**
   * Unpaid: its hold ends now. An order of a checkout is paid with the others, so the whole
   * checkout is cancelled with it.
   */
  private async cancelUnpaid(order: OrderRow, reason: string | null): Promise<LifecycleResult> {
    // Locked with it by lockForAction.
    const rows = order.checkoutId
      ? (await lockCheckoutOrders(this.tx, order.checkoutId)).filter((row) => !row.paid)
      : [order];
    const restocked: string[] = [];
    let acted = order;
    for (const row of rows) {
      if (row.status === 'cancelled') continue;
      // A hold not released yet (running, or run out but not swept) gives its units back now.
      if (!row.holdReleased) restocked.push(...(await this.restock(row)));
      const { order: changed } = await this.change(
        row,
        'cancel',
        { status: 'cancelled', holdReleased: true },
        reason,
      );
      if (row.id === order.id) acted = changed;
    }
    return { order: acted, restocked };
  }
}

/**
 * Records refunds the provider reports (Stripe's `charge.refunded`): a refund made by this API
 * is already recorded and changes nothing; one made elsewhere (Stripe's dashboard) is added to
 * its order with an event by the store. A refund that would exceed what was paid is not
 * recorded: false, for the caller to log.
 */
export async function recordProviderRefund(
  db: Db,
  refund: { orderId: string; refundId: string; amountCents: number; provider: 'local' | 'stripe' },
): Promise<boolean> {
  const tooMuch = new Error('refund exceeds what is left of the payment');
  const recorded = db.transaction(async (tx) => {
    const order = await lockOrder(tx, refund.orderId);
    if (!order) return false;
    if (!(await recordRefund(tx, refund))) return true;
    if (refund.amountCents > refundableCents(order)) throw tooMuch; // rolls the row back
    const status = statusOf(order);
    await changeOrder(tx, order.id, { addRefundedCents: refund.amountCents });
    await recordEvents(tx, [
      {
        orderId: order.id,
        action: 'refund',
        from: status,
        to: status,
        actor: { role: 'store' },
        note: `Refunded through ${refund.provider === 'stripe' ? 'Stripe' : 'the payment provider'}`,
        amountCents: refund.amountCents,
      },
    ]);
    return true;
  });
  return recorded.catch((err: unknown) => {
    if (err === tooMuch) return false;
    throw err;
  });
}
