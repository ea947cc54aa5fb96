import { and, eq, exists, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Market } from '../../../contract/markets';
import { formatMoney } from '../../../contract/money';
import type { Db } from '../db/client';
import { orders, products, users } from '../db/schema';
import type { DraftLine } from '../markets/pricedLines';
import { discountsFor, type Discounts } from './discounts';
import { promotions } from './promotionSchema';
import { usesNow } from './promotionUses';

/**
 * Whose bag: a `users` row (an account, or a guest checkout's email), or a guest not known yet
 * (the code check of a guest's bag, before any email is typed).
 */
export type BagCustomer = { userId: string } | { guest: true };

/**
 * The discounts of a bag priced in a market (markets/checkoutPricing.ts calls this before the
 * tax provider): the automatic promotions and those of the codes typed, for this shopper, now.
 */
export async function discountsOfBag(
  db: Db,
  market: Market,
  customer: BagCustomer,
  lines: readonly DraftLine[],
  codes: readonly string[],
  now = new Date(),
): Promise<Discounts> {
  const typed = codes.map((code) => code.trim().toUpperCase());
  const candidates = await db
    .select()
    .from(promotions)
    .where(
      or(
        and(isNull(promotions.code), isNull(promotions.endedAt)),
        typed.length > 0 ? inArray(sql`upper(${promotions.code})`, typed) : undefined,
      ),
    );
  const ids = candidates.map((row) => row.id);
  const productIds = lines.flatMap((line) => (line.productId ? [line.productId] : []));
  const facts =
    productIds.length === 0
      ? []
      : await db
          .select({
            id: products.id,
            name: products.name,
            category: products.category,
            season: products.season,
          })
          .from(products)
          .where(inArray(products.id, [...new Set(productIds)]));
  const shopper = 'userId' in customer ? await shopperOf(db, customer.userId) : null;
  return discountsFor({
    market,
    lines,
    facts: new Map(facts.map((row) => [row.id, row])),
    promotions: candidates,
    codes: typed,
    shopper: {
      // A guest is never signed in, and has no first order to speak of: anyone may type an email.
      signedIn: shopper ? !shopper.guest : false,
      firstOrder: shopper ? !shopper.guest && !shopper.paidBefore : false,
      usesOf: 'userId' in customer ? await usesNow(db, ids, customer.userId) : new Map(),
    },
    usesOf: await usesNow(db, ids),
    now,
    money: (minor) => formatMoney(minor, market.currency, market.locale),
    localTime: (promotion) => `${promotion.startsLocal.replace('T', ' ')} (${promotion.timeZone})`,
  });
}

async function shopperOf(db: Db, userId: string) {
  const [shopper] = await db
    .select({
      guest: users.guest,
      paidBefore: exists(
        db
          .select({ one: sql`1` })
          .from(orders)
          .where(and(eq(orders.userId, userId), eq(orders.paid, true))),
      ).mapWith(Boolean),
    })
    .from(users)
    .where(eq(users.id, userId));
  return shopper ?? null;
}
