import { minorDigits } from './money';

/**
 * A product's own prices per market (issue 46), as the catalogue CSV and the admin's product form
 * name and write them: one column (or field) per market, `price_DE`, in the market's currency's
 * major units with its decimals, as the CSV's `price` is dollars ("84.99"); empty, no price of
 * its own, so the market's conversion rule prices it. Plain values: the SPA's form reads them
 * without TypeBox.
 */

/** The column of a market's own prices. */
export type MarketPriceColumn = `price_${string}`;
export const marketPriceColumn = (code: string): MarketPriceColumn => `price_${code}`;

/** A column naming a market's own prices, and the market's code in it. */
export const MARKET_PRICE_COLUMN = /^price_([A-Z]{2})$/;

/**
 * The markets whose products may have prices of their own: all but the spec's dollar market,
 * whose shelf price is the product's own `price`.
 */
export const hasOwnPrices = (market: { currency: string }) => market.currency !== 'USD';

/** The most a market's own price may be, in minor units (the API's `minor` bound). */
export const MARKET_PRICE_MAX_MINOR = 10_000_000;

/** Minor units as the cell writes them: "84.99" (no grouping, a point). */
export function marketPriceText(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

/**
 * A cell or field as minor units: null when empty (the conversion rule), else the number
 * rounded to the currency's minor units as the `price` column is to cents; a problem in words
 * when it is not a price.
 */
export function readMarketPrice(
  text: string,
  currency: string,
  name: string,
): { minor: number | null } | { problem: string } {
  const typed = text.trim();
  if (typed === '') return { minor: null };
  const max = marketPriceText(MARKET_PRICE_MAX_MINOR, currency);
  if (!/^\d+(?:\.\d+)?$/.test(typed)) {
    return {
      problem: `${name} must be a price in ${currency} such as 84.99 (a point, no currency sign), or empty for the market's conversion rule.`,
    };
  }
  const minor = Math.round(Number(typed) * 10 ** minorDigits(currency));
  if (minor > MARKET_PRICE_MAX_MINOR) return { problem: `${name} must be at most ${max}.` };
  return { minor };
}
