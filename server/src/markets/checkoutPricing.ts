import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { atOnce } from '../db/atOnce';
import type { CheckoutBody } from '../../../contract/checkout';
import type { Market } from '../../../contract/markets';
import { marketCopy } from '../../../contract/marketCopy';
import { promotionCopy } from '../../../contract/promotionCopy';
import type { Db } from '../db/client';
import { bagItems, products } from '../db/schema';
import { Conflict, Invalid, ProviderFailed } from '../domainErrors';
import { NoTaxRate, TaxUnavailable, type TaxProvider } from '../tax/taxProvider';
import { marketPrices, markets } from './marketSchema';
import { marketOfCountry, priceInMarket } from './marketTable';
import { placeOfSupply } from './placeOfSupply';
import { pricedLines, type BagLine, type DraftLine } from './pricedLines';
import { candidatePromotions, discountsOfBag } from '../promotions/checkoutDiscounts';
import { withDiscounts, type Discounted } from '../promotions/discountedLines';

/**
 * A checkout priced in the market of its delivery (or fitting) address (issue 46): the bag's
 * lines at the market's prices, its services and fees, and the tax the provider works out, all
 * before anything is reserved; then, in the statement that places its orders, each order takes
 * its price in the market's currency and its share of the charges, so what the card is charged
 * (the orders' totals) is the priced total. A checkout that names no country is the spec's.
 */

export interface TaxedLine extends DraftLine {
  taxRate: number;
  taxMinor: number;
}

export interface PricedCheckout {
  market: Market;
  country: string;
  region: string | null;
  taxProvider: TaxProvider['name'];
  lines: TaxedLine[];
  taxMinor: number;
  totalMinor: number;
  /** The promotions given (issue 49): their uses are held with the checkout. */
  promotions: Discounted['applied'];
}

/** Where a checkout finds the market of its country: the markets' cache, or the table. */
export interface MarketsByCountry {
  marketOfCountry(country: string): Promise<Market>;
}

/** The bag's lines in the market, before tax, with the promotions' discount lines. */
export async function draftCheckout(
  db: Db,
  userId: string,
  where: {
    country: string;
    markets?: MarketsByCountry;
    region?: string | null;
    fitted: boolean;
    codes: readonly string[];
    /** A preview (the bag's saving): a state not chosen yet prices without the state's fees. */
    regionLater?: boolean;
  },
) {
  const { market, bag, candidates } = await readForPricing(db, where, { userId });
  const region = where.regionLater && !where.region ? null : regionOf(market, where.region ?? null);
  const drafts = pricedLines(market, bag, { region, fitted: where.fitted });
  const discounts = await discountsOfBag(db, market, { userId }, drafts, {
    codes: where.codes,
    candidates,
  });
  return { market, region, discounted: withDiscounts(drafts, discounts) };
}

/**
 * A guest's bag (the lines the browser keeps) in the market, before tax: what the codes typed
 * take off it, as `draftCheckout` for a preview (promotions' guest code check). Nothing is
 * written; the guest checkout prices its own bag rows again.
 */
export async function draftGuestBag(
  db: Db,
  items: readonly GuestItem[],
  where: { country: string; region?: string | null; fitted: boolean; codes: readonly string[] },
) {
  const { market, bag, candidates } = await readForPricing(db, where, { items });
  const region = where.region ? regionOf(market, where.region) : null;
  const drafts = pricedLines(market, bag, { region, fitted: where.fitted });
  const discounts = await discountsOfBag(db, market, { guest: true }, drafts, {
    codes: where.codes,
    candidates,
  });
  return { market, region, discounted: withDiscounts(drafts, discounts) };
}

/** The bag priced and taxed in the market of its place of supply; null for the spec's checkout. */
export async function priceCheckout(
  db: Db,
  taxProvider: TaxProvider,
  userId: string,
  body: CheckoutBody,
  markets?: MarketsByCountry,
): Promise<PricedCheckout | null> {
  const place = await placeOfSupply(db, body);
  if (!place) {
    if (body.codes?.length) throw new Invalid(promotionCopy.refused.notInMarket, 'codes');
    return null;
  }
  const { market, region, discounted } = await draftCheckout(db, userId, {
    country: place.country,
    markets,
    region: place.region,
    fitted: Boolean(body.fitting || body.appointment),
    codes: body.codes ?? [],
  });
  // A code typed that gives nothing stops the checkout: the card is charged what was shown.
  const [notApplied] = discounted.refused;
  if (notApplied) throw new Conflict(notApplied.reason);
  let taxed;
  try {
    taxed = await taxProvider.calculate({
      market,
      country: place.country,
      region,
      postalCode: place.postalCode,
      // Each line taxed on what is left of it after its discounts.
      lines: discounted.taxable.map(({ reference, taxKind, amountMinor }) => ({
        reference,
        kind: taxKind,
        amountMinor,
      })),
    });
  } catch (err) {
    if (err instanceof NoTaxRate)
      throw new Conflict(marketCopy.refused.noRate(err.kind, err.where));
    if (err instanceof TaxUnavailable) throw new ProviderFailed(marketCopy.refused.taxUnavailable);
    throw err;
  }
  const byReference = new Map(taxed.map((line) => [line.reference, line]));
  const lines = discounted.lines.map((draft) => {
    const tax = byReference.get(draft.discountOn ?? draft.reference);
    if (!tax) throw new ProviderFailed(marketCopy.refused.taxUnavailable);
    // A discount line carries its line's rate; the tax is on the line, after the discount.
    return { ...draft, taxRate: tax.rate, taxMinor: draft.discountOn ? 0 : tax.taxMinor };
  });
  const subtotal = sum(lines.map((line) => line.amountMinor));
  const taxMinor = sum(lines.map((line) => line.taxMinor));
  return {
    market,
    country: place.country,
    region,
    taxProvider: taxProvider.name,
    lines,
    taxMinor,
    totalMinor: market.taxIncluded ? subtotal : subtotal + taxMinor,
    promotions: discounted.applied,
  };
}

/** The region tax depends on, checked against the market's tables. */
function regionOf(market: Market, region: string | null): string | null {
  if (!market.regionRequired) return null;
  if (!region) throw new Invalid(marketCopy.refused.regionNeeded(market.name), 'region');
  if (!market.taxRates.regions[region]) {
    throw new Invalid(marketCopy.refused.unknownRegion(region, market.name), 'region');
  }
  return region;
}

interface GuestItem {
  productId: string;
  quantity: number;
}

/**
 * What pricing a bag reads, at once: the market of the country, the bag at that market's shelf
 * prices, and the promotions it may get. A checkout waits for one round trip, not three.
 */
async function readForPricing(
  db: Db,
  where: { country: string; codes: readonly string[]; markets?: MarketsByCountry },
  bag: { userId: string } | { items: readonly GuestItem[] },
) {
  const [market, rows, candidates] = await atOnce(db, [
    () => where.markets?.marketOfCountry(where.country) ?? marketOfCountry(db, where.country),
    () => bagRows(db, where.country, bag),
    () => candidatePromotions(db, where.codes),
  ] as const);
  const lines: BagLine[] = rows.map(({ dollarCents, own, ...line }) => ({
    ...line,
    unitMinor: own ?? priceInMarket(market, dollarCents),
  }));
  return { market, bag: lines, candidates };
}

/**
 * A bag with each product's own price in the market of `country` (null: none), by product name
 * as checkouts list orders: the shopper's bag rows, or a guest's lines (products not in the
 * store are left out).
 */
async function bagRows(
  db: Db,
  country: string,
  bag: { userId: string } | { items: readonly GuestItem[] },
): Promise<Array<Omit<BagLine, 'unitMinor'> & { dollarCents: number; own: number | null }>> {
  const columns = {
    productId: products.id,
    name: products.name,
    category: products.category,
    rim: products.rim,
    dollarCents: products.priceCents,
    own: marketPrices.priceMinor,
  };
  const inMarket = and(
    eq(marketPrices.productId, products.id),
    eq(
      marketPrices.market,
      sql`(select ${markets.code} from ${markets}
      where ${country} = any(${markets.countries}))`,
    ),
  );
  if ('items' in bag) {
    const quantityOf = new Map(bag.items.map((item) => [item.productId, item.quantity]));
    if (quantityOf.size === 0) return [];
    const found = await db
      .select(columns)
      .from(products)
      .leftJoin(marketPrices, inMarket)
      .where(inArray(products.id, [...quantityOf.keys()]))
      .orderBy(asc(products.name), asc(products.id));
    return found.map((row) => ({ ...row, quantity: quantityOf.get(row.productId)! }));
  }
  return db
    .select({ ...columns, quantity: bagItems.quantity })
    .from(bagItems)
    .innerJoin(products, eq(products.id, bagItems.productId))
    .leftJoin(marketPrices, inMarket)
    .where(eq(bagItems.userId, bag.userId))
    .orderBy(asc(products.name), asc(products.id));
}

/**
 * What the database function `place_checkout` writes with the checkout's orders, in the same
 * statement (db/functions/place_checkout.sql): each order its market price and its charges (the
 * services, fees and added tax of its lines; the checkout's own, such as delivery, on its first
 * order), the checkout its market, tax and total, and the lines. It refuses (`bagChanged`) when
 * the bag is no longer the one priced here.
 */
export function pricingToWrite(priced: PricedCheckout) {
  const { market } = priced;
  const chargeOf = (line: TaxedLine) =>
    (line.kind === 'goods' ? 0 : line.amountMinor) + (market.taxIncluded ? 0 : line.taxMinor);
  const chargesOf = (productId: string | null) =>
    sum(priced.lines.filter((line) => line.productId === productId).map(chargeOf));
  return {
    goods: priced.lines
      .filter((line) => line.kind === 'goods')
      .map((line) => ({
        productId: line.productId,
        quantity: line.quantity,
        unitMinor: line.unitMinor,
        chargesMinor: chargesOf(line.productId),
      })),
    checkoutChargesMinor: chargesOf(null),
    lines: priced.lines.map((line, position) => ({
      position,
      productId: line.productId,
      kind: line.kind,
      taxKind: line.taxKind,
      label: line.label,
      quantity: line.quantity,
      unitMinor: line.unitMinor,
      amountMinor: line.amountMinor,
      // As the table keeps it (numeric(6,3)): a provider's sum of rates may carry float dust.
      taxRate: Math.round(line.taxRate * 1000) / 1000,
      taxMinor: line.taxMinor,
    })),
    checkout: {
      market: market.code,
      currency: market.currency,
      country: priced.country,
      region: priced.region,
      taxIncluded: market.taxIncluded,
      taxMinor: priced.taxMinor,
      taxProvider: priced.taxProvider,
      totalCents: priced.totalMinor,
    },
  };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
