import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { can, type Identity } from '../auth/guards';
import { visibleTo, type Visibility } from '../auth/visibleRecord';
import { endHold, heldUnitsOf, orderTermsOf, takeBackStock } from '../catalog/productTable';
import { PRODUCT_RETIRED } from '../../../contract/catalogTerms';
import { checkoutCopy } from '../../../contract/checkoutCopy';
import { copy } from '../../../contract/copy';
import { refusals } from '../refusals';
import { ORDER_TOTAL_MAX_CENTS, orderTotalProblem } from '../../../contract/limits';
import type { OrderStatus } from '../../../contract/orderLifecycle';
import type { CreateOrderBody, Order } from '../../../contract/orders';
import { stockRefuses } from '../../../contract/stockRule';
import type { Db } from '../db/client';
import { fromDriverRow } from '../db/rows';
import { orders } from '../db/schema';
import { Conflict, Forbidden, Invalid, NotFound } from '../domainErrors';
import { markIntentSucceeded } from '../payments/paymentTable';
import { createOrderBatches, type OrderItem } from './orderBatches';
import { recordEvents, type EventInput } from './orderEvents';
import { emailVerificationOf, markEmailVerified } from '../users/userTable';
import { countUses } from '../promotions/promotionUses';

/**
 * The one module that reads and writes the orders table, but for two database functions that
 * place orders and take their stock in one statement, on purpose: `place_order` here (the
 * reservation and the order commit together) and `place_checkout` (checkout/placeCheckout.ts).
 * Every other product and user query goes through their table modules; a hold that starts or ends
 * changes its product's held count (`endHold`) in the same transaction.
 */

export type OrderRow = typeof orders.$inferSelect;

const refused = refusals.order;

/** The spec's refusal when the stock cannot cover the order (its wording, in copy.ts). */
export const STOCK_MESSAGE = copy.order.unavailableQuantity;

/**
 * What the store allows an unpaid order: how long it holds stock, how much one account holds,
 * and what percent of a product's stock all unpaid orders together may hold.
 */
export interface HoldPolicy {
  holdSeconds: number;
  maxHeldUnits: number;
  heldSharePercent: number;
}

/**
 * Unpaid orders may always hold this many units of a product (a set of tyres), whatever the
 * share: a product with little stock can still be ordered as a set.
 */
export const HELD_FLOOR_UNITS = 4;

/** The spec's refusal for an unverified account (the store's own wording, in copy.ts). */
export const VERIFY_EMAIL_MESSAGE = checkoutCopy.order.verifyEmailFirst;

/** Units all unpaid orders of a product may hold: the share of its stock, at least the floor. */
export function heldCap(stock: number, policy: Pick<HoldPolicy, 'heldSharePercent'>): number {
  return Math.max(Math.floor((stock * policy.heldSharePercent) / 100), HELD_FLOOR_UNITS);
}

/** Whether the account's email is verified now, asked of the identity provider. */
export type EmailVerifiedCheck = (firebaseUid: string) => Promise<boolean>;

/** Unpaid past its hold: its stock is (or is about to be) back on sale. */
export function isExpired(row: Pick<OrderRow, 'paid' | 'holdUntil'>, now = Date.now()): boolean {
  return !row.paid && row.holdUntil !== null && row.holdUntil.getTime() <= now;
}

/** The status as people see it: an unpaid order past its hold has expired. */
export function statusOf(row: OrderRow, now = Date.now()): OrderStatus {
  return row.status === 'unpaid' && isExpired(row, now) ? 'expired' : (row.status as OrderStatus);
}

/**
 * An order as the API answers it, with the cents of its refunds under way (the refunds table's,
 * `orderView.ts` reads them).
 */
export function toOrder(row: OrderRow, pendingRefundCents: number, now = Date.now()): Order {
  return {
    _id: row.id,
    productId: row.productId,
    ProductName: row.productName,
    price: row.priceCents / 100,
    name: row.name,
    email: row.email,
    address: row.address,
    number: row.number,
    quantity: row.quantity,
    paid: row.paid,
    transactionId: row.transactionId,
    expiresAt: row.paid || !row.holdUntil ? null : row.holdUntil.toISOString(),
    expired: isExpired(row, now),
    checkoutId: row.checkoutId,
    fitting: row.fittingDate,
    status: statusOf(row, now),
    refunded: row.refundedCents / 100,
    refundPending: pendingRefundCents / 100,
    shipment:
      row.carrier && row.trackingNumber && row.shippedAt
        ? {
            carrier: row.carrier,
            trackingNumber: row.trackingNumber,
            trackingUrl: row.trackingUrl,
            shippedAt: row.shippedAt.toISOString(),
            deliveredAt: row.deliveredAt?.toISOString() ?? null,
          }
        : null,
    createdAt: row.createdAt.toISOString(),
    // Only an order priced in a market says its currency and charges: the spec's stay as they are.
    // A discount may make the charges negative (4 for 3 takes more off than delivery adds).
    ...(row.currency !== 'USD' || row.chargesMinor !== 0
      ? { currency: row.currency, charges: row.chargesMinor / 100 }
      : {}),
  };
}

/** Who paid: the order's shopper (null only for orders older than accounts keyed by uid). */
function payer(row: OrderRow): EventInput['actor'] {
  return row.userId ? { role: 'shopper', userId: row.userId } : { role: 'store' };
}

const payEvent = (row: OrderRow): EventInput => ({
  orderId: row.id,
  action: 'pay',
  from: 'unpaid',
  to: 'paid',
  actor: payer(row),
  amountCents: orderTotalCents(row),
});

/** What the order costs: its goods, and the services, fees and added tax its checkout put on it. */
export function orderTotalCents(
  row: Pick<OrderRow, 'priceCents' | 'quantity'> & Partial<Pick<OrderRow, 'chargesMinor'>>,
): number {
  return row.priceCents * row.quantity + (row.chargesMinor ?? 0);
}

/**
 * Places an order: name and price from the product, stock reserved by one conditional update,
 * held for `holdSeconds` unless paid. The database function `place_order` (db/functions/place_order.sql) does
 * it in one statement: reservation and insert commit together, so concurrent orders can never
 * take more than the spec's rule allows, and an advisory lock per account makes one account's
 * orders take turns, so two at once cannot both fit under the held-units limit. Migration 0011
 * adds the holds rules: only an account with a verified email holds stock, and unpaid orders of
 * one product hold at most `heldSharePercent` of its stock (orders of a product take turns on
 * its row, so concurrent orders cannot exceed it either). The function's reserving UPDATE is
 * the stock rule's twin in SQL (contract/stockRule.ts; stockRule.test holds them equal).
 */
export async function placeOrder(
  db: Db,
  buyer: Identity,
  body: CreateOrderBody,
  policy: HoldPolicy,
  emailVerified: EmailVerifiedCheck = async () => false,
): Promise<OrderRow> {
  if (body.email && body.email.toLowerCase() !== buyer.email) {
    throw new Forbidden(refused.ownEmailOnly);
  }
  const placed = await tryToPlace(db, buyer, body, policy);
  if (placed) return placed;
  if (await verifiedSinceSignIn(db, buyer, emailVerified)) {
    const retried = await tryToPlace(db, buyer, body, policy);
    if (retried) return retried;
  }
  await explainRefusal(db, buyer, body, policy);
  // Out of stock: holds that ran out may not have been swept yet; give them back and try again.
  if ((await releaseExpiredHolds(db)).length > 0) {
    const retried = await tryToPlace(db, buyer, body, policy);
    if (retried) return retried;
  }
  throw new Conflict(STOCK_MESSAGE);
}

/** Orders being placed together, per database (orderBatches.ts). */
const batchesOf = new WeakMap<Db, ReturnType<typeof createOrderBatches<OrderRow>>>();

/**
 * The order, or null when `place_order` refused it. Orders of the same product that arrive
 * while one call places some go together in the next (`place_orders`, orderBatches.ts).
 */
async function tryToPlace(
  db: Db,
  buyer: Identity,
  body: Pick<CreateOrderBody, 'productId' | 'name' | 'address' | 'number' | 'quantity'>,
  policy: HoldPolicy,
): Promise<OrderRow | null> {
  let batches = batchesOf.get(db);
  if (!batches) batchesOf.set(db, (batches = createOrderBatches<OrderRow>()));
  const item: OrderItem = {
    userId: buyer.userId,
    email: buyer.email,
    name: body.name.trim(),
    address: body.address.trim(),
    number: body.number.trim(),
    quantity: body.quantity,
  };
  const lane = [body.productId, policy.holdSeconds, policy.maxHeldUnits, policy.heldSharePercent];
  return batches.place(lane.join(' '), item, (items) =>
    placeTogether(db, body.productId, items, policy),
  );
}

/** Orders of one product placed in one call and one commit: each one's row, or null. */
async function placeTogether(
  db: Db,
  productId: string,
  items: OrderItem[],
  policy: HoldPolicy,
): Promise<(OrderRow | null)[]> {
  const result = await db.execute(sql`
    select n, placed from place_orders(${productId}, ${JSON.stringify(items)}::jsonb,
      ${policy.holdSeconds}, ${policy.maxHeldUnits}, ${ORDER_TOTAL_MAX_CENTS},
      ${policy.heldSharePercent}, ${HELD_FLOOR_UNITS})`);
  const rows = (result as unknown as { rows: { n: number; placed: Record<string, unknown> }[] })
    .rows;
  const placed: (OrderRow | null)[] = items.map(() => null);
  for (const row of rows) placed[row.n - 1] = fromDriverRow(orders, row.placed);
  return placed;
}

/** Units the account holds now in unpaid orders whose hold still runs. */
export async function unitsHeldBy(db: Db, userId: string): Promise<number> {
  const held = await db.execute(sql`select units_held_by(${userId}) as units`);
  return (held as unknown as { rows: [{ units: number }] }).rows[0].units;
}

/**
 * Refuses an account whose email is not verified (only verified accounts hold stock), in words
 * that tell it what to do; a link clicked since the last sign-in is noticed and recorded.
 */
export async function requireVerifiedEmail(
  db: Db,
  buyer: Identity,
  emailVerified: EmailVerifiedCheck,
): Promise<void> {
  const user = await emailVerificationOf(db, buyer.userId);
  if (!user || user.verified) return;
  if (!(await emailVerified(user.firebaseUid))) throw new Forbidden(VERIFY_EMAIL_MESSAGE);
  await markEmailVerified(db, buyer.userId);
}

/**
 * True when the buyer's row said unverified but the identity provider now says verified (the
 * link was clicked after the last sign-in): the row is updated, so the order can be tried again.
 * Refuses an account that is still unverified, in words that tell it what to do.
 */
async function verifiedSinceSignIn(
  db: Db,
  buyer: Identity,
  emailVerified: EmailVerifiedCheck,
): Promise<boolean> {
  const user = await emailVerificationOf(db, buyer.userId);
  if (!user || user.verified) return false;
  if (!(await emailVerified(user.firebaseUid))) throw new Forbidden(VERIFY_EMAIL_MESSAGE);
  await markEmailVerified(db, buyer.userId);
  return true;
}

/**
 * Throws the refusal a person can act on (no such product, total too high, too many units held)
 * before the stock is blamed; returns when only the stock is left to blame.
 */
export async function explainRefusal(
  db: Db,
  buyer: Identity,
  body: Pick<CreateOrderBody, 'productId' | 'quantity'>,
  policy: HoldPolicy,
): Promise<void> {
  const product = await orderTermsOf(db, body.productId);
  if (!product) throw new NotFound(refusals.product.none);
  if (product.status === 'retired') throw new Conflict(PRODUCT_RETIRED);
  const tooMuch = orderTotalProblem(product.priceCents * body.quantity);
  if (tooMuch) throw new Invalid(tooMuch);
  const units = await unitsHeldBy(db, buyer.userId);
  if (units + body.quantity > policy.maxHeldUnits) {
    throw new Conflict(refused.heldUnits(policy.maxHeldUnits, units, policy.holdSeconds));
  }
  const { live, taken } = await heldUnitsOf(db, body.productId);
  if (stockRefuses(product, body.quantity)) return;
  const stock = product.availablequantity + taken;
  const cap = heldCap(stock, policy);
  if (live + body.quantity > cap) {
    throw new Conflict(
      refused.heldShare({ live, cap, stock, percent: policy.heldSharePercent }, policy.holdSeconds),
    );
  }
}

/**
 * Gives the stock of every unpaid order whose hold ran out back to its product, once: the order
 * rows are marked in the same transaction, so sweeps racing in several processes release each
 * order only once. Returns the products whose stock came back.
 */
export async function releaseExpiredHolds(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    const released = await tx.execute(sql`
      update ${orders} set hold_released = true
      where not paid and not hold_released and hold_until <= now()
      returning product_id, quantity`);
    const units = new Map<string, number>();
    for (const row of (released as unknown as { rows: { product_id: string; quantity: number }[] })
      .rows) {
      units.set(row.product_id, (units.get(row.product_id) ?? 0) + row.quantity);
    }
    // Products one at a time in id order, the order checkouts lock them in (placeCheckout), so
    // a sweep and a checkout never each hold a product the other waits for.
    const ids = [...units.keys()].sort(byProductId);
    for (const id of ids) await endHold(tx, id, units.get(id)!, { paid: false });
    return ids;
  });
}

/** The order products are locked in by every statement that locks several: their ids'. */
export function byProductId(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Staff who read every order see each one; the words of the refusals. */
const orderVisibility: Visibility<OrderRow> = {
  alsoSeenBy: (caller) => can(caller, 'orders.read'),
  none: refused.none,
  someoneElses: refused.someoneElses,
};

/** The order, if the caller may see it: its owner or staff who may read every order. */
export async function findVisibleOrder(db: Db, caller: Identity, id: string): Promise<OrderRow> {
  return visibleTo(caller, await findOrder(db, id), orderVisibility);
}

/** The order with this id, whoever placed it; null when there is none. */
export async function findOrder(db: Db, id: string): Promise<OrderRow | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  return order ?? null;
}

/**
 * Deletes the caller's own unpaid order and gives its stock back, atomically. Returns the
 * product whose stock came back.
 */
export async function deleteUnpaidOrder(
  db: Db,
  caller: Identity,
  id: string,
  holdSeconds: number,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!order) throw new NotFound(refused.none);
    if (order.userId !== caller.userId) throw new Forbidden(refused.someoneElses);
    if (order.paid) throw new Conflict(refused.paidNotDeletable);
    // A checkout's payment is for all its orders: none leaves while it can still be paid.
    if (order.checkoutId && !isExpired(order)) {
      throw new Conflict(refusals.checkout.deleteWhenExpired(holdSeconds));
    }
    await tx.delete(orders).where(eq(orders.id, id));
    // An expired order's stock went back when its hold ran out.
    if (order.holdReleased) return order.productId;
    await endHold(tx, order.productId, order.quantity, { paid: false });
    return order.productId;
  });
}

/**
 * Marks an order paid by a succeeded PaymentIntent. Safe to repeat and to race: the order row is
 * locked, a second call with the same intent changes nothing, another intent is refused.
 * A payment the provider took after the hold ran out (a card confirmed on a page opened in
 * time) takes the stock again if it is still there, and is refused if it is not.
 */
export async function markOrderPaid(
  db: Db,
  payment: { orderId: string; intentId: string; amountCents: number },
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.id, payment.orderId))
      .for('update');
    if (!order) throw new NotFound(refused.none);
    if (order.paid) {
      if (order.transactionId === payment.intentId) return order;
      throw new Conflict(refused.alreadyPaid);
    }
    if (order.status === 'cancelled') {
      throw new Conflict(refusals.lifecycle.notNow('pay', 'cancelled'));
    }
    if (payment.amountCents !== orderTotalCents(order)) {
      throw new Conflict(refused.paymentMismatch);
    }
    await takeHeldStock(tx, order);
    const [paid] = await tx
      .update(orders)
      .set(paidNow(payment.intentId))
      .where(eq(orders.id, order.id))
      .returning();
    await markIntentSucceeded(tx, payment.intentId);
    if (!paid) throw new Error('order update returned nothing');
    await recordEvents(tx, [payEvent(paid)]);
    return paid;
  });
}

/**
 * The stock an order being paid keeps: its hold ends (the units stay sold), or, if the hold ran
 * out and gave them back, they are taken again if they are still there, and refused if not.
 */
async function takeHeldStock(tx: Db, order: OrderRow): Promise<void> {
  if (!order.holdReleased) return endHold(tx, order.productId, order.quantity, { paid: true });
  if (!(await takeBackStock(tx, order.productId, order.quantity))) {
    throw new Conflict(refused.expiredAndSold);
  }
}

/** What paying sets on an order row. */
const paidNow = (intentId: string) => ({
  paid: true,
  status: 'paid' as const,
  paidAt: new Date(),
  transactionId: intentId,
  holdReleased: false,
});

/** The orders a checkout placed (placed at one instant: listed by product name). */
export async function ordersOfCheckout(db: Db, checkoutId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(asc(orders.productName), asc(orders.id));
}

/** Takes a place on a fitting day inside the caller's transaction, or refuses in words. */
export type FittingClaim = (tx: Db, day: string) => Promise<void>;

/**
 * Marks every order of a checkout paid by one succeeded PaymentIntent for their whole total, as
 * `markOrderPaid` does for one order: safe to repeat and to race (the orders are locked), another
 * intent is refused, and an order whose hold ran out takes its stock again or the whole payment
 * is refused.
 */
export async function markCheckoutPaid(
  db: Db,
  payment: { checkoutId: string; intentId: string; amountCents: number },
  reclaimFitting: FittingClaim,
): Promise<OrderRow[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(orders)
      .where(eq(orders.checkoutId, payment.checkoutId))
      .orderBy(asc(orders.productName), asc(orders.id))
      .for('update');
    if (rows.length === 0) throw new NotFound(refusals.checkout.nothingToPay);
    if (rows.every((row) => row.paid && row.transactionId === payment.intentId)) return rows;
    if (rows.some((row) => row.paid)) throw new Conflict(refusals.checkout.alreadyPaid);
    if (rows.some((row) => row.status === 'cancelled')) {
      throw new Conflict(refusals.checkout.nothingToPay);
    }
    const dueCents = rows.reduce((sum, row) => sum + orderTotalCents(row), 0);
    if (payment.amountCents !== dueCents) throw new Conflict(refused.paymentMismatch);
    // A hold that ran out gave its fitting place back: take it again, or refuse.
    const fitting = rows[0]?.fittingDate ?? null;
    if (fitting && rows.some((row) => row.holdReleased || isExpired(row))) {
      await reclaimFitting(tx, fitting);
    }
    // Products in id order, as checkouts lock them, so the two never wait on each other.
    const byProduct = [...rows].sort((a, b) => a.productId.localeCompare(b.productId));
    for (const row of byProduct) await takeHeldStock(tx, row);
    const paid = await tx
      .update(orders)
      .set(paidNow(payment.intentId))
      .where(eq(orders.checkoutId, payment.checkoutId))
      .returning();
    await markIntentSucceeded(tx, payment.intentId);
    await countUses(tx, payment.checkoutId);
    await recordEvents(tx, paid.map(payEvent));
    const position = new Map(rows.map((row, index) => [row.id, index]));
    return paid.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  });
}

/** The order row, locked until the caller's transaction ends; null when there is none. */
export async function lockOrder(tx: Db, id: string): Promise<OrderRow | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return order ?? null;
}

/** Every order of a checkout, locked in the order its payment locks them (markCheckoutPaid). */
export async function lockCheckoutOrders(tx: Db, checkoutId: string): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(asc(orders.productName), asc(orders.id))
    .for('update');
}

/** What a lifecycle transition changes on an order row. */
export type OrderChange = Partial<
  Pick<
    OrderRow,
    | 'status'
    | 'holdReleased'
    | 'carrier'
    | 'trackingNumber'
    | 'trackingUrl'
    | 'shippedAt'
    | 'deliveredAt'
  >
> & { addRefundedCents?: number };

/** Applies a transition's change to a locked order row. */
export async function changeOrder(tx: Db, id: string, change: OrderChange): Promise<OrderRow> {
  const { addRefundedCents, ...columns } = change;
  if (Object.keys(columns).length === 0 && !addRefundedCents) {
    // Nothing on the row changes (a refund only reserved so far): the row as it is.
    const [row] = await tx.select().from(orders).where(eq(orders.id, id));
    if (!row) throw new Error(`order ${id} vanished while locked`);
    return row;
  }
  const [changed] = await tx
    .update(orders)
    .set({
      ...columns,
      ...(addRefundedCents
        ? { refundedCents: sql`${orders.refundedCents} + ${addRefundedCents}` }
        : {}),
    })
    .where(eq(orders.id, id))
    .returning();
  if (!changed) throw new Error(`order ${id} vanished while locked`);
  return changed;
}

/** The rows of one status as people see it (expired and unpaid are both stored as unpaid). */
function whereStatus(status: OrderStatus): SQL {
  if (status === 'expired') {
    return sql`${orders.status} = 'unpaid' and ${orders.holdUntil} <= now()`;
  }
  if (status === 'unpaid') {
    return sql`${orders.status} = 'unpaid' and (${orders.holdUntil} is null or ${orders.holdUntil} > now())`;
  }
  return eq(orders.status, status);
}

/** An admin's search: an order id, a buyer's email (part of it) or a product's name. */
function whereSearch(q: string): SQL | undefined {
  const words = q.trim();
  if (words === '') return undefined;
  const like = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(words);
  return or(
    ...(isId ? [eq(orders.id, words.toLowerCase())] : []),
    ilike(orders.email, like),
    ilike(orders.productName, like),
  );
}

export interface OrdersFilter {
  /** One account's orders (a shopper's own list). */
  userId?: string;
  /** Every account's orders with this email (admins). */
  email?: string;
  status?: OrderStatus;
  /** An order id, a buyer's email or a product's name (admins). */
  q?: string;
}

/** Orders newest first, a page of them (or all), with how many match in all. */
export async function findOrdersPage(
  db: Db,
  filter: OrdersFilter,
  page: { offset: number; limit: number } | null,
): Promise<{ rows: OrderRow[]; total: number }> {
  const where = and(
    filter.userId ? eq(orders.userId, filter.userId) : undefined,
    filter.email ? eq(orders.email, filter.email) : undefined,
    filter.status ? whereStatus(filter.status) : undefined,
    filter.q ? whereSearch(filter.q) : undefined,
  );
  const query = db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (!page) {
    const rows = await query;
    return { rows, total: rows.length };
  }
  const [rows, [count]] = await Promise.all([
    query.limit(page.limit).offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Orders in one stored status, the longest waiting first (paid: by payment; else by placing). */
export async function oldestInStatus(
  db: Db,
  status: 'paid' | 'return_requested',
  limit: number,
): Promise<{ rows: OrderRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(eq(orders.status, status))
      .orderBy(asc(orders.paidAt), asc(orders.createdAt))
      .limit(limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.status, status)),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Cents paid per calendar day (in `timeZone`) from `fromDay` on, cancelled orders included. */
export async function paidPerDay(
  db: Db,
  fromDay: string,
  timeZone: string,
): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    select (paid_at at time zone ${timeZone})::date::text as day,
      sum(price_cents::bigint * quantity)::bigint as cents
    from ${orders}
    where paid and paid_at >= (${fromDay}::date::timestamp at time zone ${timeZone})
    group by 1`);
  const rows = (result as unknown as { rows: { day: string; cents: string | number }[] }).rows;
  return new Map(rows.map((row) => [row.day, Number(row.cents)]));
}

/**
 * Checkouts booked for a fitting per day from `from` to `to`: paid and not cancelled, or still
 * held. A checkout's orders share its day.
 */
export async function fittingsBookedPerDay(
  db: Db,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    select fitting_date::text as day, count(distinct checkout_id)::int as booked
    from ${orders}
    where fitting_date between ${from}::date and ${to}::date and checkout_id is not null
      and status <> 'cancelled'
      and (paid or (not hold_released and hold_until > now()))
    group by fitting_date`);
  const rows = (result as unknown as { rows: { day: string; booked: number }[] }).rows;
  return new Map(rows.map((row) => [row.day, row.booked]));
}
