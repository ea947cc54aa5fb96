import type { ProductMarketPrice } from '@contract/markets';
import { marketPriceText, readMarketPrice } from '@contract/marketPriceColumns';

/** What the admin typed per market code: a price in its major units, or empty. */
export type MarketPriceDrafts = Record<string, string>;

/** The fields as the product's own prices are now (empty where the conversion rule prices). */
export function draftsOf(prices: readonly ProductMarketPrice[]): MarketPriceDrafts {
  return Object.fromEntries(
    prices.map((price) => [
      price.market,
      price.own === null ? '' : marketPriceText(price.own, price.currency),
    ]),
  );
}

/**
 * The PUT body of the markets whose field changed (minor units; null: the conversion rule), or
 * the problems by market code, in the same words as the CSV's.
 */
export function changedPrices(
  prices: readonly ProductMarketPrice[],
  drafts: MarketPriceDrafts,
): { prices: Record<string, number | null> } | { problems: Record<string, string> } {
  const changed: Record<string, number | null> = {};
  const problems: Record<string, string> = {};
  for (const price of prices) {
    const read = readMarketPrice(drafts[price.market] ?? '', price.currency, labelOf(price));
    if ('problem' in read) problems[price.market] = read.problem;
    else if (read.minor !== price.own) changed[price.market] = read.minor;
  }
  return Object.keys(problems).length > 0 ? { problems } : { prices: changed };
}

/** A market's field, as its label and its problems name it. */
export const labelOf = (price: Pick<ProductMarketPrice, 'name' | 'currency'>) =>
  `Price in ${price.name} (${price.currency})`;
