import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Promotion, PromotionBody } from '../../../contract/promotions';
import { promotionCopy } from '../../../contract/promotionCopy';
import { formatMoney } from '../../../contract/money';
import type { Db } from '../db/client';
import { Conflict, Invalid, NotFound } from '../domainErrors';
import { findMarket } from '../markets/marketTable';
import { promotions, promotionUses, type PromotionRow } from './promotionSchema';
import { countingUse } from './promotionUses';
import { instantOf, timeZoneOf } from './promotionTimes';
import { isFor, running } from './discounts';
import { products } from '../db/schema';

/**
 * The promotions table's owner: an admin creates a promotion and may end it at once; nothing
 * else about it changes once shoppers may have seen it. A set price is kept in `amount_minor`.
 */

const words = promotionCopy.invalid;

/** Checks what the kind needs, and stores it with its window as instants. */
export async function createPromotion(
  tx: Db,
  body: PromotionBody,
  createdBy: string,
  storeTimeZone: string,
): Promise<PromotionRow> {
  const market = body.market ?? null;
  if (market) await findMarket(tx, market);
  const needs = (ok: boolean, message: string, field: string) => {
    if (!ok) throw new Invalid(message, field);
  };
  switch (body.kind) {
    case 'percentOff':
      needs(body.percent !== undefined, words.needsPercent, 'percent');
      break;
    case 'amountOff':
      needs(body.amountMinor !== undefined && market !== null, words.needsAmount, 'amountMinor');
      break;
    case 'buyNPayM':
      needs(
        body.buy !== undefined && body.pay !== undefined && body.pay < body.buy,
        words.needsBuyPay,
        'pay',
      );
      break;
    case 'setPrice':
      needs(
        body.buy !== undefined && body.setPriceMinor !== undefined && market !== null,
        words.needsSetPrice,
        'setPriceMinor',
      );
      break;
    default:
      break;
  }
  needs(body.minimumMinor === undefined || market !== null, words.minimumNeedsMarket, 'market');
  const values = body.targetValues ?? [];
  needs(body.target === 'all' || values.length > 0, words.targetValues, 'targetValues');
  const timeZone = timeZoneOf(market, storeTimeZone);
  const starts = instantOf(body.starts, timeZone);
  const ends = body.ends ? instantOf(body.ends, timeZone) : null;
  needs(!ends || ends > starts, words.window, 'ends');
  const code = body.code ? body.code.toUpperCase() : null;
  if (code) {
    const [taken] = await tx
      .select({ id: promotions.id })
      .from(promotions)
      .where(eq(sql`upper(${promotions.code})`, code));
    if (taken) throw new Conflict(words.codeTaken(code));
  }
  const [row] = await tx
    .insert(promotions)
    .values({
      name: body.name.trim(),
      badge: body.badge?.trim() || null,
      kind: body.kind,
      percent: body.kind === 'percentOff' ? body.percent! : null,
      amountMinor:
        body.kind === 'amountOff'
          ? body.amountMinor!
          : body.kind === 'setPrice'
            ? body.setPriceMinor!
            : null,
      buy: body.kind === 'buyNPayM' || body.kind === 'setPrice' ? body.buy! : null,
      pay: body.kind === 'buyNPayM' ? body.pay! : null,
      target: body.target,
      targetValues: body.target === 'all' ? [] : values.map((value) => value.trim()),
      market,
      minimumMinor: body.minimumMinor ?? null,
      timeZone,
      startsLocal: body.starts,
      endsLocal: body.ends ?? null,
      startsAt: starts,
      endsAt: ends,
      audience: body.audience ?? 'everyone',
      maxUses: body.maxUses ?? null,
      perCustomer: body.perCustomer ?? null,
      priority: body.priority ?? 0,
      exclusive: body.exclusive ?? false,
      code,
      createdBy,
    })
    .returning();
  return row!;
}

/** Ends it now: no checkout gives it from now on (checkouts already held keep theirs). */
export async function endPromotion(tx: Db, id: string): Promise<PromotionRow> {
  const [row] = await tx
    .update(promotions)
    .set({ endedAt: sql`least(coalesce(${promotions.endedAt}, now()), now())` })
    .where(eq(promotions.id, id))
    .returning();
  if (!row) throw new NotFound(promotionCopy.none);
  return row;
}

export async function findPromotion(db: Db, id: string): Promise<PromotionRow> {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, id));
  if (!row) throw new NotFound(promotionCopy.none);
  return row;
}

/** Every promotion, newest first, with its uses and what it gave. */
export async function listPromotions(db: Db, now = new Date()): Promise<Promotion[]> {
  const rows = await db.select().from(promotions).orderBy(desc(promotions.createdAt));
  return viewsOf(db, rows, now);
}

export async function viewsOf(
  db: Db,
  rows: readonly PromotionRow[],
  now = new Date(),
): Promise<Promotion[]> {
  const ids = rows.map((row) => row.id);
  const totals =
    ids.length === 0
      ? []
      : await db
          .select({
            id: promotionUses.promotionId,
            currency: promotionUses.currency,
            uses: sql<number>`count(*)::int`,
            discountMinor: sql<number>`sum(${promotionUses.discountMinor})::bigint`,
            revenueMinor: sql<number>`sum(${promotionUses.revenueMinor})::bigint`,
          })
          .from(promotionUses)
          .where(and(inArray(promotionUses.promotionId, ids), eq(promotionUses.status, 'used')))
          .groupBy(promotionUses.promotionId, promotionUses.currency)
          .orderBy(promotionUses.currency);
  const held =
    ids.length === 0
      ? []
      : await db
          .select({ id: promotionUses.promotionId, held: sql<number>`count(*)::int` })
          .from(promotionUses)
          .where(
            and(
              inArray(promotionUses.promotionId, ids),
              eq(promotionUses.status, 'held'),
              countingUse,
            ),
          )
          .groupBy(promotionUses.promotionId);
  const heldOf = new Map(held.map((row) => [row.id, Number(row.held)]));
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    badge: badgeOf(row),
    kind: row.kind,
    percent: row.percent === null ? null : Number(row.percent),
    amountMinor: row.kind === 'setPrice' ? null : row.amountMinor,
    buy: row.buy,
    pay: row.pay,
    setPriceMinor: row.kind === 'setPrice' ? row.amountMinor : null,
    target: row.target,
    targetValues: row.targetValues,
    market: row.market,
    minimumMinor: row.minimumMinor,
    timeZone: row.timeZone,
    starts: row.startsLocal,
    ends: row.endsLocal,
    audience: row.audience,
    maxUses: row.maxUses,
    perCustomer: row.perCustomer,
    priority: row.priority,
    exclusive: row.exclusive,
    code: row.code,
    endedAt: row.endedAt?.toISOString() ?? null,
    state: now < row.startsAt ? 'scheduled' : running(row, now) ? 'running' : 'ended',
    held: heldOf.get(row.id) ?? 0,
    totals: totals
      .filter((total) => total.id === row.id)
      .map((total) => ({
        currency: total.currency,
        uses: Number(total.uses),
        discountMinor: Number(total.discountMinor),
        revenueMinor: Number(total.revenueMinor),
      })),
    createdAt: row.createdAt.toISOString(),
  }));
}

const CURRENCY_OF: Record<string, { currency: string; locale: string }> = {
  US: { currency: 'USD', locale: 'en-US' },
  DE: { currency: 'EUR', locale: 'de-DE' },
  GB: { currency: 'GBP', locale: 'en-GB' },
};

/** The badge product cards show: the admin's own, else made from the kind. */
export function badgeOf(row: PromotionRow): string {
  if (row.badge) return row.badge;
  const badge = promotionCopy.badge;
  const money = (minor: number) => {
    const where = CURRENCY_OF[row.market ?? ''] ?? CURRENCY_OF.US!;
    return formatMoney(minor, where.currency, where.locale);
  };
  switch (row.kind) {
    case 'percentOff':
      return badge.percentOff(Number(row.percent));
    case 'amountOff':
      return badge.amountOff(money(row.amountMinor ?? 0));
    case 'buyNPayM':
      return badge.buyNPayM(row.buy ?? 0, row.pay ?? 0);
    case 'freeFitting':
      return badge.freeFitting;
    case 'freeDelivery':
      return badge.freeDelivery;
    case 'setPrice':
      return badge.setPrice(row.buy ?? 0, money(row.amountMinor ?? 0));
  }
}

/** Automatic promotions running now (for the badges), in priority order. */
export async function runningAutomatic(db: Db, now = new Date()): Promise<PromotionRow[]> {
  const rows = await db
    .select()
    .from(promotions)
    .where(and(isNull(promotions.code), isNull(promotions.endedAt)))
    .orderBy(desc(promotions.priority), promotions.createdAt);
  return rows.filter((row) => running(row, now));
}

/** Every use of a promotion, oldest first, for its CSV. */
export async function usesOf(db: Db, id: string) {
  return db
    .select({
      checkoutId: promotionUses.checkoutId,
      userId: promotionUses.userId,
      code: promotionUses.code,
      currency: promotionUses.currency,
      discountMinor: promotionUses.discountMinor,
      revenueMinor: promotionUses.revenueMinor,
      status: promotionUses.status,
      counting: sql<boolean>`${countingUse}`,
      createdAt: promotionUses.createdAt,
      usedAt: promotionUses.usedAt,
    })
    .from(promotionUses)
    .where(eq(promotionUses.promotionId, id))
    .orderBy(promotionUses.createdAt);
}

/** What a promotion's target is matched on (`isFor`), for each of these products. */
export function productFactsOf(db: Db, productIds: readonly string[]) {
  return db
    .select({
      id: products.id,
      name: products.name,
      category: products.category,
      season: products.season,
    })
    .from(products)
    .where(inArray(products.id, [...productIds]));
}

/** The badges of the running automatic promotions on each product (of the market, if named). */
export async function badgesOf(
  db: Db,
  productIds: readonly string[],
  market: string | null,
): Promise<Record<string, string[]>> {
  const live = (await runningAutomatic(db)).filter(
    (row) => !market || !row.market || row.market === market,
  );
  const answer: Record<string, string[]> = {};
  if (live.length === 0 || productIds.length === 0) return answer;
  for (const product of await productFactsOf(db, productIds)) {
    const badges = live.filter((row) => isFor(row, product.id, product)).map(badgeOf);
    if (badges.length > 0) answer[product.id] = [...new Set(badges)];
  }
  return answer;
}
