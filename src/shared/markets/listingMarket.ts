import type { Market } from '@contract/markets';
import type { PageQuery } from '../../store/pageLoader';
import { marketsApi } from './marketsApi';
import { marketInAddress, SPEC_MARKET, useMarketCode } from './marketChoice';

/**
 * The market a list of products is asked in (`market=DE`: each product then carries its shelf
 * price there, and the price filter is in its money): one of the store's markets other than the
 * spec's US; undefined for the US, or a code no market has. While the markets are on their way,
 * the code as it is.
 */
export function listingMarketOf(
  code: string | null,
  markets: readonly Market[] | undefined,
): string | undefined {
  if (!code || code === SPEC_MARKET) return undefined;
  if (markets === undefined) return code;
  return markets.some((market) => market.code === code) ? code : undefined;
}

/** The shopper's market as lists are asked in it (see listingMarketOf). */
export function useListingMarket(): string | undefined {
  const code = useMarketCode();
  const { data } = marketsApi.useGetMarketsQuery();
  return listingMarketOf(code, data);
}

/**
 * A loader's list call in the address's market, asked as useListingMarket asks it: the markets
 * first (every page's header needs them anyway), then the list (`queryOf` the market).
 */
export function inListingMarket(
  url: URL,
  queryOf: (market: string | undefined) => PageQuery,
): PageQuery {
  const code = marketInAddress(url.searchParams);
  if (!code || code === SPEC_MARKET) return queryOf(undefined);
  return (dispatch) => {
    const markets = dispatch(marketsApi.endpoints.getMarkets.initiate());
    let done = false;
    let list: { unsubscribe(): void } | undefined;
    const answered = Promise.resolve(markets).then(async (result) => {
      list = dispatch(queryOf(listingMarketOf(code, result.data)));
      // The browser's loader lets go at once: the answers stay cached for the page's hooks.
      if (done) list.unsubscribe();
      await list;
    });
    return {
      then: (onAnswer, onFailure) => answered.then(onAnswer, onFailure),
      unsubscribe() {
        done = true;
        markets.unsubscribe();
        list?.unsubscribe();
      },
    };
  };
}
