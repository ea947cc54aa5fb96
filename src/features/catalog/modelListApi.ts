import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import type { ModelCardList } from '@contract/models';
import { PAGE_DATA, PAGE_LISTS } from '@contract/renderedPages';
import { api, type PagedProductsArgs } from '../../store/api';
import { productQueryString } from '../../store/productQuery';

/** One page of the shop listed by model (issue 51), and how many models match. */
export interface PagedModels extends PagedProductsArgs {
  models: ModelCardList;
  total: number;
}

/** The shop's list by model: `GET /product?by=model`, in the shop's chunk only. */
export const modelListApi = api.injectEndpoints({
  endpoints: (build) => ({
    getModelPage: build.query<PagedModels, PagedProductsArgs>({
      query: (args) => `product?${productQueryString({ ...args, by: 'model' })}`,
      transformResponse: (models: ModelCardList, meta, args) => {
        const header = (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get(
          'x-total-count',
        );
        const total = Number(header);
        return {
          ...args,
          models,
          total: Number.isSafeInteger(total) && total >= 0 ? total : args.offset + models.length,
        };
      },
      // A change of any product may change which models match (as for the list of sizes).
      providesTags: (result, _error, args) => [
        { type: PAGE_DATA.products, id: PAGE_LISTS.all },
        ...(args.inStock ? [{ type: PAGE_DATA.products, id: PAGE_LISTS.inStock }] : []),
        ...(result?.models ?? []).flatMap((model) =>
          model.sizes.map((size) => ({ type: PAGE_DATA.products, id: size._id })),
        ),
      ],
    }),
  }),
});

export const { useGetModelPageQuery } = modelListApi;
