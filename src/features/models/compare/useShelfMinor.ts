import type { Market } from '@contract/markets';
import type { Product } from '@contract/products';
import { formatMoney } from '@contract/money';
import { formatPrice } from '../../../ui/formatPrice';
import { idsKey, marketsApi } from '../../../shared/markets/marketsApi';
import { SPEC_MARKET } from '../../../shared/markets/marketChoice';
import { useMarket } from '../../../shared/markets/useShelfPrices';

/**
 * The shelf prices of `products` in the shopper's market as numbers (minor units), for ranking,
 * asked as useShelfPrices asks (one cache entry); and money as that market writes it.
 */
export function useShelfMinor(products: readonly Product[]): {
  market: Market | null;
  shelfMinor: (product: Product) => number | undefined;
  money: (minor: number) => string;
} {
  const { market, known } = useMarket();
  const priced = market !== null && market.code !== SPEC_MARKET;
  const { data: prices } = marketsApi.useGetShelfPricesQuery(
    { market: market?.code ?? SPEC_MARKET, ids: idsKey(products.map((product) => product._id)) },
    { skip: !priced || products.length === 0 },
  );
  return {
    market,
    shelfMinor: (product) =>
      !known ? undefined : priced ? prices?.[product._id] : Math.round(product.price * 100),
    money: (minor) =>
      market === null || !priced
        ? formatPrice(minor / 100)
        : formatMoney(minor, market.currency, market.locale),
  };
}
