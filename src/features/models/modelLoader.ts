import type { TyreModel } from '@contract/models';
import { pageLoader } from '../../store/pageLoader';
import { withShelfPrices } from '../../shared/markets/shelfPricesLoader';
import { modelsApi } from '../../shared/models/modelsApi';
import { modelReviewArgs, reviewPageInAddress } from './modelReviewPage';
import { modelReviewsApi } from './modelReviewsApi';

/** The model's id in `/model/:id`, decoded as useParams decodes it. */
export function modelIdOf(url: URL): string {
  const last = url.pathname.split('/').at(-1) ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * `/model/:id`: the model with its sizes, their prices in the address's market, and the page of
 * its reviews the address names, asked as ModelPage asks, so the server renders the page once
 * with all three.
 */
export const modelLoader = pageLoader((url) => [
  withShelfPrices(url, modelsApi.endpoints.getModel.initiate(modelIdOf(url)), (model: TyreModel) =>
    model.sizes.map((size) => size._id),
  ),
  modelReviewsApi.endpoints.getModelReviews.initiate(
    modelReviewArgs(modelIdOf(url), reviewPageInAddress(url.searchParams)),
  ),
]);
