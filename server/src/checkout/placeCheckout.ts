import type { Identity } from '../auth/guards';
import { emptyBag, lockBag, readBag } from '../bag/bagStore';
import type { BagItem } from '../contract/bag';
import type { CheckoutBody } from '../contract/checkout';
import { orderTotalProblem } from '../contract/limits';
import { refusals } from '../contract/refusals';
import type { Db } from '../db/client';
import { claimFittingPlace } from '../fitting/fittingStore';
import { HttpError } from '../http/errors';
import {
  explainRefusal,
  orderTotalCents,
  placeCheckoutLines,
  byProductId,
  releaseExpiredHolds,
  requireVerifiedEmail,
  unitsHeldBy,
  type EmailVerifiedCheck,
  type HoldPolicy,
} from '../orders/orderStore';
import { insertCheckout, setCheckoutTotal } from './checkoutStore';

/**
 * Checkout of the bag: every line becomes an ordinary order, all reserved in one transaction
 * (all or nothing), the fitting day's place taken in the same one, and the bag emptied. The
 * tables stay with their owners (bag, orders, checkouts, fitting); this module only orders the
 * steps and says why a checkout was refused.
 */

export interface CheckoutRules {
  holds: HoldPolicy;
  emailVerified: EmailVerifiedCheck;
  /** Today in the shop's time zone, `YYYY-MM-DD` (fitting days start tomorrow). */
  today: () => string;
}

/** A line the stock rules refused inside the transaction; explained after it rolled back. */
class LineRefused extends Error {
  constructor(readonly line: BagItem) {
    super(`line ${line.productId} refused`);
  }
}

export async function placeCheckout(
  db: Db,
  buyer: Identity,
  body: CheckoutBody,
  rules: CheckoutRules,
) {
  await requireVerifiedEmail(db, buyer, rules.emailVerified);
  try {
    return await reserveAll(db, buyer, body, rules);
  } catch (err) {
    if (!(err instanceof LineRefused)) throw err;
    await explainLine(db, buyer, err.line, rules.holds);
  }
  // Only the stock is to blame: holds that ran out may not have been swept yet.
  if ((await releaseExpiredHolds(db)).length > 0) {
    try {
      return await reserveAll(db, buyer, body, rules);
    } catch (err) {
      if (!(err instanceof LineRefused)) throw err;
      await explainLine(db, buyer, err.line, rules.holds);
    }
  }
  throw new HttpError(409, await stockRefusal(db, buyer.userId));
}

async function reserveAll(db: Db, buyer: Identity, body: CheckoutBody, rules: CheckoutRules) {
  return db.transaction(async (tx) => {
    await lockBag(tx, buyer.userId);
    const bag = await readBag(tx, buyer.userId);
    if (bag.items.length === 0) throw new HttpError(409, refusals.checkout.emptyBag);
    const blocked = bag.items.filter(cannotBeCheckedOut);
    if (blocked.length > 0) {
      const lines = blocked.map((line) => `${line.name}: ${line.problem}`);
      throw new HttpError(409, refusals.checkout.linesToChange(lines));
    }
    const units = bag.items.reduce((sum, line) => sum + line.quantity, 0);
    const held = await unitsHeldBy(tx, buyer.userId);
    if (held + units > rules.holds.maxHeldUnits) {
      throw new HttpError(
        409,
        refusals.order.heldUnits(rules.holds.maxHeldUnits, held, rules.holds.holdSeconds),
      );
    }
    const fitting = body.fitting ?? null;
    if (fitting) await claimFittingPlace(tx, fitting, rules.today());
    const checkout = await insertCheckout(tx, buyer.userId, fitting);
    const contact = {
      checkoutId: checkout.id,
      name: body.name.trim(),
      address: body.address.trim(),
      number: body.number.trim(),
      fitting,
    };
    // Products in one order for every checkout, so two checkouts never wait on each other.
    const lines = [...bag.items].sort((a, b) => byProductId(a.productId, b.productId));
    const { placed, refused } = await placeCheckoutLines(tx, buyer, contact, lines, rules.holds);
    if (refused) throw new LineRefused(refused);
    const totalCents = placed.reduce((sum, order) => sum + orderTotalCents(order), 0);
    const tooMuch = orderTotalProblem(totalCents);
    if (tooMuch) throw new HttpError(400, tooMuch);
    await setCheckoutTotal(tx, checkout.id, totalCents);
    await emptyBag(tx, buyer.userId);
    return { checkout: { ...checkout, totalCents }, orders: placed };
  });
}

/** Retired, sold out or short of stock: the shopper must change the line before checking out. */
function cannotBeCheckedOut(line: BagItem): boolean {
  return line.status === 'retired' || line.quantity > line.availablequantity;
}

/**
 * Throws the refusal of a line a person can act on (retired, over a hold limit), naming the
 * product; returns when only its stock is to blame.
 */
async function explainLine(db: Db, buyer: Identity, line: BagItem, holds: HoldPolicy) {
  try {
    await explainRefusal(db, buyer, line, holds);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    throw new HttpError(err.statusCode, refusals.checkout.lineRefused(line.name, err.message));
  }
}

/** The first line the stock cannot cover now, with how many are left. */
async function stockRefusal(db: Db, userId: string): Promise<string> {
  const bag = await readBag(db, userId);
  const short = bag.items.find((line) => line.quantity > line.availablequantity) ?? bag.items[0];
  if (!short) return refusals.checkout.emptyBag;
  return refusals.checkout.tooFewLeft(short.name, short.availablequantity);
}
