import type { Market } from '@contract/markets';

/** How the shop's price filter speaks of its range, in the market the list is asked in. */
export interface PriceFilterWords {
  /** The market whose shelf prices the range is in; null for the spec's dollars. */
  market: string | null;
  /** The filter's legend: the spec's "Price ($)"; "Price (€, incl. VAT)" where shelves show it. */
  legend: string;
  /** The range in words: "$50 to $100", "up to 150 €"; null when it has no end. */
  range: (min: number | null, max: number | null) => string | null;
}

/** A bound as the market writes money, without cents when it has none: "$150", "150 €". */
function amountIn(market: Market | null): (major: number) => string {
  if (!market) return (major) => `$${major}`;
  return (major) =>
    new Intl.NumberFormat(market.locale, {
      style: 'currency',
      currency: market.currency,
      minimumFractionDigits: Number.isInteger(major) ? 0 : undefined,
    }).format(major);
}

/** The currency's sign as the market writes it ("€", "£"). */
function signOf(market: Market): string {
  const parts = new Intl.NumberFormat(market.locale, {
    style: 'currency',
    currency: market.currency,
  }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? market.currency;
}

/**
 * The price filter's words in `market` (null: the spec's US store, its dollars as the spec
 * writes them): the range is the shelf price the shopper sees, VAT included where it is.
 */
export function priceFilterWords(market: Market | null): PriceFilterWords {
  const amount = amountIn(market);
  return {
    market: market?.code ?? null,
    legend: market
      ? `Price (${signOf(market)}${market.taxIncluded ? ', incl. VAT' : ''})`
      : 'Price ($)',
    range: (min, max) =>
      min !== null && max !== null
        ? `${amount(min)} to ${amount(max)}`
        : min !== null
          ? `from ${amount(min)}`
          : max !== null
            ? `up to ${amount(max)}`
            : null,
  };
}

/** Said when the shopper's new market cleared a price range set in the old one's money. */
export const priceFilterCleared = (from: string, to: string) =>
  `Your price range was in ${from}, so it was cleared: prices now show in ${to}.`;
