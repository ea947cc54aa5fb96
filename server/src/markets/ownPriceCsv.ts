import type { Market } from '../../../contract/markets';
import {
  hasOwnPrices,
  MARKET_PRICE_COLUMN,
  marketPriceColumn,
  marketPriceText,
  readMarketPrice,
  type MarketPriceColumn,
} from '../../../contract/marketPriceColumns';
import type { Db } from '../db/client';
import { listMarkets } from './marketTable';
import { ownPricesOf, type WantedPrices } from './ownPrices';

/**
 * The catalogue CSV's own-price columns (issue 46): after the catalogue's own columns, one per
 * market with prices of its own (`price_DE`, `price_GB`), in the market's major units as `price`
 * is dollars. Exported filled where a product has its own price and empty where the market's
 * conversion rule prices it; imported the same way: a price sets it, an empty cell takes it
 * away, a column left out of the file changes nothing. The catalogue's CSV code (catalog/) calls
 * only what is here for them.
 */

/** The markets with prices of their own, and their columns in that order. */
export interface OwnPriceColumns {
  markets: readonly Market[];
  columns: readonly MarketPriceColumn[];
}

export async function ownPriceColumns(db: Db): Promise<OwnPriceColumns> {
  const markets = (await listMarkets(db)).filter(hasOwnPrices);
  return { markets, columns: markets.map((market) => marketPriceColumn(market.code)) };
}

/** The export's cells of a batch of products: each product's own prices, in column order. */
export async function ownPriceCells(
  db: Db,
  { markets }: OwnPriceColumns,
  productIds: readonly string[],
): Promise<(productId: string) => string[]> {
  const own = await ownPricesOf(db, productIds);
  return (productId) =>
    markets.map((market) => {
      const minor = own.get(productId)?.get(market.code);
      return minor === undefined ? '' : marketPriceText(minor, market.currency);
    });
}

/**
 * A row's own-price cells (by column) as the prices they ask for, or the first problem in words;
 * undefined when the file has none of these columns.
 */
export function readOwnPriceCells(
  cells: Readonly<Record<string, string | undefined>>,
  { markets }: OwnPriceColumns,
): { prices: WantedPrices } | { problem: string } | undefined {
  const prices: Record<string, number | null> = {};
  let any = false;
  for (const market of markets) {
    const column = marketPriceColumn(market.code);
    const cell = cells[column];
    if (cell === undefined) continue;
    any = true;
    // The export's apostrophe never comes before a number; a cell starting with one is refused.
    const read = readMarketPrice(cell, market.currency, column);
    if ('problem' in read) return read;
    prices[market.code] = read.minor;
  }
  return any ? { prices } : undefined;
}

/** Whether a column is an own-price column (the catalogue's reader leaves them to this module). */
export const isOwnPriceColumn = (column: string) => MARKET_PRICE_COLUMN.test(column);
