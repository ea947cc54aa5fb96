import type { Market, MarketPrices } from '@contract/markets';
import { api } from '../../store/api';

/** A product's shelf price in a market, in its minor units, by product id. */
export type ShelfPrices = Readonly<Record<string, number>>;

/** The ids of a prices call, sorted: one cache entry however the list is ordered. */
export function idsKey(ids: readonly string[]): string {
  return [...new Set(ids)].sort().join(',');
}

/**
 * The markets (the selector, the money format, the fees of a fully fitted price) and the shelf
 * prices of the products a page shows in one of them. The spec's US market needs no prices
 * call: its shelf price is the product's dollar price.
 */
export const marketsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMarkets: build.query<Market[], void>({ query: () => 'markets' }),
    getShelfPrices: build.query<ShelfPrices, { market: string; ids: string }>({
      query: ({ market, ids }) => `markets/${encodeURIComponent(market)}/prices?ids=${ids}`,
      transformResponse: (answer: MarketPrices) =>
        Object.fromEntries(answer.prices.map((price) => [price.productId, price.minor])),
      // A product's change (its dollar price) may change its converted price.
      providesTags: (_result, _error, { ids }) =>
        ids.split(',').map((id) => ({ type: 'Product' as const, id })),
    }),
  }),
});
