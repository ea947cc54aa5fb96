import { sql } from 'drizzle-orm';
import type { Identity } from '../auth/guards';
import { PRODUCT_RETIRED } from '../../../contract/catalogTerms';
import { bagLineProblem } from '../../../contract/bagRules';
import type { CheckoutBody } from '../../../contract/checkout';
import {
  FITTING_DAYS_AHEAD,
  FITTING_HOLD_SECONDS,
  MAX_UNPAID_FITTINGS,
} from '../../../contract/fitting';
import { ORDER_TOTAL_MAX_CENTS, orderTotalProblem } from '../../../contract/limits';
import { refusals } from '../refusals';
import { marketCopy } from '../../../contract/marketCopy';
import type { Db } from '../db/client';
import { fromDriverRow } from '../db/rows';
import { checkouts, orders } from '../db/schema';
import { dayAfter } from '../fitting/fittingTable';
import { bookTaken, planBooking, takeBay } from '../appointments/booking';
import { readBag } from '../bag/bagTable';
import { unpaidAppointmentDays } from '../appointments/appointmentTable';
import { appointmentWords } from '../appointments/appointmentWords';
import { Conflict, Forbidden, Invalid } from '../domainErrors';
import {
  HELD_FLOOR_UNITS,
  releaseExpiredHolds,
  requireVerifiedEmail,
  VERIFY_EMAIL_MESSAGE,
  type EmailVerifiedCheck,
  type HoldPolicy,
  type OrderRow,
} from '../orders/orderTable';
import { pricingToWrite, type PricedCheckout } from '../markets/checkoutPricing';
import { holdUses } from '../promotions/promotionUses';
import type { CheckoutRow } from './checkoutTable';
import type { WrittenPricing } from '../markets/pricingView';

/**
 * Checkout of the bag: every line becomes an ordinary order, all reserved or none, the fitting
 * day's place taken and the bag emptied, by one call of the database function `place_checkout`
 * (db/functions/place_checkout.sql), so its row locks last one round trip however busy its products are. The
 * function checks what the API checked before, in the same order, and answers why it refused;
 * this module words that answer.
 */

export interface CheckoutRules {
  holds: HoldPolicy;
  emailVerified: EmailVerifiedCheck;
  /** Today in the shop's time zone, `YYYY-MM-DD` (fitting days start tomorrow). */
  today: () => string;
}

/** A bag line the shopper must change first, as `place_checkout` describes it. */
interface LineToChange {
  name: string;
  status: 'active' | 'retired';
  quantity: number;
  orderable: number;
  priceCents: number;
  priceCentsAdded: number;
}

/** What `place_checkout` answers: the checkout and its orders, or why it placed nothing. */
type Answer =
  | { checkout: Record<string, unknown>; orders: Record<string, unknown>[]; refused?: undefined }
  | { refused: 'unverified' | 'emptyBag' | 'fittingDayClosed' | 'fittingDayFull' }
  | { refused: 'fittingDayNotOffered' }
  | { refused: 'unpaidFittings'; days: string[] }
  | { refused: 'linesToChange'; lines: LineToChange[] }
  | { refused: 'heldUnits'; held: number }
  | { refused: 'retired'; name: string }
  | { refused: 'lineTotal'; name: string; cents: number }
  | { refused: 'stock'; name: string; orderable: number }
  | { refused: 'share'; name: string; live: number; cap: number; stock: number }
  | { refused: 'checkoutTotal'; cents: number }
  | { refused: 'bagChanged' };

type Placed = { checkout: CheckoutRow; orders: OrderRow[]; pricing?: WrittenPricing };

/**
 * Places the bag. A checkout priced in a market (`priced`, markets/checkoutPricing.ts) takes its
 * prices, charges and tax in the same statement as its orders (`place_checkout`), or nothing
 * is placed.
 */
export async function placeCheckout(
  db: Db,
  buyer: Identity,
  body: CheckoutBody,
  rules: CheckoutRules,
  priced: PricedCheckout | null = null,
): Promise<Placed> {
  if (body.fitting && body.appointment) {
    throw new Invalid(appointmentWords.fittingAndAppointment, 'appointment');
  }
  await requireVerifiedEmail(db, buyer, rules.emailVerified);
  const days = fittingRange(rules.today());
  const holds = holdsFor(body, rules.holds);
  // Promotions' uses are held under their rows' locks, after the orders, in one transaction.
  const place = () =>
    priced?.promotions.length
      ? db.transaction(async (tx) => {
          const answer = await placeOnce(tx, buyer, body, holds, days, priced, {
            inTransaction: true,
          });
          if (answer.refused !== undefined) return answer;
          const placed = placedRows(answer);
          await holdUses(tx, priced.promotions, placed.checkout);
          return { placed };
        })
      : placeOnce(db, buyer, body, holds, days, priced);
  let answer: Answer | { placed: Placed } = await place();
  // Only the stock is to blame: holds that ran out may not have been swept yet.
  if ('refused' in answer && shortOfStock(answer) && (await releaseExpiredHolds(db)).length > 0) {
    answer = await place();
  }
  if ('refused' in answer && answer.refused !== undefined) {
    throw refusal(answer, rules.holds, days);
  }
  const placed = 'placed' in answer ? answer.placed : placedRows(answer);
  return priced ? { ...placed, pricing: writtenPricing(priced, placed.orders) } : placed;
}

/** The lines the checkout was placed with, each on its order, as `checkout_lines` holds them. */
function writtenPricing(priced: PricedCheckout, orders: OrderRow[]): WrittenPricing {
  const orderOf = new Map(orders.map((order) => [order.productId, order.id]));
  return {
    locale: priced.market.locale,
    lines: pricingToWrite(priced).lines.map(({ position: _position, productId, ...line }) => ({
      ...line,
      orderId: productId ? (orderOf.get(productId) ?? null) : null,
    })),
  };
}

function placedRows(answer: Extract<Answer, { refused?: undefined }>): Placed {
  return {
    checkout: fromDriverRow(checkouts, answer.checkout),
    orders: answer.orders.map((row) => fromDriverRow(orders, row)),
  };
}

/** A checkout that books a fitting holds its place (and its stock) briefly while unpaid. */
function holdsFor(body: CheckoutBody, holds: HoldPolicy): HoldPolicy {
  if (!body.fitting && !body.appointment) return holds;
  return { ...holds, holdSeconds: Math.min(holds.holdSeconds, FITTING_HOLD_SECONDS) };
}

/**
 * One try at placing. A fitting is booked only while the account has fewer than
 * MAX_UNPAID_FITTINGS unpaid ones: counted under the account's bag lock, which place_checkout
 * takes first too (the same session's lock again), so one account's checkouts take turns. A
 * fitting appointment is booked in the same transaction: its bay taken under the centre's lock
 * before the orders, its row written after them (it names the checkout).
 */
async function placeOnce(
  db: Db,
  buyer: Identity,
  body: CheckoutBody,
  holds: HoldPolicy,
  days: FittingRange,
  priced: PricedCheckout | null,
  { inTransaction = false } = {},
): Promise<Answer> {
  const call = (on: Db) => callPlaceCheckout(on, buyer, body, holds, days, priced);
  if (!body.fitting && !body.appointment) return call(db);
  // In the promotions' transaction already: a savepoint would cost two round trips more.
  if (inTransaction) return placeWithBooking(db, buyer, body, call);
  return db.transaction((tx) => placeWithBooking(tx, buyer, body, call));
}

async function placeWithBooking(
  tx: Db,
  buyer: Identity,
  body: CheckoutBody,
  callPlace: (tx: Db) => Promise<Answer>,
): Promise<Answer> {
  await tx.execute(sql`select pg_advisory_xact_lock(7351003, hashtext(${buyer.userId}))`);
  const unpaid = [
    ...(await unpaidFittingDays(tx, buyer.userId)),
    ...(await unpaidAppointmentDays(tx, buyer.userId)),
  ].sort();
  if (unpaid.length >= MAX_UNPAID_FITTINGS) return { refused: 'unpaidFittings', days: unpaid };
  // The booking's checks come first: the stock the checkout then reserves stays locked only
  // for the bay and the appointment's row.
  const bagProducts = (await readBag(tx, buyer.userId)).items.map((item) => item.productId);
  const plan =
    body.appointment && bagProducts.length > 0
      ? await planBooking(tx, { choice: body.appointment, productIds: bagProducts })
      : null;
  // The bay is taken before the stock: the product rows place_checkout locks are then held
  // only for the appointment's insert and the commit, not for the centre's lock and its bays.
  const bay = plan ? await takeBay(tx, plan.centre, plan.slot) : null;
  const answer = await callPlace(tx);
  if (plan && bay && answer.refused === undefined) {
    await bookTaken(tx, plan, bay, {
      userId: buyer.userId,
      checkoutId: fromDriverRow(checkouts, answer.checkout).id,
    });
  }
  return answer;
}

/** The days of the account's fitting bookings that are unpaid and still hold their place. */
async function unpaidFittingDays(tx: Db, userId: string): Promise<string[]> {
  const result = await tx.execute(sql`
    select distinct to_char(fitting_date, 'YYYY-MM-DD') as day from orders
    where user_id = ${userId} and checkout_id is not null and fitting_date is not null
      and not paid and not hold_released and hold_until > now() and status <> 'cancelled'
    order by day`);
  return (result as unknown as { rows: Array<{ day: string }> }).rows.map((row) => row.day);
}

/** `place_checkout`, with what the pricing writes when the checkout is priced in a market. */
async function callPlaceCheckout(
  db: Db,
  buyer: Identity,
  body: CheckoutBody,
  holds: HoldPolicy,
  { first, last }: FittingRange,
  priced: PricedCheckout | null,
): Promise<Answer> {
  const pricing = priced ? JSON.stringify(pricingToWrite(priced)) : null;
  const result = await db.execute(sql`
    select place_checkout(${buyer.userId}, ${buyer.email}, ${body.name.trim()},
      ${body.address.trim()}, ${body.number.trim()}, ${body.fitting ?? null}, ${first}, ${last},
      ${holds.holdSeconds}, ${holds.maxHeldUnits}, ${ORDER_TOTAL_MAX_CENTS},
      ${holds.heldSharePercent}, ${HELD_FLOOR_UNITS}, ${pricing}::jsonb) as answer`);
  return (result as unknown as { rows: [{ answer: Answer }] }).rows[0].answer;
}

/** The days a fitting can be booked: tomorrow to FITTING_DAYS_AHEAD days ahead. */
type FittingRange = { first: string; last: string };

function fittingRange(today: string): FittingRange {
  return { first: dayAfter(today, 1).date, last: dayAfter(today, FITTING_DAYS_AHEAD).date };
}

/** Refused for stock alone (not a retired line, not a rule a person set). */
function shortOfStock(answer: Answer): boolean {
  if (answer.refused === 'stock') return true;
  return (
    answer.refused === 'linesToChange' && answer.lines.every((line) => line.status === 'active')
  );
}

/** The refusal in the shopper's words, of the kind it has always been. */
function refusal(
  answer: Exclude<Answer, { refused: undefined }>,
  holds: HoldPolicy,
  days: FittingRange,
) {
  const words = refusals.checkout;
  switch (answer.refused) {
    case 'unverified':
      return new Forbidden(VERIFY_EMAIL_MESSAGE);
    case 'emptyBag':
      return new Conflict(words.emptyBag);
    case 'linesToChange':
      return new Conflict(
        words.linesToChange(answer.lines.map((line) => `${line.name}: ${bagLineProblem(line)}`)),
      );
    case 'heldUnits':
      return new Conflict(
        refusals.order.heldUnits(holds.maxHeldUnits, answer.held, holds.holdSeconds),
      );
    case 'fittingDayNotOffered':
      return new Conflict(words.fittingDayNotOffered(days.first, days.last));
    case 'unpaidFittings':
      return new Conflict(words.unpaidFittings(MAX_UNPAID_FITTINGS, answer.days));
    case 'fittingDayClosed':
      return new Conflict(words.fittingDayClosed);
    case 'fittingDayFull':
      return new Conflict(words.fittingDayFull);
    case 'retired':
      return new Conflict(words.lineRefused(answer.name, PRODUCT_RETIRED));
    case 'lineTotal':
      return new Invalid(words.lineRefused(answer.name, orderTotalProblem(answer.cents)!));
    case 'stock':
      return new Conflict(words.tooFewLeft(answer.name, answer.orderable));
    case 'share': {
      const held = { ...answer, percent: holds.heldSharePercent };
      return new Conflict(
        words.lineRefused(answer.name, refusals.order.heldShare(held, holds.holdSeconds)),
      );
    }
    case 'checkoutTotal':
      return new Invalid(orderTotalProblem(answer.cents)!);
    case 'bagChanged':
      return new Conflict(marketCopy.refused.bagChanged);
  }
}
