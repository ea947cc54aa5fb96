import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { ModelReviewList } from '@contract/reviews';
import { api, LIST } from '../../store/api';

/** Which page of a model's reviews: `limit` of them from `offset` on, newest first. */
export interface ModelReviewPageArgs {
  modelId: string;
  limit: number;
  offset: number;
}

/** A page of a model's reviews, how many it has and their average (null: none). */
export interface PagedModelReviews extends ModelReviewPageArgs {
  reviews: ModelReviewList;
  total: number;
  average: number | null;
}

/** The reviews of every size of a model (issue 51), kept under the reviews' tag like /review's. */
export const modelReviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getModelReviews: build.query<PagedModelReviews, ModelReviewPageArgs>({
      query: ({ modelId, limit, offset }) =>
        `models/${encodeURIComponent(modelId)}/reviews?limit=${limit}&offset=${offset}`,
      transformResponse: (reviews: ModelReviewList, meta, args) => {
        const headers = (meta as FetchBaseQueryMeta | undefined)?.response?.headers;
        const total = Number(headers?.get('x-total-count') ?? Number.NaN);
        const average = Number(headers?.get('x-average-rating') ?? Number.NaN);
        return {
          ...args,
          reviews,
          total: Number.isSafeInteger(total) ? total : args.offset + reviews.length,
          average: Number.isFinite(average) ? average : null,
        };
      },
      providesTags: (result) => [
        { type: 'Review', id: LIST },
        ...(result?.reviews ?? []).map((review) => ({ type: 'Review' as const, id: review._id })),
      ],
    }),
  }),
});

export const { useGetModelReviewsQuery } = modelReviewsApi;
