import type { Market, TaxKind } from '../../../contract/markets';
import { taxAddedTo, taxIncludedIn } from './rounding';
import { NoTaxRate, type TaxProvider, type TaxQuestion } from './taxProvider';

/**
 * The store's own rate tables (the markets' `tax_rates`): a region's rate for a kind of line,
 * else the market's. A kind with no rate is refused, never taken as 0.
 */
export function rateOf(market: Market, region: string | null, kind: TaxKind): number {
  const own = region ? market.taxRates.regions[region]?.[kind] : undefined;
  const rate = own ?? market.taxRates.kinds[kind];
  if (rate === undefined)
    throw new NoTaxRate(kind, region ? `${region}, ${market.name}` : market.name);
  return rate;
}

export const storeRates: TaxProvider = {
  name: 'store',
  async calculate({ market, region, lines }: TaxQuestion) {
    const rated = lines.map((line) => ({ ...line, rate: rateOf(market, region, line.kind) }));
    const taxes = market.taxIncluded
      ? rated.map((line) => taxIncludedIn(line.amountMinor, line.rate))
      : taxAddedTo(rated);
    return rated.map((line, index) => ({
      reference: line.reference,
      rate: line.rate,
      taxMinor: taxes[index]!,
    }));
  },
};
