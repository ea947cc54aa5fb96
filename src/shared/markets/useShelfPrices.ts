import type { Market } from '@contract/markets';
import type { Product } from '@contract/products';
import { formatMoney, formatRate } from '@contract/money';
import { formatPrice } from '../../ui/formatPrice';
import { marketWords } from './marketWords';
import { idsKey, marketsApi } from './marketsApi';
import { SPEC_MARKET, useMarketCode } from './marketChoice';
import { fullyFittedChoice } from './fullyFitted';
import { useFittedPricing } from './useFittedPricing';

/** A product's price as a card or its page shows it; `text` null while it is on its way. */
export interface ShownPrice {
  text: string | null;
  /** What the price holds: VAT, the fitting; null for the spec's bare `$` price. */
  note: string | null;
}

/**
 * The shopper's market; `known` false while the markets are on their way (a market of the spec's
 * US is known at once). A code no market has is the spec's US store.
 */
export function useMarket(): { market: Market | null; known: boolean } {
  const code = useMarketCode();
  const { data } = marketsApi.useGetMarketsQuery();
  const market = data?.find((one) => one.code === code) ?? null;
  return { market, known: data !== undefined || code === SPEC_MARKET };
}

/**
 * The prices of `products` in the shopper's market (folded into a list asked in it, else asked
 * for), in its currency and money format, VAT
 * included where its shelves show it; fully fitted when the shopper asked (remembered in the
 * browser: the server's rendering and hydration show shelf prices). The spec's US market shows the spec's `$` price.
 */
export function useShelfPrices(products: readonly Product[]): (product: Product) => ShownPrice {
  const { market, known } = useMarket();
  const fitted = useFittedPricing(fullyFittedChoice.use() === 'on');
  const priced = market !== null && market.code !== SPEC_MARKET;
  // A list asked in the market carries its prices; only the rest are asked for.
  const folded = (product: Product) =>
    product.shelfPrice?.market === market?.code ? product.shelfPrice?.minor : undefined;
  const unpriced = products.filter((product) => folded(product) === undefined);
  const { data: prices } = marketsApi.useGetShelfPricesQuery(
    { market: market?.code ?? SPEC_MARKET, ids: idsKey(unpriced.map((product) => product._id)) },
    { skip: !priced || unpriced.length === 0 },
  );
  return (product) => {
    const shelf = !known
      ? undefined
      : priced
        ? (folded(product) ?? prices?.[product._id])
        : Math.round(product.price * 100);
    if (shelf === undefined) return { text: null, note: null };
    const fit = fitted !== null && market !== null && product.category === 'tyre';
    const minor = fit ? fitted.minor(shelf, product.rim, market.fees) : shelf;
    const text =
      market === null || !priced
        ? formatPrice(minor / 100)
        : formatMoney(minor, market.currency, market.locale);
    // The fitting's notes, then VAT where shelves include it (the US's tax is in the first).
    const notes = [
      ...(fit ? fitted.notes(market) : []),
      priced && market.taxIncluded
        ? marketWords.vatIncluded(formatRate(rateOf(market, product), market.locale))
        : null,
    ].filter(Boolean);
    return { text, note: notes.length > 0 ? notes.join(', ') : null };
  };
}

/** The VAT rate of a product's shelf price: tyres', else parts'. */
function rateOf(market: Market, product: Product): number {
  return market.taxRates.kinds[product.category === 'tyre' ? 'tyres' : 'parts'] ?? 0;
}
