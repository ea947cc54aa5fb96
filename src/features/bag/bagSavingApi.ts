import type { CodeCheck, CodeCheckBody } from '@contract/promotions';
import { api } from '../../store/api';

/**
 * What the automatic promotions take off the signed-in shopper's bag in a market, as the server
 * works it out (`POST /promotions/check` with no codes): the bag never computes a discount.
 */
export const bagSavingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBagSaving: build.query<CodeCheck, Pick<CodeCheckBody, 'country'>>({
      query: ({ country }) => ({
        url: 'promotions/check',
        method: 'POST',
        body: { country, codes: [] } satisfies CodeCheckBody,
      }),
      // A change to the bag changes the saving.
      providesTags: ['Bag'],
    }),
  }),
});
