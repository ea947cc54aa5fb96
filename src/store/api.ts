import { createApi, fetchBaseQuery, retry } from '@reduxjs/toolkit/query/react';
import type { Product, ProductList } from '../../server/src/contract/products';
import type { ReviewList } from '../../server/src/contract/reviews';
import { readAccessToken } from './accessToken';
import { retryDelayMs, shouldRetry } from './retryPolicy';

const rawBaseQuery = fetchBaseQuery({
  // Absolute, because Node's fetch (under Jest) does not resolve paths against the page.
  baseUrl: `${globalThis.location?.origin ?? ''}/api`,
  prepareHeaders(headers) {
    const token = readAccessToken();
    if (token) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

const baseQuery = retry(rawBaseQuery, {
  retryCondition: (error, _args, { attempt, baseQueryApi }) =>
    shouldRetry(error as Parameters<typeof shouldRetry>[0], attempt, baseQueryApi.type),
  backoff: (attempt) => new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt))),
});

export const LIST = 'LIST' as const;

/**
 * The one RTK Query slice of the store: every call of the API lives here, typed by the
 * server's TypeBox contract, with cache tags that writes invalidate.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Order', 'User', 'Product', 'Review', 'Profile'],
  // The spec's data cache time: 5 minutes.
  keepUnusedDataFor: 300,
  endpoints: (build) => ({
    getProducts: build.query<ProductList, void>({
      query: () => 'product',
      providesTags: (result) => [
        { type: 'Product', id: LIST },
        ...(result ?? []).map((product) => ({ type: 'Product' as const, id: product._id })),
      ],
    }),
    getProduct: build.query<Product, string>({
      query: (id) => `productDetails/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
    /** Every customer review, newest first (public: the landing page and /review show them). */
    getReviews: build.query<ReviewList, void>({
      query: () => 'review',
      providesTags: (result) => [
        { type: 'Review', id: LIST },
        ...(result ?? []).map((review) => ({ type: 'Review' as const, id: review._id })),
      ],
    }),
  }),
});

export const { useGetProductsQuery, useGetProductQuery, useGetReviewsQuery } = api;
