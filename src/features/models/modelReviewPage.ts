import { MODEL_REVIEW_PAGE } from '@contract/pageSizes';
import { parsePage } from '../../ui/pageNumber';
import type { ModelReviewPageArgs } from './modelReviewsApi';

/** The model page's address parameter for the page of its reviews (`?reviews=2`). */
export const REVIEWS_PARAM = 'reviews';

/** The page of reviews the address asks for: 1 unless it names a later one. */
export const reviewPageInAddress = (params: URLSearchParams) =>
  parsePage(params.get(REVIEWS_PARAM));

/** What a page of a model's reviews asks the API: the same on the server and in the browser. */
export const modelReviewArgs = (modelId: string, page: number): ModelReviewPageArgs => ({
  modelId,
  limit: MODEL_REVIEW_PAGE,
  offset: (page - 1) * MODEL_REVIEW_PAGE,
});

/** The address of another page of reviews, the chosen size kept, scrolled to the reviews. */
export function reviewPageHref(pathname: string, params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page === 1) next.delete(REVIEWS_PARAM);
  else next.set(REVIEWS_PARAM, String(page));
  const text = next.toString();
  return `${pathname}${text ? `?${text}` : ''}#model-reviews`;
}
