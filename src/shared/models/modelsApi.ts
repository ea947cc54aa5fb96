import type { ModelOfProduct, TyreModel } from '@contract/models';
import { PAGE_LISTS, PAGE_MODELS } from '@contract/renderedPages';
import { api } from '../../store/api';

/** The tag of a model's own data (its gallery), beside its sizes' `Product` tags. */
const MODEL_TAG: typeof PAGE_MODELS = PAGE_MODELS;

/**
 * What a model's answer shows: the model, and each size (a size's price or stock moves the
 * page). A model not found shows the list of products: a product added may make it.
 */
function modelTags(model: TyreModel | undefined, modelId: string | undefined) {
  const own = modelId ? [{ type: MODEL_TAG, id: modelId }] : [];
  if (!model) return [...own, { type: 'Product' as const, id: PAGE_LISTS.all }];
  return [...own, ...model.sizes.map((size) => ({ type: 'Product' as const, id: size._id }))];
}

/** Tyre models (issue 51): a model with its sizes and pictures, and the model of a size. */
export const modelsApi = api.enhanceEndpoints({ addTagTypes: [MODEL_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    getModel: build.query<TyreModel, string>({
      query: (id) => `models/${encodeURIComponent(id)}`,
      providesTags: (model, _error, id) => modelTags(model, id),
    }),
    /**
     * The model a product is a size of, or null when none of it is on sale (a retired size's):
     * not an error, so a product page that links to its model never renders as missing.
     */
    getModelOfProduct: build.query<TyreModel | null, string>({
      async queryFn(productId, _api, _extra, baseQuery) {
        const answer = await baseQuery(`product/${encodeURIComponent(productId)}/model`);
        if (answer.error) {
          return answer.error.status === 404 ? { data: null } : { error: answer.error };
        }
        return { data: answer.data as TyreModel };
      },
      providesTags: (model, _error, productId) => [
        { type: 'Product' as const, id: productId },
        ...(model ? modelTags(model, model._id) : []),
      ],
    }),
    /** The models of a page of cards (`ids`: idsKey of their products), one call a page. */
    getModelsOfProducts: build.query<ModelOfProduct[], string>({
      query: (ids) => `models/of?ids=${ids}`,
      providesTags: (_models, _error, ids) =>
        ids.split(',').map((id) => ({ type: 'Product' as const, id })),
    }),
  }),
});

export const { useGetModelQuery, useGetModelOfProductQuery, useGetModelsOfProductsQuery } =
  modelsApi;
