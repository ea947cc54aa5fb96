import { LANDING_REVIEWS } from '@contract/pageSizes';
import { api } from '../../store/api';
import { pageLoader } from '../../store/pageLoader';
import { inListingMarket } from '../../shared/markets/listingMarket';

/**
 * How many products the landing page shows (two rows of three); the rest are one click away in
 * the shop. Only these are fetched, not the whole catalogue.
 */
export const FEATURED = { limit: 6, offset: 0 };

/** Only the newest few reviews are asked for: the page stays small however many there are. */
export const LATEST_REVIEWS = { limit: LANDING_REVIEWS, offset: 0 };

/** `/` and `/home`: the featured products (in the shopper's market) and the newest reviews. */
export const landingLoader = pageLoader((url) => [
  inListingMarket(url, (market) => api.endpoints.getProductPage.initiate({ ...FEATURED, market })),
  api.endpoints.getReviews.initiate(LATEST_REVIEWS),
]);
