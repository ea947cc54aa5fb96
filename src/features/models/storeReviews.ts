import { LANDING_REVIEWS } from '@contract/limits';

/** The store's newest reviews on a model's page, asked as the landing page asks (one cache entry). */
export const STORE_REVIEWS = { limit: LANDING_REVIEWS, offset: 0 };
