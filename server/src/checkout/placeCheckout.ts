import { sql } from 'drizzle-orm';
import type { Identity } from '../auth/guards';
import { PRODUCT_RETIRED } from '../../../contract/catalogTerms';
import { bagLineProblem } from '../../../contract/bagRules';
import type { CheckoutBody } from '../../../contract/checkout';
import { FITTING_DAYS_AHEAD } from '../../../contract/fitting';
import { ORDER_TOTAL_MAX_CENTS, orderTotalProblem } from '../../../contract/limits';
import { refusals } from '../refusals';
import type { Db } from '../db/client';
import { fromDriverRow } from '../db/rows';
import { checkouts, orders } from '../db/schema';
import { dayAfter } from '../fitting/fittingStore';
import { HttpError } from '../http/errors';
import {
  HELD_FLOOR_UNITS,
  releaseExpiredHolds,
  requireVerifiedEmail,
  VERIFY_EMAIL_MESSAGE,
  type EmailVerifiedCheck,
  type HoldPolicy,
  type OrderRow,
} from '../orders/orderStore';
import type { CheckoutRow } from './checkoutStore';

/**
 * Checkout of the bag: every line becomes an ordinary order, all reserved or none, the fitting
 * day's place taken and the bag emptied, by one call of the database function `place_checkout`
 * (migration 0025), so its row locks last one round trip however busy its products are. The
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
  | { refused: 'linesToChange'; lines: LineToChange[] }
  | { refused: 'heldUnits'; held: number }
  | { refused: 'retired'; name: string }
  | { refused: 'lineTotal'; name: string; cents: number }
  | { refused: 'stock'; name: string; orderable: number }
  | { refused: 'share'; name: string; live: number; cap: number; stock: number }
  | { refused: 'checkoutTotal'; cents: number };

export async function placeCheckout(
  db: Db,
  buyer: Identity,
  body: CheckoutBody,
  rules: CheckoutRules,
): Promise<{ checkout: CheckoutRow; orders: OrderRow[] }> {
  await requireVerifiedEmail(db, buyer, rules.emailVerified);
  const days = fittingRange(rules.today());
  let answer = await callPlaceCheckout(db, buyer, body, rules.holds, days);
  // Only the stock is to blame: holds that ran out may not have been swept yet.
  if (shortOfStock(answer) && (await releaseExpiredHolds(db)).length > 0) {
    answer = await callPlaceCheckout(db, buyer, body, rules.holds, days);
  }
  if (answer.refused === undefined) {
    return {
      checkout: fromDriverRow(checkouts, answer.checkout),
      orders: answer.orders.map((row) => fromDriverRow(orders, row)),
    };
  }
  throw refusal(answer, rules.holds, days);
}

async function callPlaceCheckout(
  db: Db,
  buyer: Identity,
  body: CheckoutBody,
  holds: HoldPolicy,
  { first, last }: FittingRange,
): Promise<Answer> {
  const result = await db.execute(sql`
    select place_checkout(${buyer.userId}, ${buyer.email}, ${body.name.trim()},
      ${body.address.trim()}, ${body.number.trim()}, ${body.fitting ?? null}, ${first}, ${last},
      ${holds.holdSeconds}, ${holds.maxHeldUnits}, ${ORDER_TOTAL_MAX_CENTS},
      ${holds.heldSharePercent}, ${HELD_FLOOR_UNITS}) as answer`);
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

/** The refusal in the shopper's words, with the status code it has always had. */
function refusal(
  answer: Exclude<Answer, { refused: undefined }>,
  holds: HoldPolicy,
  days: FittingRange,
) {
  const words = refusals.checkout;
  switch (answer.refused) {
    case 'unverified':
      return new HttpError(403, VERIFY_EMAIL_MESSAGE);
    case 'emptyBag':
      return new HttpError(409, words.emptyBag);
    case 'linesToChange':
      return new HttpError(
        409,
        words.linesToChange(answer.lines.map((line) => `${line.name}: ${bagLineProblem(line)}`)),
      );
    case 'heldUnits':
      return new HttpError(
        409,
        refusals.order.heldUnits(holds.maxHeldUnits, answer.held, holds.holdSeconds),
      );
    case 'fittingDayNotOffered':
      return new HttpError(409, words.fittingDayNotOffered(days.first, days.last));
    case 'fittingDayClosed':
      return new HttpError(409, words.fittingDayClosed);
    case 'fittingDayFull':
      return new HttpError(409, words.fittingDayFull);
    case 'retired':
      return new HttpError(409, words.lineRefused(answer.name, PRODUCT_RETIRED));
    case 'lineTotal':
      return new HttpError(400, words.lineRefused(answer.name, orderTotalProblem(answer.cents)!));
    case 'stock':
      return new HttpError(409, words.tooFewLeft(answer.name, answer.orderable));
    case 'share': {
      const held = { ...answer, percent: holds.heldSharePercent };
      return new HttpError(
        409,
        words.lineRefused(answer.name, refusals.order.heldShare(held, holds.holdSeconds)),
      );
    }
    case 'checkoutTotal':
      return new HttpError(400, orderTotalProblem(answer.cents)!);
  }
}
