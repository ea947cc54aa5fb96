import type { ProductMarketPrice, ProductMarketPricesBody } from '@contract/markets';
import { api } from '../../../store/api';

/**
 * A product's own prices per market (the Edit page's panel): each market with prices of its
 * own, the product's own there and what the conversion rule makes of its dollar price. Tagged
 * with the product: a new dollar price changes the converted ones.
 */
export const marketPricesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProductMarketPrices: build.query<ProductMarketPrice[], string>({
      query: (id) => `product/${encodeURIComponent(id)}/market-prices`,
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
    setProductMarketPrices: build.mutation<
      ProductMarketPrice[],
      { id: string; body: ProductMarketPricesBody }
    >({
      query: ({ id, body }) => ({
        url: `product/${encodeURIComponent(id)}/market-prices`,
        method: 'PUT',
        body,
      }),
      // The product's history and the shop's prices of it change with them.
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'Product', id }]),
    }),
  }),
});

export const { useGetProductMarketPricesQuery, useSetProductMarketPricesMutation } =
  marketPricesApi;
