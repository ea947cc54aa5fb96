import type { Bag } from '@contract/bag';
import { api } from '../../store/api';

/**
 * The signed-in shopper's bag, kept on the server: read on every page for the navbar's count.
 * Its writes (bagChangesApi.ts) load with the pages and taps that make them.
 */
export const bagApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBag: build.query<Bag, void>({
      query: () => 'bag',
      providesTags: ['Bag'],
    }),
  }),
});

export const { useGetBagQuery } = bagApi;
