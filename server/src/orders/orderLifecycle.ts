import type { Identity } from '../auth/guards';
import { endHold, giveBackStock } from '../catalog/productStore';
import {
  leftToRefundCents,
  ORDER_TRANSITIONS,
  RETURN_DAYS,
  withinReturnWindow,
  type OrderAction,
  type OrderActor,
} from '../../../contract/orderLifecycle';
import {
  formatDollars,
  refundFailureCause,
  refundFailureWords,
} from '../../../contract/lifecycleCopy';
import { refusals } from '../refusals';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { findIntent } from '../payments/paymentStore';
import { RefundRefused, type PaymentProvider, type RefundMade } from '../payments/provider';
import {
  claimLongPendingRefunds,
  failRefund,
  findRefund,
  findRefundByProviderId,
  noteProviderRefund,
  pendingRefundCents,
  recordOutsideRefund,
  reserveRefund,
  settleRefund,
  type RefundRow,
} from '../payments/refundStore';
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
 * acting at once take turns and the second is refused by the status the first left. The status,
 * the stock it gives back and its history event commit together. Money is given back in two
 * steps, because a provider's refund cannot be rolled back: the transition reserves the refund
 * (`pending`, so no other refund can promise the same money), and only after it committed is the
 * provider asked, under the reservation's id; its answer, or its webhook, settles the refund.
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

export async function actOnOrder(
  db: Db,
  provider: PaymentProvider,
  caller: Identity,
  orderId: string,
  request: LifecycleRequest,
): Promise<LifecycleResult> {
  const decided = await db.transaction(async (tx) => {
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
    return new Transition(tx, provider.name, who).run(order, request);
  });
  if (!decided.refund) return decided;
  const order = await giveMoneyBack(db, provider, decided.refund, decided.order);
  return { order, restocked: decided.restocked };
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

/**
 * Asks the provider for a reserved refund, always under the same idempotency key: asked again
 * (the sweep, after a lost answer), it never refunds twice.
 */
const askForRefund = (provider: PaymentProvider, refund: RefundRow): Promise<RefundMade> =>
  provider.refund({
    intentId: refund.intentId,
    amountCents: refund.amountCents,
    orderId: refund.orderId,
    idempotencyKey: `refund-${refund.id}`,
    refundKey: refund.id,
  });

/**
 * Asks the provider for a reserved refund, after the transition committed, and settles it. A
 * refusal frees the reservation and says so; no answer leaves it pending (the money may have
 * moved: the provider's webhook settles it), so it is never asked for twice. A refund the
 * provider accepted but has not made yet (pending) stays pending too, counted only once the
 * provider reports it succeeded; one that failed at once is a refusal.
 */
async function giveMoneyBack(
  db: Db,
  provider: PaymentProvider,
  refund: RefundRow,
  order: OrderRow,
): Promise<OrderRow> {
  const amount = formatDollars(refund.amountCents);
  let made: RefundMade;
  try {
    made = await askForRefund(provider, refund);
  } catch (err) {
    if (err instanceof RefundRefused) {
      await failReservedRefund(db, refund.id, { reason: err.message }, { answered: true });
      throw new HttpError(502, refused.refundRefused(amount, statusOf(order), err.message));
    }
    throw new HttpError(502, refused.refundUnconfirmed(amount, statusOf(order)));
  }
  if (made.status === 'failed') {
    const reason = made.failureReason ?? 'unknown';
    await failReservedRefund(
      db,
      refund.id,
      { reason, refundId: made.refundId },
      { answered: true },
    );
    throw new HttpError(
      502,
      refused.refundRefused(amount, statusOf(order), refundFailureCause(reason)),
    );
  }
  if (made.status === 'pending') {
    await noteProviderRefund(db, refund.id, made.refundId);
    return (await findOrder(db, order.id)) ?? order;
  }
  return settleReservedRefund(db, refund.id, made.refundId);
}

/** Settles a reserved refund the provider made and counts it on its order, once. */
export async function settleReservedRefund(
  db: Db,
  reservationId: string,
  refundId: string,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const reservation = await findRefund(tx, reservationId);
    if (!reservation) throw new Error(`refund ${reservationId} vanished`);
    // The order first, then its refund: the order in which a transition reserves it.
    const order = await lockOrder(tx, reservation.orderId);
    if (!order) throw new HttpError(404, refusals.order.none);
    const settled = await settleRefund(tx, reservationId, refundId);
    if (!settled) return order;
    // An admin's refund of its own is told now that the money moved (history, email).
    if (settled.reason !== null) {
      const status = statusOf(order);
      await recordEvents(tx, [
        {
          orderId: order.id,
          action: 'refund',
          from: status,
          to: status,
          actor: settled.requestedBy
            ? { role: 'admin', userId: settled.requestedBy }
            : { role: 'store' },
          note: settled.reason,
          amountCents: settled.amountCents,
        },
      ]);
    }
    return changeOrder(tx, order.id, { addRefundedCents: settled.amountCents });
  });
}

/** A refund the provider reports having made (Stripe's `charge.refunded`). */
export interface ReportedRefund {
  provider: PaymentProvider['name'];
  refundId: string;
  intentId: string;
  amountCents: number;
  /** The store's reservation it settles, when the store asked for it. */
  refundKey: string | null;
  /** The order it gives money back for, when known (one made in the provider's dashboard). */
  orderId: string | null;
}

/**
 * Records a refund the provider reports: one the store asked for settles its reservation (if the
 * answer did not already); one made elsewhere is counted on its order with an event by the
 * store. False when it cannot be placed (no order, or more than is left of the payment).
 */
export async function recordReportedRefund(db: Db, report: ReportedRefund): Promise<boolean> {
  const reservation = report.refundKey ? await findRefund(db, report.refundKey) : null;
  if (reservation && reservation.intentId === report.intentId) {
    await settleReservedRefund(db, reservation.id, report.refundId);
    return true;
  }
  if (await findRefundByProviderId(db, report.refundId)) return true;
  if (!report.orderId) return false;
  const orderId = report.orderId;
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order?.paid || order.transactionId !== report.intentId) return false;
    const left = leftToRefundCents({
      paidCents: orderTotalCents(order),
      refundedCents: order.refundedCents,
      pendingRefundCents: await pendingRefundCents(tx, order.id),
    });
    if (report.amountCents > left) return false;
    if (!(await recordOutsideRefund(tx, { ...report, orderId }))) return true;
    const status = statusOf(order);
    await changeOrder(tx, order.id, { addRefundedCents: report.amountCents });
    await recordEvents(tx, [
      {
        orderId,
        action: 'refund',
        from: status,
        to: status,
        actor: { role: 'store' },
        note: `Refunded through ${report.provider === 'stripe' ? 'Stripe' : 'the payment provider'}`,
        amountCents: report.amountCents,
      },
    ]);
    return true;
  });
}

/** A refund the provider reports failed or cancelled after accepting it. */
export interface FailedRefundReport {
  refundId: string;
  intentId: string;
  /** The store's reservation it was made for, when the store asked for it. */
  refundKey: string | null;
  /** Why, in the provider's words (Stripe's `failure_reason`, or `canceled`). */
  reason: string;
}

/**
 * Records a refund the provider reports failed (or cancelled): it no longer counts, and if it
 * had been counted on its order the money comes back out of the order's refunded cents, with a
 * "Refund failed" event, all in one transaction. Once: a repeated report changes nothing. False
 * when the store has no record of that refund (nothing of it was ever counted).
 */
export async function recordFailedRefund(db: Db, report: FailedRefundReport): Promise<boolean> {
  const reservation = report.refundKey ? await findRefund(db, report.refundKey) : null;
  const known =
    reservation && reservation.intentId === report.intentId
      ? reservation
      : await findRefundByProviderId(db, report.refundId);
  if (!known) return false;
  await failReservedRefund(
    db,
    known.id,
    { reason: report.reason, refundId: report.refundId },
    { answered: false },
  );
  return true;
}

/**
 * Marks a refund failed under its order's lock, taking its money back out of the order's refunded
 * cents if it had been counted. The history says so ("Refund failed", with why) unless nobody
 * was told of that money yet and the admin who asked reads the refusal in the answer (`answered`,
 * an admin's own refund refused at once): a refund that had succeeded, the refund of a cancel or a
 * received return (their event carries its amount), and any failure the provider reports later.
 */
async function failReservedRefund(
  db: Db,
  refundRowId: string,
  failure: { reason: string; refundId?: string | null },
  { answered }: { answered: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findRefund(tx, refundRowId);
    if (!row) return;
    // The order first, then its refund: the order in which a transition reserves it.
    const order = await lockOrder(tx, row.orderId);
    if (!order) return;
    const failed = await failRefund(tx, refundRowId, failure);
    if (!failed) return;
    const { refund, wasCounted } = failed;
    const announced = wasCounted || refund.reason === null;
    const changed = wasCounted
      ? await changeOrder(tx, order.id, { addRefundedCents: -refund.amountCents })
      : order;
    if (!announced && answered) return;
    const status = statusOf(changed);
    await recordEvents(tx, [
      {
        orderId: order.id,
        action: 'refundFailed',
        from: status,
        to: status,
        actor: { role: 'store' },
        note: refundFailureWords(refund.failureReason),
        amountCents: refund.amountCents,
      },
    ]);
  });
}

/** How the refunds asked about again stand now. */
export interface RecheckedRefunds {
  succeeded: number;
  failed: number;
  /** Still pending at the provider: asked about again a period later. */
  pending: number;
  /** The provider knows no refund by its id, or asking failed: left pending, logged. */
  unknown: number;
}

/** Where the recheck logs what it could not settle. */
interface RecheckLog {
  warn: (details: object, message: string) => void;
}

/**
 * Asks the provider again about refunds pending longer than `seconds` (its webhook missed, or
 * its answer lost) and applies what it says as its webhook does: succeeded is settled and
 * counted, failed or cancelled is recorded failed with its history event, still pending is left
 * to be asked a period later. Each refund is claimed first, so processes sweeping the one
 * database at once never ask about the same refund, and the settling and failing themselves
 * happen once under the order's lock whoever (the webhook, the answer, a sweep) gets there first.
 * Nothing for a provider whose refunds are made at once.
 */
export async function recheckPendingRefunds(
  db: Db,
  provider: PaymentProvider,
  seconds: number,
  log: RecheckLog,
  limit = 50,
): Promise<RecheckedRefunds> {
  const counts: RecheckedRefunds = { succeeded: 0, failed: 0, pending: 0, unknown: 0 };
  if (!provider.lookUpRefund) return counts;
  for (const refund of await claimLongPendingRefunds(db, provider.name, seconds, limit)) {
    try {
      const now = await recheckRefund(db, provider, refund);
      if (now === 'unknown') {
        log.warn(
          { refundRowId: refund.id, refundId: refund.refundId },
          'provider has no such refund',
        );
      }
      counts[now] += 1;
    } catch (err) {
      // The provider did not answer: the refund stays pending and is asked a period later.
      log.warn({ err, refundRowId: refund.id }, 'asking again about a pending refund failed');
      counts.unknown += 1;
    }
  }
  return counts;
}

async function recheckRefund(
  db: Db,
  provider: PaymentProvider,
  refund: RefundRow,
): Promise<keyof RecheckedRefunds> {
  let made = await provider.lookUpRefund!({
    refundId: refund.refundId,
    intentId: refund.intentId,
    refundKey: refund.id,
  });
  if (!made && refund.refundId === null) {
    // Its answer never came and the provider made none under its key: asked again, under the
    // same key, which never refunds twice.
    try {
      made = await askForRefund(provider, refund);
    } catch (err) {
      if (!(err instanceof RefundRefused)) throw err;
      // Refused: nothing moved. Whoever asked was told it was unconfirmed, so the history says it.
      await failReservedRefund(db, refund.id, { reason: err.message }, { answered: false });
      return 'failed';
    }
  }
  if (!made) return 'unknown';
  if (made.status === 'succeeded') {
    await recordReportedRefund(db, {
      provider: refund.provider,
      refundId: made.refundId,
      intentId: refund.intentId,
      amountCents: refund.amountCents,
      refundKey: refund.id,
      orderId: refund.orderId,
    });
  } else if (made.status === 'failed') {
    await recordFailedRefund(db, {
      refundId: made.refundId,
      intentId: refund.intentId,
      refundKey: refund.id,
      reason: made.failureReason ?? 'unknown',
    });
  } else {
    await noteProviderRefund(db, refund.id, made.refundId);
  }
  return made.status;
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
          throw new HttpError(409, refused.returnWindowClosed(RETURN_DAYS, day));
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

  /** Cents paid and neither refunded nor promised to a refund yet (0 for an unpaid order). */
  private async refundable(order: OrderRow): Promise<number> {
    if (!order.paid) return 0;
    return leftToRefundCents({
      paidCents: orderTotalCents(order),
      refundedCents: order.refundedCents,
      pendingRefundCents: await pendingRefundCents(this.tx, order.id),
    });
  }

  private async refund(order: OrderRow, amountCents: number, reason: string) {
    if (!order.paid) throw new HttpError(409, refused.notNow('refund', statusOf(order)));
    const left = await this.refundable(order);
    if (left <= 0) throw new HttpError(409, refused.nothingLeftToRefund);
    if (amountCents > left) throw new HttpError(409, refused.refundTooMuch(formatDollars(left)));
    const refund = await this.reserve(order, amountCents, {
      reason,
      requestedBy: this.who.role === 'store' ? null : this.who.userId,
    });
    // Its event comes with the money (settleReservedRefund): nothing on the order changes yet.
    return { order, restocked: [], refund };
  }

  /** Reserves a refund of what is left of the payment, if anything is. */
  private async reserveRest(order: OrderRow): Promise<RefundRow | null> {
    const left = await this.refundable(order);
    return left > 0 ? this.reserve(order, left) : null;
  }

  /** Reserves `cents` of the order's payment, at the provider that took it. */
  private async reserve(
    order: OrderRow,
    cents: number,
    asked: Pick<RefundRow, 'reason' | 'requestedBy'> = { reason: null, requestedBy: null },
  ): Promise<RefundRow> {
    const payment = order.transactionId ? await findIntent(this.tx, order.transactionId) : null;
    if (!payment || payment.provider !== this.providerName) {
      throw new HttpError(409, refused.paidElsewhere);
    }
    return reserveRefund(this.tx, {
      orderId: order.id,
      provider: payment.provider,
      intentId: payment.intentId,
      amountCents: cents,
      ...asked,
    });
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
