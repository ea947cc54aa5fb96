import type { PageQuery } from '../../store/pageLoader';
import { idsKey, marketsApi } from './marketsApi';
import { marketInAddress, SPEC_MARKET } from './marketChoice';

/**
 * A page's call for products (one product, a model: lists carry their shelf prices, see
 * listingMarket), then, in the address's market, their shelf prices (asked as
 * useShelfPrices asks), so the server renders the page's prices with it. `idsOf` reads the
 * products' ids from the first call's answer.
 */
export function withShelfPrices<T>(
  url: URL,
  query: PageQuery,
  idsOf: (answer: T) => readonly string[],
): PageQuery {
  const market = marketInAddress(url.searchParams);
  if (!market || market === SPEC_MARKET) return query;
  return (dispatch, getState, extra) => {
    const first = query(dispatch, getState, extra);
    let done = false;
    let second: { unsubscribe(): void } | undefined;
    const answered = Promise.resolve(first).then(async (result) => {
      const data = (result as { data?: T }).data;
      const ids = data === undefined ? [] : idsOf(data);
      if (ids.length === 0) return;
      second = dispatch(marketsApi.endpoints.getShelfPrices.initiate({ market, ids: idsKey(ids) }));
      // The browser's loader lets go at once: the answer stays cached for the page's hook.
      if (done) second.unsubscribe();
      await second;
    });
    return {
      then: (onAnswer, onFailure) => answered.then(onAnswer, onFailure),
      unsubscribe() {
        done = true;
        first.unsubscribe();
        second?.unsubscribe();
      },
    };
  };
}
