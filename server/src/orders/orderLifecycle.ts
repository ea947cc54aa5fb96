import { assertCan, can, type Identity } from '../auth/guards';
import { recordAudit } from '../audit/auditTrail';
import { formatAmount, formatDollars } from '../../../contract/lifecycleCopy';
import { dollarCentsOf, perDollarOfOrder } from '../markets/refundLimitDollars';
import { REFUND_LIMIT_HOURS, UNLIMITED_REFUNDS } from '../../../contract/staff';
import { lockRefundAllowance } from '../users/staffTable';
import { endHold, giveBackStock } from '../catalog/productTable';
import {
  ACTION_PERMISSION,
  ORDER_TRANSITIONS,
  RETURN_DAYS,
  withinReturnWindow,
  type OrderAction,
  type OrderActor,
} from '../../../contract/orderLifecycle';
import { refusals } from '../refusals';
import type { Db } from '../db/client';
import { Conflict, Forbidden, NotFound } from '../domainErrors';
import type { PaymentProvider } from '../payments/provider';
import { reserveAskedRefund, reserveRest } from '../refunds/refundReservations';
import { giveMoneyBack } from '../refunds/refundSettlement';
import type { RefundRow } from '../refunds/refundTable';
import { recordEvents, type EventInput } from './orderEvents';
import {
  changeOrder,
  findOrder,
  lockCheckoutOrders,
  lockOrder,
  statusOf,
  type OrderChange,
  type OrderRow,
} from './orderTable';

/**
 * The order lifecycle, enforced: each request is checked against the one transition table
 * (contract/orderLifecycle.ts) on the order row locked for the whole transaction, so two admins
 * acting at once take turns and the second is refused by the status the first left. The status,
 * the stock it gives back and its history event commit together. Money is given back in two
 * steps (`refunds/`): the transition reserves the refund, and only after it committed is the
 * provider asked.
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
  const permission = ACTION_PERMISSION[action];
  if (permission && by.includes('admin')) {
    if (!owns && caller.roles.length === 0) throw new Forbidden(refusals.order.someoneElses);
    assertCan(caller, permission);
    return 'admin';
  }
  if (!owns && !can(caller, 'orders.read')) throw new Forbidden(refusals.order.someoneElses);
  throw new Forbidden(refused.ownerOnly);
}

/**
 * A refunds person's refund fits in what their limit leaves them for the last 24 hours, in
 * dollars: a refund in another currency counts at its market's conversion rule
 * (markets/refundLimitDollars.ts). Their staff row stays locked until the refund is reserved and
 * committed, so racing refunds are counted one after another.
 */
async function assertWithinRefundLimit(
  tx: Db,
  caller: Identity,
  order: OrderRow,
  amountMinor: number,
) {
  if (caller.roles.some((role) => UNLIMITED_REFUNDS.includes(role))) return;
  const { limitCents, givenCents } = await lockRefundAllowance(tx, caller.userId);
  const amountCents = dollarCentsOf(amountMinor, await perDollarOfOrder(tx, order));
  if (givenCents + amountCents > limitCents) {
    const over = refusals.staff.refundOverLimit(
      formatDollars(limitCents),
      formatDollars(givenCents),
      formatDollars(Math.max(0, limitCents - givenCents)),
      REFUND_LIMIT_HOURS,
    );
    const counted =
      order.currency === 'USD'
        ? ''
        : ` ${refusals.staff.refundCountsAs(formatAmount(amountMinor, order.currency), formatDollars(amountCents))}`;
    throw new Forbidden(`${over}${counted}`);
  }
}

export async function actOnOrder(
  db: Db,
  provider: PaymentProvider,
  caller: Identity,
  orderId: string,
  request: LifecycleRequest,
): Promise<LifecycleResult> {
  const decided = await db.transaction(async (tx) => {
    const order = await lockForAction(tx, orderId, request.action);
    if (!order) throw new NotFound(refusals.order.none);
    const actor = actorFor(request.action, caller, order);
    const status = statusOf(order);
    if (!ORDER_TRANSITIONS[request.action].from.includes(status)) {
      throw new Conflict(refused.notNow(request.action, status));
    }
    const who: EventInput['actor'] = {
      role: actor === 'owner' ? 'shopper' : 'admin',
      userId: caller.userId,
    };
    if (request.action === 'refund' && actor === 'admin') {
      await assertWithinRefundLimit(tx, caller, order, request.amountCents);
    }
    const decided = await new Transition(tx, provider.name, who).run(order, request);
    if (actor === 'admin') await auditTransition(tx, caller, order, decided, request);
    return decided;
  });
  if (!decided.refund) return decided;
  const order = await giveMoneyBack(db, provider, decided.refund, decided.order);
  return { order, restocked: decided.restocked };
}

/** The staff's transition in the audit trail, in its transaction: the status before and after. */
function auditTransition(
  tx: Db,
  caller: Identity,
  order: OrderRow,
  decided: Decided,
  request: LifecycleRequest,
) {
  const { action, ...asked } = request;
  const refund = decided.refund
    ? { refundId: decided.refund.id, amountCents: decided.refund.amountCents }
    : null;
  return recordAudit(tx, caller, [
    {
      kind: action === 'refund' ? 'refund' : 'order',
      action,
      objectType: 'order',
      objectId: order.id,
      before: { status: statusOf(order) },
      after: { status: statusOf(decided.order) },
      details: { ...asked, ...(refund ? { refund } : {}) },
    },
  ]);
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

/** What a transition decided, its refund reserved but not asked for yet. */
interface Decided extends LifecycleResult {
  refund: RefundRow | null;
}

/** One transition inside its transaction: the order row is locked. */
class Transition {
  constructor(
    private readonly tx: Db,
    private readonly providerName: PaymentProvider['name'],
    private readonly who: EventInput['actor'],
  ) {}

  async run(order: OrderRow, request: LifecycleRequest): Promise<Decided> {
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
          throw new Conflict(refused.returnWindowClosed(RETURN_DAYS, day));
        }
        return this.change(order, 'requestReturn', { status: 'return_requested' }, request.reason);
      }
      case 'receiveReturn': {
        const refund = await this.reserveRest(order);
        const restocked = request.restock ? await this.restock([order]) : [];
        const note = request.restock ? `Restocked ${order.quantity}` : 'Not restocked';
        const decided = await this.change(
          order,
          'receiveReturn',
          { status: 'returned' },
          note,
          refund,
        );
        return { ...decided, restocked };
      }
      case 'refund':
        return this.refund(order, request.amountCents, request.reason);
      case 'cancel':
        return order.paid
          ? this.cancelPaid(order, request.reason)
          : this.cancelUnpaid(order, request.reason);
    }
  }

  /** Sets the change and writes its event, with the refund it reserved, if any. */
  private async change(
    order: OrderRow,
    action: EventInput['action'],
    change: OrderChange,
    note: string | null = null,
    refund: RefundRow | null = null,
  ): Promise<Decided> {
    const changed = await changeOrder(this.tx, order.id, change);
    await recordEvents(this.tx, [
      {
        orderId: order.id,
        action,
        from: statusOf(order),
        to: statusOf(changed),
        actor: this.who,
        note,
        amountCents: refund?.amountCents ?? null,
      },
    ]);
    return { order: changed, restocked: [], refund };
  }

  /** An admin's refund: reserved now, its event written once the money moved. */
  private async refund(order: OrderRow, amountCents: number, reason: string) {
    const refund = await reserveAskedRefund(this.tx, this.providerName, order, amountCents, {
      reason,
      requestedBy: this.who.role === 'store' ? null : this.who.userId,
    });
    // Its event comes with the money (settleReservedRefund): nothing on the order changes yet.
    return { order, restocked: [], refund };
  }

  /** Reserves a refund of what is left of the payment, if anything is. */
  private reserveRest(order: OrderRow): Promise<RefundRow | null> {
    return reserveRest(this.tx, this.providerName, order);
  }

  /** Puts paid orders' units back on sale, in product id order (as checkouts lock products). */
  private async restock(rows: OrderRow[]): Promise<string[]> {
    const byProduct = [...rows].sort((a, b) => a.productId.localeCompare(b.productId));
    for (const row of byProduct) await giveBackStock(this.tx, row.productId, row.quantity);
    return byProduct.map((row) => row.productId);
  }

  /** Paid, not shipped: what is left of the payment goes back, and the stock. */
  private async cancelPaid(order: OrderRow, reason: string | null): Promise<Decided> {
    const refund = await this.reserveRest(order);
    const restocked = await this.restock([order]);
    const decided = await this.change(order, 'cancel', { status: 'cancelled' }, reason, refund);
    return { ...decided, restocked };
  }

  /**
   * Unpaid: its hold ends now. An order of a checkout is paid with the others, so the whole
   * checkout is cancelled with it.
   */
  private async cancelUnpaid(order: OrderRow, reason: string | null): Promise<Decided> {
    // Locked with it by lockForAction.
    const rows = (
      order.checkoutId ? await lockCheckoutOrders(this.tx, order.checkoutId) : [order]
    ).filter((row) => !row.paid && row.status !== 'cancelled');
    // A hold not released yet (running, or run out but not swept) gives its units back now.
    const held = rows
      .filter((row) => !row.holdReleased)
      .sort((a, b) => a.productId.localeCompare(b.productId));
    for (const row of held) await endHold(this.tx, row.productId, row.quantity, { paid: false });
    const restocked = held.map((row) => row.productId);
    let acted = order;
    for (const row of rows) {
      const { order: changed } = await this.change(
        row,
        'cancel',
        { status: 'cancelled', holdReleased: true },
        reason,
      );
      if (row.id === order.id) acted = changed;
    }
    return { order: acted, restocked, refund: null };
  }
}
