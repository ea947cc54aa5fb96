import type { Identity } from '../auth/guards';
import { findVisibleCheckout } from '../checkout/checkoutTable';
import type { LocalConfirmBody } from '../../../contract/payments';
import { refusals } from '../refusals';
import type { Db } from '../db/client';
import { Conflict, DomainError, Invalid, NotFound } from '../domainErrors';
import { claimFittingPlace, todayIn } from '../fitting/fittingTable';
import {
  findOrder,
  findVisibleOrder,
  isExpired,
  markCheckoutPaid,
  markOrderPaid,
  ordersOfCheckout,
  orderTotalCents,
  type HoldPolicy,
  type OrderRow,
} from '../orders/orderTable';
import { findOpenIntent } from './paymentTable';
import type { IntentRecord, PaymentProvider, PaymentTarget } from './provider';
import type { CardDecline } from './testCards';

/**
 * Billing: what an order or a checkout costs, computed from the database (never from what the
 * browser sends), the payment started for exactly that, checked again before a card is charged,
 * and put on what it paid once it succeeded.
 */

export interface BillingDeps {
  db: Db;
  provider: PaymentProvider;
  holds: HoldPolicy;
  /** The shop's time zone: a late payment takes its fitting day's place again (from tomorrow). */
  timeZone: string;
}

/** What a payment is for and how much, with what the provider shows the shopper. */
interface Due {
  target: PaymentTarget;
  amountCents: number;
  /** The orders' currency, lower case (usd unless priced in another market). */
  currency: string;
  email: string;
  description: string;
}

/** Where a payment not applied is logged. */
interface BillingLog {
  warn: (details: object, message: string) => void;
}

const refused = refusals.payment;

/** The order or the checkout an intent pays, from its record (one of the two is set). */
export function targetOf(
  intent: Pick<IntentRecord, 'orderId' | 'checkoutId'>,
): PaymentTarget | null {
  if (intent.checkoutId) return { orderId: null, checkoutId: intent.checkoutId };
  if (intent.orderId) return { orderId: intent.orderId, checkoutId: null };
  return null;
}

/**
 * The client secret of a payment for the order's or the checkout's full amount. Reopening the
 * payment page reuses the open intent instead of making a new one.
 */
export async function startPayment(
  deps: BillingDeps,
  caller: Identity,
  what: { orderId?: string; checkoutId?: string },
): Promise<string> {
  const { orderId, checkoutId } = what;
  if ((orderId === undefined) === (checkoutId === undefined)) {
    throw new Invalid(refusals.checkout.sayWhatToPay);
  }
  const due =
    orderId !== undefined
      ? dueOfOrder(deps, await findVisibleOrder(deps.db, caller, orderId))
      : await dueOfCheckout(deps, (await findVisibleCheckout(deps.db, caller, checkoutId!)).id);
  const { target, amountCents } = due;
  const open = await findOpenIntent(deps.db, {
    target,
    provider: deps.provider.name,
    amountCents,
  });
  if (open) return open.clientSecret;
  const intent = await deps.provider.createIntent({
    ...due,
    idempotencyKey: `${target.orderId ? 'order' : 'checkout'}-${target.orderId ?? target.checkoutId}-${amountCents}`,
  });
  return intent.clientSecret;
}

/** What one order's payment is for: its full amount, computed from the order. */
function dueOfOrder(deps: BillingDeps, order: OrderRow): Due {
  if (order.paid) throw new Conflict(refusals.order.alreadyPaid);
  if (order.status === 'cancelled') {
    throw new Conflict(refusals.lifecycle.notNow('pay', 'cancelled'));
  }
  // A checkout's orders are paid with one payment, never one by one.
  if (order.checkoutId) throw new Conflict(refusals.checkout.payTogether);
  // No money moves for an order whose hold ran out: its stock may be someone else's now.
  if (isExpired(order)) throw new Conflict(refusals.order.expired(deps.holds.holdSeconds));
  const amountCents = orderTotalCents(order);
  if (amountCents <= 0) throw new Conflict(refused.nothingToPay);
  return {
    target: { orderId: order.id, checkoutId: null },
    amountCents,
    currency: order.currency.toLowerCase(),
    email: order.email,
    description: `${order.quantity} x ${order.productName}`,
  };
}

/** What a checkout's one payment is for: every order of it, computed from the orders. */
async function dueOfCheckout(deps: BillingDeps, checkoutId: string): Promise<Due> {
  const rows = await ordersOfCheckout(deps.db, checkoutId);
  if (rows.length === 0) throw new Conflict(refusals.checkout.nothingToPay);
  if (rows.some((order) => order.paid)) throw new Conflict(refusals.checkout.alreadyPaid);
  if (rows.some((order) => order.status === 'cancelled')) {
    throw new Conflict(refusals.checkout.nothingToPay);
  }
  if (rows.some((order) => isExpired(order))) {
    throw new Conflict(refusals.checkout.expired(deps.holds.holdSeconds));
  }
  const amountCents = rows.reduce((sum, order) => sum + orderTotalCents(order), 0);
  if (amountCents <= 0) throw new Conflict(refusals.checkout.nothingToPay);
  return {
    target: { orderId: null, checkoutId },
    amountCents,
    currency: rows[0]!.currency.toLowerCase(),
    email: rows[0]!.email,
    description: rows
      .map((order) => `${order.quantity} x ${order.productName}`)
      .join(', ')
      .slice(0, 1000),
  };
}

/**
 * Before any card is charged: 'paid' when this very intent already paid it (a double click
 * racing the first), else refuses an intent whose order or checkout can no longer be paid for
 * exactly its amount (paid by another, past its hold, gone, or its total changed).
 */
async function stillDue(
  deps: BillingDeps,
  target: PaymentTarget,
  intent: IntentRecord,
): Promise<'due' | 'paid'> {
  let due: Due;
  if (target.checkoutId === null) {
    const order = await findOrder(deps.db, target.orderId);
    if (!order) throw new NotFound(refusals.order.none);
    if (order.paid && order.transactionId === intent.id) return 'paid';
    due = dueOfOrder(deps, order);
  } else {
    const rows = await ordersOfCheckout(deps.db, target.checkoutId);
    if (rows.length > 0 && rows.every((row) => row.transactionId === intent.id)) return 'paid';
    due = await dueOfCheckout(deps, target.checkoutId);
  }
  if (due.amountCents !== intent.amountCents) {
    throw new Conflict(refusals.order.paymentMismatch);
  }
  return 'due';
}

/** Puts a succeeded intent's payment on what it paid (an order, or a checkout's orders). */
async function applyPayment(
  deps: BillingDeps,
  intent: { id: string; amountCents: number } & PaymentTarget,
) {
  const payment = { intentId: intent.id, amountCents: intent.amountCents };
  const claimFitting = (tx: Db, day: string) => claimFittingPlace(tx, day, todayIn(deps.timeZone));
  if (intent.checkoutId === null)
    await markOrderPaid(deps.db, { ...payment, orderId: intent.orderId });
  else await markCheckoutPaid(deps.db, { ...payment, checkoutId: intent.checkoutId }, claimFitting);
}

/** A local card payment: the intent paid, or the card's decline (Stripe's test cards). */
export type LocalPaymentOutcome =
  { paid: { id: string; amountCents: number } } | { declined: CardDecline };

/**
 * The local provider's card confirmation, as Stripe.js confirms a card: the intent its client
 * secret names is checked still due, charged, and its payment applied at once (what Stripe's
 * webhook does), so the order is paid even if the browser never comes back.
 */
export async function confirmLocalPayment(
  deps: BillingDeps,
  clientSecret: string,
  card: LocalConfirmBody['card'],
): Promise<LocalPaymentOutcome> {
  const { cards } = deps.provider;
  if (!cards) throw new NotFound(refused.stripeOnly);
  const intent = await cards.intentFor(clientSecret);
  if (!intent) throw new NotFound(refused.noIntent);
  const paid = { paid: { id: intent.id, amountCents: intent.amountCents } };
  if (intent.status === 'succeeded') return paid;
  const target = targetOf(intent);
  if (!target) throw new NotFound(refused.noIntent);
  if ((await stillDue(deps, target, intent)) === 'paid') return paid;
  const decline = await cards.charge(intent.id, card);
  if (decline) return { declined: decline };
  await applyPayment(deps, { ...target, id: intent.id, amountCents: intent.amountCents });
  return paid;
}

/**
 * A payment the provider reports succeeded (Stripe's webhook), put on what it paid. One that can
 * no longer be applied (cancelled, sold since its hold ran out, paid already by another intent)
 * is logged and its money goes straight back: the provider retrying could not fix it.
 */
export async function applyReportedPayment(
  deps: BillingDeps,
  intent: { id: string; amountCents: number } & PaymentTarget,
  log: BillingLog,
): Promise<void> {
  try {
    await applyPayment(deps, intent);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    log.warn({ err, intentId: intent.id }, 'webhook payment not applied');
    await deps.provider.refund({
      intentId: intent.id,
      amountCents: intent.amountCents,
      orderId: intent.orderId ?? intent.checkoutId!,
      idempotencyKey: `unapplied-${intent.id}`,
    });
  }
}
