import type { EditProductBody, ProductHistory, StockChangeBody } from '@contract/productChanges';
import type { Product } from '@contract/products';
import { api, LIST } from '../../../store/api';
import { apiErrorStatus } from '../../../store/apiError';

/** The product, and every list that may show it (the shop's pages, searches and facets). */
const productAndLists = (id: string) => [
  { type: 'Product' as const, id },
  { type: 'Product' as const, id: LIST },
];

/**
 * The back office's product calls: edit, restock, retire and restore, and the history. Each
 * write refreshes the product and the lists (the shop shows the change at once); the history
 * shares the product's tag, so it refreshes with it. The list itself is the shop's
 * getProductPage with `status: 'all'`.
 */
export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    editProduct: build.mutation<Product, { id: string; body: EditProductBody }>({
      query: ({ id, body }) => ({
        url: `product/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body,
      }),
      // A stale edit (409) reads the product again too: the page shows it as it is now.
      invalidatesTags: (_result, error, { id }) =>
        !error || apiErrorStatus(error) === 409 ? productAndLists(id) : [],
    }),
    moveStock: build.mutation<Product, { id: string } & StockChangeBody>({
      query: ({ id, ...body }) => ({
        url: `product/${encodeURIComponent(id)}/stock`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : productAndLists(id)),
    }),
    changeStatus: build.mutation<
      Product,
      { id: string; to: 'retire' | 'restore'; version?: number }
    >({
      query: ({ id, to, version }) => ({
        url: `product/${encodeURIComponent(id)}/${to}`,
        method: 'POST',
        body: version === undefined ? {} : { version },
      }),
      // Refused as stale, the product is read again too: the admin sees it as it is now.
      invalidatesTags: (_result, _error, { id }) => productAndLists(id),
    }),
    getProductHistory: build.query<ProductHistory, string>({
      query: (id) => `product/${encodeURIComponent(id)}/history`,
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
  }),
});

export const {
  useEditProductMutation,
  useMoveStockMutation,
  useChangeStatusMutation,
  useGetProductHistoryQuery,
} = productsApi;
