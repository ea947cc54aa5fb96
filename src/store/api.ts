import type { StaffSelf } from '@contract/staff';
import { createAction } from '@reduxjs/toolkit';
import {
  createApi,
  retry,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import type { AdminCheck } from '@contract/users';
import type { PublicConfig } from '@contract/config';
import type {
  Product,
  ProductFacets,
  ProductFacetsQuery,
  ProductList,
  ProductPageQuery,
} from '@contract/products';
import { PAGE_DATA, PAGE_LISTS } from '@contract/renderedPages';
import type { ReviewList } from '@contract/reviews';
import { productQueryString } from './productQuery';
import { retryDelayMs, shouldRetry } from './retryPolicy';
import { sessionBaseQuery } from './session';

const baseQuery = retry(sessionBaseQuery, {
  retryCondition: (error, _args, { attempt, baseQueryApi }) =>
    shouldRetry(error as FetchBaseQueryError, attempt, baseQueryApi.type),
  backoff: (attempt) => new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt))),
});

/** The id of a list's tag (of products, reviews, orders, users), beside its items' own ids. */
export const LIST = PAGE_LISTS.all;

/**
 * The tags of an answer about products: `LIST` (what a list holds may change with any product),
 * `IN_STOCK` when only products in stock were asked for (it may change with any product's
 * stock too), and each product in it. The server keeps a rendered page by these.
 */
function productTags(args: { inStock?: boolean }, products: ProductList = []) {
  return [
    { type: 'Product' as const, id: LIST },
    ...(args.inStock ? [{ type: 'Product' as const, id: PAGE_LISTS.inStock }] : []),
    ...products.map((product) => ({ type: 'Product' as const, id: product._id })),
  ];
}

/**
 * The API slice's state the server rendered a page with (its answers), handed over in the HTML
 * so the page's first render in the browser has the same data and asks for none of it again.
 */
export const serverRendered = createAction<Record<string, unknown>>('api/serverRendered');

/**
 * Which page of the catalogue to load: `limit` products from `offset` on, of a search when any
 * search parameter is given (the shop always gives its sort), else the spec's list.
 */
export type PagedProductsArgs = ProductPageQuery &
  Required<Pick<ProductPageQuery, 'limit' | 'offset'>>;

/** One page of the catalogue and the count of every product (`X-Total-Count`). */
export interface PagedProducts extends PagedProductsArgs {
  products: ProductList;
  total: number;
}

/** Which page of the reviews to load: `limit` of them from `offset` on, newest first. */
export interface ReviewPageArgs {
  limit: number;
  offset: number;
}

/** One page of the reviews, the count of all of them and their average rating (null: none). */
export interface PagedReviews extends ReviewPageArgs {
  reviews: ReviewList;
  total: number;
  average: number | null;
}

/**
 * The count the API sends with a page. Without it (never from this API), the products up to
 * the end of this page, or none when the page is empty (so a page past the end leads to page 1).
 */
function totalCount(header: string | null | undefined, fallback: number): number {
  const total = header ? Number(header) : Number.NaN;
  return Number.isSafeInteger(total) && total >= 0 ? total : fallback;
}

/**
 * The one RTK Query slice of the store, typed by the server's TypeBox contract, with cache tags
 * that writes invalidate. Features add their calls with `api.injectEndpoints` beside their
 * screens; the calls every part of the app needs live here.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  // Products, reviews and cars are the kinds of data a server-rendered page is kept for
  // (PAGE_DATA, PAGE_VEHICLES).
  tagTypes: [
    'Order',
    'User',
    PAGE_DATA.products,
    PAGE_DATA.reviews,
    'Profile',
    'Fitting',
    'Bag',
    'Vehicle',
    'Staff',
  ],
  // The spec's data cache time: 5 minutes.
  keepUnusedDataFor: 300,
  extractRehydrationInfo(action, { reducerPath }) {
    // The payload is the state this slice had on the server: its own shape.
    return serverRendered.match(action) ? (action.payload[reducerPath] as never) : undefined;
  },
  endpoints: (build) => ({
    /** Runtime settings: Firebase, payment provider, image upload URL. */
    getConfig: build.query<PublicConfig, void>({
      query: () => 'config',
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
    }),
    /**
     * A page of the catalogue or of a search (the shop, the landing page):
     * `GET /product?limit=&offset=&...`, whose body is the spec's array and whose
     * `X-Total-Count` header counts all the products that match.
     */
    getProductPage: build.query<PagedProducts, PagedProductsArgs>({
      query: (args) => `product?${productQueryString(args)}`,
      transformResponse: (products: ProductList, meta, { limit, offset }) => ({
        products,
        limit,
        offset,
        // The base query is fetchBaseQuery's (behind re-auth and retry): its meta has the response.
        total: totalCount(
          (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get('x-total-count'),
          products.length > 0 ? offset + products.length : 0,
        ),
      }),
      providesTags: (result, _error, args) => productTags(args, result?.products),
    }),
    /** The counts of the shop's filter panel for a search. */
    getProductFacets: build.query<ProductFacets, ProductFacetsQuery>({
      query: (args) => `product/facets?${productQueryString(args)}`,
      providesTags: (_result, _error, args) => productTags(args),
    }),
    getProduct: build.query<Product, string>({
      query: (id) => `productDetails/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
    /**
     * A page of the customer reviews, newest first (public: the landing page shows the newest,
     * /review pages through them), with the count and average of all of them.
     */
    getReviews: build.query<PagedReviews, ReviewPageArgs>({
      query: ({ limit, offset }) => `review?limit=${limit}&offset=${offset}`,
      transformResponse: (reviews: ReviewList, meta, { limit, offset }) => {
        const headers = (meta as FetchBaseQueryMeta | undefined)?.response?.headers;
        const average = Number(headers?.get('x-average-rating') ?? Number.NaN);
        return {
          reviews,
          limit,
          offset,
          total: totalCount(
            headers?.get('x-total-count'),
            reviews.length > 0 ? offset + reviews.length : 0,
          ),
          average: Number.isFinite(average) ? average : null,
        };
      },
      providesTags: (result) => [
        { type: 'Review', id: LIST },
        ...(result?.reviews ?? []).map((review) => ({ type: 'Review' as const, id: review._id })),
      ],
    }),
    /** The caller's staff roles and permissions: the dashboard shows only what they may do. */
    getStaffSelf: build.query<StaffSelf, void>({
      query: () => 'staff/me',
      providesTags: ['Staff'],
    }),
    /** The spec's admin check; the answer selects the dashboard menu. */
    getAdmin: build.query<AdminCheck, string>({
      query: (email) => ({
        url: `admin/${encodeURIComponent(email)}`,
        headers: { 'content-type': 'application/json' },
      }),
      providesTags: (_result, _error, email) => [{ type: 'User', id: email }],
    }),
  }),
});

export const {
  useGetConfigQuery,
  useGetProductPageQuery,
  useGetProductFacetsQuery,
  useGetProductQuery,
  useGetReviewsQuery,
  useGetAdminQuery,
} = api;
