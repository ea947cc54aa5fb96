/** How many of a list each page shows, for the API and the SPA alike. */

/**
 * Reviews a page of `GET /api/review` holds: `size` unless `limit` says otherwise (the `/review`
 * page shows that many, four rows of three), never more than `max`.
 */
export const REVIEW_PAGE = { size: 12, max: 50 } as const;

/** Reviews of a model a page of its `/model/:id` shows (`GET /models/:id/reviews`, at most REVIEW_PAGE.max). */
export const MODEL_REVIEW_PAGE = 6;

/** Reviews the landing page shows: the newest. */
export const LANDING_REVIEWS = 3;
