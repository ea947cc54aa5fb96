import type {
  LeadTime,
  LeadTimesBody,
  NewStockPlaceBody,
  PlacedProducts,
  StockPlace,
  StockPlaceBody,
  StockPlaces,
} from '@contract/stockPlaces';
import { api } from '../../../../store/api';

/** Stock places (issue 48): where stock is kept, what is where, and lead times to centres. */
export const stockPlacesApi = api
  .enhanceEndpoints({ addTagTypes: ['StockPlaces'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getStockPlaces: build.query<StockPlaces, void>({
        query: () => 'stock-places',
        providesTags: ['StockPlaces'],
      }),
      addStockPlace: build.mutation<StockPlace, NewStockPlaceBody>({
        query: (body) => ({ url: 'stock-places', method: 'POST', body }),
        invalidatesTags: (_result, error) => (error ? [] : ['StockPlaces']),
      }),
      saveStockPlace: build.mutation<StockPlace, { code: string; body: StockPlaceBody }>({
        query: ({ code, body }) => ({
          url: `stock-places/${encodeURIComponent(code)}`,
          method: 'PUT',
          body,
        }),
        invalidatesTags: (_result, error) => (error ? [] : ['StockPlaces']),
      }),
      deleteStockPlace: build.mutation<void, string>({
        query: (code) => ({ url: `stock-places/${encodeURIComponent(code)}`, method: 'DELETE' }),
        invalidatesTags: (_result, error) => (error ? [] : ['StockPlaces']),
      }),
      setLeadTimes: build.mutation<LeadTime[], { code: string; body: LeadTimesBody }>({
        query: ({ code, body }) => ({
          url: `stock-places/${encodeURIComponent(code)}/lead-times`,
          method: 'PUT',
          body,
        }),
        invalidatesTags: (_result, error) => (error ? [] : ['StockPlaces']),
      }),
      getPlaceProducts: build.query<PlacedProducts, { code: string; q: string; offset: number }>({
        query: ({ code, q, offset }) => ({
          url: `stock-places/${encodeURIComponent(code)}/products`,
          params: { ...(q ? { q } : {}), ...(offset ? { offset } : {}) },
        }),
        providesTags: ['StockPlaces'],
      }),
      placeProducts: build.mutation<StockPlace, { code: string; productIds: string[] }>({
        query: ({ code, productIds }) => ({
          url: `stock-places/${encodeURIComponent(code)}/products`,
          method: 'PUT',
          body: { productIds },
        }),
        invalidatesTags: (_result, error) => (error ? [] : ['StockPlaces']),
      }),
    }),
  });

export const {
  useGetStockPlacesQuery,
  useAddStockPlaceMutation,
  useSaveStockPlaceMutation,
  useDeleteStockPlaceMutation,
  useSetLeadTimesMutation,
  useGetPlaceProductsQuery,
  usePlaceProductsMutation,
} = stockPlacesApi;
