import type { Badges } from '@contract/promotions';
import { api } from '../../store/api';

/**
 * The running automatic promotions' badges ("4 for 3") of the products a page shows, in a market.
 * Every card of a page asks with the same ids, so the page makes one call.
 */
export const promotionBadgesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPromotionBadges: build.query<Badges, { market: string; ids: string }>({
      query: ({ market, ids }) =>
        `promotions/badges?market=${encodeURIComponent(market)}&ids=${ids}`,
    }),
  }),
});
