import { api } from '../../store/api';
import type { Product } from '@contract/products';
import { pageLoader } from '../../store/pageLoader';
import { withShelfPrices } from '../../shared/markets/shelfPricesLoader';
import { modelsApi } from '../../shared/models/modelsApi';

/** The product's id in `/productdetails/:id`, decoded as useParams decodes it. */
export function productIdOf(url: URL): string {
  const last = url.pathname.split('/').at(-1) ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * `/productdetails/:id`: the product and the store's settings (its delivery estimate), asked as
 * ProductPage asks, so the server renders the page once with both.
 */
export const productLoader = pageLoader((url) => [
  withShelfPrices(url, api.endpoints.getProduct.initiate(productIdOf(url)), (product: Product) => [
    product._id,
  ]),
  api.endpoints.getConfig.initiate(),
  // The link to the product's model (a tyre's other sizes); a part's answer is not shown.
  modelsApi.endpoints.getModelOfProduct.initiate(productIdOf(url)),
]);
