import { api } from '../../../store/api';
import { pageLoader } from '../../../store/pageLoader';
import { idsKey, marketsApi } from '../../../shared/markets/marketsApi';
import { marketInAddress, SPEC_MARKET } from '../../../shared/markets/marketChoice';
import { COMPARE_MAX, IDS_PARAM, readIds } from '../../../shared/models/compareList';

/** The tyres a comparison's address names, at most four, in their order. */
export const comparedIds = (params: URLSearchParams) =>
  readIds(params.get(IDS_PARAM)).slice(0, COMPARE_MAX);

/**
 * `/compare?ids=a,b`: each tyre, and their shelf prices in the address's market, asked as
 * ComparePage asks, so the server renders the comparison a shared link shows.
 */
export const compareLoader = pageLoader((url) => {
  const ids = comparedIds(url.searchParams);
  const market = marketInAddress(url.searchParams);
  return [
    ...ids.map((id) => api.endpoints.getProduct.initiate(id)),
    ...(market && market !== SPEC_MARKET && ids.length > 0
      ? [marketsApi.endpoints.getShelfPrices.initiate({ market, ids: idsKey(ids) })]
      : []),
  ];
});
