import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  Market,
  MarketPrice,
  MarketSettingsBody,
  ProductMarketPrice,
} from '../../../contract/markets';
import { hasOwnPrices } from '../../../contract/marketPriceColumns';
import { marketCopy } from '../../../contract/marketCopy';
import type { Db } from '../db/client';
import { refusals } from '../refusals';
import { products } from '../db/schema';
import { Invalid, NotFound } from '../domainErrors';
import { marketPrices, markets } from './marketSchema';
import { convertedPrice } from './shopPrice';

/**
 * The markets table's owner (migrations 0036, 0037): the markets, their settings, and each
 * product's price per market. Shelf prices and a checkout's market are answered from memory
 * (MarketPriceCache), kept fresh by notifications; these reads are for when they cannot be.
 */

type MarketRow = typeof markets.$inferSelect;

/** A row as the API answers it: its place in the selector is the list's order. */
function toMarket({ position: _position, updatedAt: _updatedAt, ...market }: MarketRow): Market {
  return market;
}

export async function listMarkets(db: Db): Promise<Market[]> {
  const rows = await db.select().from(markets).orderBy(asc(markets.position));
  return rows.map(toMarket);
}

export async function findMarket(db: Db, code: string): Promise<Market> {
  const [row] = await db.select().from(markets).where(eq(markets.code, code));
  if (!row) throw new NotFound(marketCopy.refused.unknownMarket(code));
  return toMarket(row);
}

/** The market that sells to `country` (ISO 3166-1 alpha-2), refused in words when none does. */
export async function marketOfCountry(db: Db, country: string): Promise<Market> {
  const [row] = await db
    .select()
    .from(markets)
    .where(sql`${country} = any(${markets.countries})`);
  if (!row) throw new Invalid(marketCopy.refused.noMarket(country));
  return toMarket(row);
}

/** An admin's rates, fees or conversion for a market (what is left out stays). */
export async function changeMarket(
  db: Db,
  code: string,
  settings: MarketSettingsBody,
): Promise<Market> {
  const [row] = await db
    .update(markets)
    .set({ ...settings, updatedAt: new Date() })
    .where(eq(markets.code, code))
    .returning();
  if (!row) throw new NotFound(marketCopy.refused.unknownMarket(code));
  return toMarket(row);
}

/**
 * A product's price in each market with prices of its own, for the admin's product form: its
 * own (null: none) and what the conversion rule makes of its dollar price.
 */
export async function productMarketPrices(
  db: Db,
  productId: string,
): Promise<ProductMarketPrice[]> {
  const [product] = await db
    .select({ dollarCents: products.priceCents })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw new NotFound(refusals.product.none);
  const own = await db
    .select({ market: marketPrices.market, minor: marketPrices.priceMinor })
    .from(marketPrices)
    .where(eq(marketPrices.productId, productId));
  return (await listMarkets(db)).filter(hasOwnPrices).map((market) => ({
    market: market.code,
    name: market.name,
    currency: market.currency,
    locale: market.locale,
    own: own.find((row) => row.market === market.code)?.minor ?? null,
    converted: priceInMarket(market, product.dollarCents),
  }));
}

/** The shelf prices of products in a market: their own, or converted (unknown ids left out). */
export async function shelfPrices(
  db: Db,
  market: Market,
  productIds: readonly string[],
): Promise<MarketPrice[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .select({ id: products.id, dollarCents: products.priceCents, own: marketPrices.priceMinor })
    .from(products)
    .leftJoin(
      marketPrices,
      and(eq(marketPrices.productId, products.id), eq(marketPrices.market, market.code)),
    )
    .where(inArray(products.id, [...productIds]));
  return rows.map((row) => ({
    productId: row.id,
    minor: row.own ?? priceInMarket(market, row.dollarCents),
    own: row.own !== null,
  }));
}

/** A dollar price in a market without a price of its own (the US market keeps the spec's). */
export function priceInMarket(market: Market, dollarCents: number): number {
  return market.currency === 'USD' ? dollarCents : convertedPrice(dollarCents, market.conversion);
}
