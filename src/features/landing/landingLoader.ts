import { LANDING_REVIEWS } from '@contract/limits';
import { api } from '../../store/api';
import { pageLoader } from '../../store/pageLoader';
import { pageProductIds, withShelfPrices } from '../../shared/markets/shelfPricesLoader';

/**
 * How many products the landing page shows (two rows of three); the rest are one click away in
 * the shop. Only these are fetched, not the whole catalogue.
 */
export const FEATURED = { limit: 6, offset: 0 };

/** Only the newest few reviews are asked for: the page stays small however many there are. */
export const LATEST_REVIEWS = { limit: LANDING_REVIEWS, offset: 0 };

/** `/` and `/home`: the featured products and the newest reviews. */
export const landingLoader = pageLoader((url) => [
  withShelfPrices(url, api.endpoints.getProductPage.initiate(FEATURED), pageProductIds),
  api.endpoints.getReviews.initiate(LATEST_REVIEWS),
]);
