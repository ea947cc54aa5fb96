import { COMPARE_MAX, IDS_PARAM, readIds } from '../../shared/models/compareList';
import { SIZE_PARAM } from '../../shared/models/modelAddress';
import { REVIEWS_PARAM, reviewPageInAddress } from './modelReviewPage';
import { sizeInAddress } from './sizeChoice';

/**
 * The query a model's page (`?size=`, `?reviews=`) or a comparison (`?ids=`) reads, as the
 * page reads it: what the server renders and keeps a page under (src/ssr/renderPage.tsx).
 */
export function modelPageSearch(params: URLSearchParams): string {
  const search = new URLSearchParams();
  const size = sizeInAddress(params);
  if (size) search.set(SIZE_PARAM, size);
  const reviewPage = reviewPageInAddress(params);
  if (reviewPage > 1) search.set(REVIEWS_PARAM, String(reviewPage));
  // One more than a comparison shows: enough for the page to say the rest was left out.
  const ids = readIds(params.get(IDS_PARAM)).slice(0, COMPARE_MAX + 1);
  if (ids.length > 0) search.set(IDS_PARAM, ids.join(','));
  const text = search.toString().replaceAll('%2C', ',');
  return text ? `?${text}` : '';
}
