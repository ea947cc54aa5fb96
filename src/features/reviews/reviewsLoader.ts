import { REVIEW_PAGE } from '@contract/pageSizes';
import { api, type ReviewPageArgs } from '../../store/api';
import { pageLoader } from '../../store/pageLoader';
import { parsePage } from '../../ui/pageNumber';

/** The reviews on `page` of `/review`, newest first. */
export const reviewPageArgs = (page: number): ReviewPageArgs => ({
  limit: REVIEW_PAGE.size,
  offset: (page - 1) * REVIEW_PAGE.size,
});

/** `/review`: the page of reviews its address asks for, as useReviewsPage asks for it. */
export const reviewsLoader = pageLoader(({ searchParams }) => [
  api.endpoints.getReviews.initiate(reviewPageArgs(parsePage(searchParams.get('page')))),
]);
