import { formatMoney, formatRate } from '@contract/money';
import { formatPrice } from '../../ui/formatPrice';
import { marketWords } from './marketWords';
import { idsKey, marketsApi } from './marketsApi';
import { SPEC_MARKET } from './marketChoice';
import { useMarket } from './useShelfPrices';

/** Money in the shopper's market for the products a page lists by id (the bag, a car's sets). */
export interface MarketMoney {
  /**
   * A product's shelf price in minor units: the market's (its own, or converted), the spec's US
   * its dollar price; undefined while on its way.
   */
  minorOf: (productId: string, dollars: number) => number | undefined;
  /** Minor units as the market writes money ("81,99 €"; the spec's "$89.50"). */
  format: (minor: number) => string;
  /** "incl. 19 % VAT" where the market's shelves include it (its tyres' rate); else null. */
  vatNote: string | null;
  /** A market of its own prices, not the spec's dollar store. */
  priced: boolean;
}

/**
 * The shelf prices of `productIds` in the shopper's market and its money format. The cards'
 * hook (`useShelfPrices`) does the same for products it has whole; this one needs only ids.
 */
export function useMarketMoney(productIds: readonly string[]): MarketMoney {
  const { market, known } = useMarket();
  const priced = market !== null && market.code !== SPEC_MARKET;
  const { data: prices } = marketsApi.useGetShelfPricesQuery(
    { market: market?.code ?? SPEC_MARKET, ids: idsKey(productIds) },
    { skip: !priced || productIds.length === 0 },
  );
  if (!priced) {
    return {
      minorOf: (_id, dollars) => (known ? Math.round(dollars * 100) : undefined),
      format: (minor) => formatPrice(minor / 100),
      vatNote: null,
      priced,
    };
  }
  const rate = market.taxRates.kinds.tyres;
  return {
    minorOf: (id) => prices?.[id],
    format: (minor) => formatMoney(minor, market.currency, market.locale),
    vatNote:
      market.taxIncluded && rate !== undefined
        ? marketWords.vatIncluded(formatRate(rate, market.locale))
        : null,
    priced,
  };
}
