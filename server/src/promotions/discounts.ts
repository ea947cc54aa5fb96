import type { DraftLine } from '../markets/pricedLines';
import type { PromotionKind } from '../../../contract/promotions';
import { promotionCopy } from '../../../contract/promotionCopy';
import { roundHalfUp, shareByLargestRemainder } from './sharing';
import type { PromotionRow } from './promotionSchema';

/**
 * A checkout's discounts, worked out by the server alone: pure, so the same bag, promotions and
 * shopper always give the same lines. Promotions go in priority order (higher first; automatic
 * before codes on a tie; older first), each on what the ones before left of the lines, so no
 * line goes below zero; an exclusive promotion is given alone. Each discount is one line per
 * line it was given on (below zero, whole minor units, shared by largest remainder), on that
 * line's order and of its kind of tax.
 */

export interface ProductFacts {
  name: string;
  category: string;
  season: string | null;
}

export interface Shopper {
  /** A signed-in account (not a guest). */
  signedIn: boolean;
  /** An account with no paid order yet (never a guest). */
  firstOrder: boolean;
  /** This shopper's uses per promotion: paid, or held by a checkout still unpaid and held. */
  usesOf: ReadonlyMap<string, number>;
}

export interface DiscountLine extends DraftLine {
  kind: 'discount';
  promotionId: string;
  /** The line it was given on. */
  on: string;
}

export interface Applied {
  promotion: PromotionRow;
  code: string | null;
  discountMinor: number;
}

export interface Discounts {
  lines: DiscountLine[];
  applied: Applied[];
  refused: Array<{ code: string; reason: string }>;
}

export interface DiscountQuestion {
  market: { code: string };
  lines: readonly DraftLine[];
  facts: ReadonlyMap<string, ProductFacts>;
  /** Automatic promotions and those of the codes typed, as stored (any state). */
  promotions: readonly PromotionRow[];
  /** The codes typed, as typed. */
  codes: readonly string[];
  shopper: Shopper;
  /** Uses counted against each promotion's total: paid, or held by a checkout still held. */
  usesOf: ReadonlyMap<string, number>;
  now: Date;
  /** Money in the market's words, for the reasons. */
  money: (minor: number) => string;
  /** A moment in the promotion's own time zone, for the reasons. */
  localTime: (promotion: PromotionRow) => string;
}

const refused = promotionCopy.refused;

export function discountsFor(question: DiscountQuestion): Discounts {
  const { promotions, now } = question;
  const byCode = new Map(
    promotions.filter((p) => p.code).map((p) => [p.code!.toUpperCase(), p] as const),
  );
  const result: Discounts = { lines: [], applied: [], refused: [] };
  const wanted: Array<{ promotion: PromotionRow; code: string | null }> = [];
  const typed = [...new Set(question.codes.map((code) => code.trim().toUpperCase()))];
  for (const code of typed) {
    const promotion = byCode.get(code);
    if (!promotion) result.refused.push({ code, reason: refused.unknown(code) });
    else wanted.push({ promotion, code });
  }
  for (const promotion of promotions) {
    if (!promotion.code && running(promotion, now)) wanted.push({ promotion, code: null });
  }
  wanted.sort(
    (a, b) =>
      b.promotion.priority - a.promotion.priority ||
      Number(a.code !== null) - Number(b.code !== null) ||
      a.promotion.createdAt.getTime() - b.promotion.createdAt.getTime(),
  );
  // What is left of each line after the discounts given so far.
  const left = new Map(question.lines.map((line) => [line.reference, line.amountMinor]));
  let alone: Applied | null = null;
  for (const { promotion, code } of wanted) {
    const quiet = code === null;
    const refuse = (reason: string) => {
      if (!quiet) result.refused.push({ code, reason });
    };
    const why = whyNot(question, promotion, code ?? promotion.name);
    if (why) {
      refuse(why);
      continue;
    }
    const first = result.applied[0];
    if (alone || (promotion.exclusive && first)) {
      const other = (alone ?? first)!;
      refuse(refused.doesNotCombine(code ?? promotion.name, other.code ?? other.promotion.name));
      continue;
    }
    const given = give(question, promotion, left, code ?? promotion.name);
    if (typeof given === 'string') {
      refuse(given);
      continue;
    }
    const applied: Applied = { promotion, code, discountMinor: 0 };
    for (const [reference, minor] of given) {
      if (minor <= 0) continue;
      const line = question.lines.find((each) => each.reference === reference)!;
      left.set(reference, left.get(reference)! - minor);
      applied.discountMinor += minor;
      result.lines.push({
        reference: `discount-${promotion.id}-${reference}`,
        productId: line.productId,
        kind: 'discount',
        taxKind: line.taxKind,
        label: code ? `${promotion.name} (${code})` : promotion.name,
        quantity: 1,
        unitMinor: -minor,
        amountMinor: -minor,
        promotionId: promotion.id,
        on: reference,
      });
    }
    if (applied.discountMinor === 0) {
      refuse(refused.notForProducts(code ?? promotion.name));
      continue;
    }
    result.applied.push(applied);
    if (promotion.exclusive) alone = applied;
  }
  return result;
}

/** Between its start (included) and its end (excluded), and not ended by an admin. */
export function running(promotion: PromotionRow, now: Date): boolean {
  if (promotion.endedAt && promotion.endedAt <= now) return false;
  if (now < promotion.startsAt) return false;
  return !promotion.endsAt || now < promotion.endsAt;
}

/** Why the promotion is not the shopper's now, whatever the bag; null when it is. */
function whyNot(q: DiscountQuestion, promotion: PromotionRow, code: string): string | null {
  if (q.now < promotion.startsAt) return refused.notYet(code, q.localTime(promotion));
  if (!running(promotion, q.now)) return refused.expired(code);
  if (promotion.market && promotion.market !== q.market.code) return refused.otherMarket(code);
  if (promotion.audience === 'signedIn' && !q.shopper.signedIn) return refused.signedIn(code);
  if (promotion.audience === 'firstOrder' && !q.shopper.firstOrder) {
    return q.shopper.signedIn ? refused.firstOrder(code) : refused.firstOrderSignIn(code);
  }
  if (promotion.maxUses !== null && (q.usesOf.get(promotion.id) ?? 0) >= promotion.maxUses) {
    return refused.usedUp(code);
  }
  const own = q.shopper.usesOf.get(promotion.id) ?? 0;
  if (promotion.perCustomer !== null && own >= promotion.perCustomer) {
    return refused.usedByYou(code);
  }
  return null;
}

/** The goods lines the promotion is for. */
function targeted(q: DiscountQuestion, promotion: PromotionRow): DraftLine[] {
  return q.lines.filter((line) => {
    if (line.kind !== 'goods' || !line.productId) return false;
    const facts = q.facts.get(line.productId);
    return facts !== undefined && isFor(promotion, line.productId, facts);
  });
}

/** The promotion is for this product (whatever the market, time and shopper). */
export function isFor(promotion: PromotionRow, productId: string, facts: ProductFacts): boolean {
  const values = new Set(promotion.targetValues.map((value) => value.toLowerCase()));
  switch (promotion.target) {
    case 'all':
      return true;
    case 'category':
      return values.has(facts.category);
    case 'season':
      return facts.season !== null && values.has(facts.season);
    case 'brand':
      return values.has(brandOf(facts.name));
    case 'products':
      return values.has(productId.toLowerCase());
  }
}

/** A product's brand: the first word of its name ("Alpine Winter 195/65 R15" is Alpine's). */
export const brandOf = (name: string) => (name.trim().split(/\s+/)[0] ?? '').toLowerCase();

/** What the promotion takes off each line, by reference, or why it gives nothing. */
function give(
  q: DiscountQuestion,
  promotion: PromotionRow,
  left: ReadonlyMap<string, number>,
  code: string,
): Map<string, number> | string {
  const goods = targeted(q, promotion);
  const kind: PromotionKind = promotion.kind;
  if (goods.length === 0 && kind !== 'freeDelivery') return refused.notForProducts(code);
  const gross = goods.reduce((sum, line) => sum + line.amountMinor, 0);
  if (promotion.minimumMinor !== null && gross < promotion.minimumMinor) {
    return refused.minimum(code, q.money(promotion.minimumMinor));
  }
  const remaining = goods.map((line) => left.get(line.reference)!);
  const sum = remaining.reduce((all, minor) => all + minor, 0);
  const shared = (total: number) =>
    new Map(
      shareByLargestRemainder(Math.min(total, sum), remaining).map(
        (minor, at) => [goods[at]!.reference, minor] as const,
      ),
    );
  switch (kind) {
    case 'percentOff': {
      const basisPoints = Math.round(Number(promotion.percent) * 100);
      return shared(roundHalfUp(sum * basisPoints, 10_000));
    }
    case 'amountOff':
      return shared(promotion.amountMinor ?? 0);
    case 'buyNPayM':
    case 'setPrice': {
      const buy = promotion.buy ?? 0;
      const units = unitPrices(goods, remaining);
      if (buy < 1 || units.length < buy) return refused.buyMore(code, buy);
      return shared(
        kind === 'buyNPayM'
          ? freeUnits(units, buy, promotion.pay ?? buy)
          : setSaving(units, buy, promotion.amountMinor ?? 0),
      );
    }
    case 'freeFitting': {
      const tyres = new Set(goods.map((line) => line.productId));
      const fitting = q.lines.filter(
        (line) => line.kind === 'fitting' && tyres.has(line.productId),
      );
      if (fitting.length === 0) return refused.fittingOnly(code);
      return new Map(fitting.map((line) => [line.reference, left.get(line.reference)!] as const));
    }
    case 'freeDelivery': {
      const delivery = q.lines.find((line) => line.kind === 'delivery');
      if (!delivery) return refused.deliveryOnly(code);
      return new Map([[delivery.reference, left.get(delivery.reference)!]]);
    }
  }
}

/** Each unit's price as what is left of its line shares it out, whole units only. */
function unitPrices(goods: readonly DraftLine[], remaining: readonly number[]): number[] {
  return goods.flatMap((line, at) =>
    shareByLargestRemainder(remaining[at]!, Array(line.quantity).fill(1) as number[]),
  );
}

/** N for the price of M: in every N units the N − M cheapest are free. */
function freeUnits(units: number[], buy: number, pay: number): number {
  const sets = Math.floor(units.length / buy);
  const cheapest = [...units].sort((a, b) => a - b);
  return cheapest.slice(0, sets * (buy - pay)).reduce((sum, minor) => sum + minor, 0);
}

/** N for a set price: the dearest units make the sets, each set saving what is above the price. */
function setSaving(units: number[], buy: number, price: number): number {
  const dearest = [...units].sort((a, b) => b - a);
  let saving = 0;
  for (let set = 0; (set + 1) * buy <= dearest.length; set += 1) {
    const cost = dearest.slice(set * buy, (set + 1) * buy).reduce((sum, minor) => sum + minor, 0);
    saving += Math.max(0, cost - price);
  }
  return saving;
}
