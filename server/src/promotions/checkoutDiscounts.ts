import { and, eq, exists, inArray, isNull, or, sql } from 'drizzle-orm';
import { atOnce } from '../db/atOnce';
import type { Market } from '../../../contract/markets';
import { formatMoney } from '../../../contract/money';
import type { Db } from '../db/client';
import { orders, users } from '../db/schema';
import type { DraftLine } from '../markets/pricedLines';
import { discountsFor, type Discounts } from './discounts';
import { promotions, type PromotionRow } from './promotionSchema';
import { productFactsOf } from './promotionTable';
import { usesNow } from './promotionUses';

/**
 * Whose bag: a `users` row (an account, or a guest checkout's email), or a guest not known yet
 * (the code check of a guest's bag, before any email is typed).
 */
export type BagCustomer = { userId: string } | { guest: true };

/**
 * The promotions a bag may get now: the automatic ones still running and those of the codes
 * typed. Read alongside the bag (markets/checkoutPricing.ts), before the discounts are worked out.
 */
export async function candidatePromotions(
  db: Db,
  codes: readonly string[],
): Promise<PromotionRow[]> {
  const typed = typedCodes(codes);
  return db
    .select()
    .from(promotions)
    .where(
      or(
        and(isNull(promotions.code), isNull(promotions.endedAt)),
        typed.length > 0 ? inArray(sql`upper(${promotions.code})`, typed) : undefined,
      ),
    );
}

const typedCodes = (codes: readonly string[]) => codes.map((code) => code.trim().toUpperCase());

/**
 * The discounts of a bag priced in a market (markets/checkoutPricing.ts calls this before the
 * tax provider): of the `candidates` (candidatePromotions), for this shopper, now. Without
 * candidates nothing more is read: a typed code is refused as unknown whoever types it.
 */
export async function discountsOfBag(
  db: Db,
  market: Market,
  customer: BagCustomer,
  lines: readonly DraftLine[],
  { codes, candidates }: { codes: readonly string[]; candidates: readonly PromotionRow[] },
  now = new Date(),
): Promise<Discounts> {
  const ids = candidates.map((row) => row.id);
  const productIds = [
    ...new Set(lines.flatMap((line) => (line.productId ? [line.productId] : []))),
  ];
  const userId = 'userId' in customer && ids.length > 0 ? customer.userId : null;
  // Each read on its own: a checkout waits for the slowest, not for their sum.
  const [facts, shopper, ownUses, allUses] = await atOnce(db, [
    async () => (productIds.length === 0 || ids.length === 0 ? [] : productFactsOf(db, productIds)),
    async () => (userId ? shopperOf(db, userId) : null),
    async () => (userId ? usesNow(db, ids, userId) : new Map<string, number>()),
    () => usesNow(db, ids),
  ] as const);
  return discountsFor({
    market,
    lines,
    facts: new Map(facts.map((row) => [row.id, row])),
    promotions: [...candidates],
    codes: typedCodes(codes),
    shopper: {
      // A guest is never signed in, and has no first order to speak of: anyone may type an email.
      signedIn: shopper ? !shopper.guest : false,
      firstOrder: shopper ? !shopper.guest && !shopper.paidBefore : false,
      usesOf: ownUses,
    },
    usesOf: allUses,
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
