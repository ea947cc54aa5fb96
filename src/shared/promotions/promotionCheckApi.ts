import type { CodeCheck, CodeCheckBody, GuestCodeCheckBody } from '@contract/promotions';
import { api } from '../../store/api';

/**
 * A bag priced with codes: what each takes off, or why not (nothing is held). The signed-in
 * shopper's bag is on the server; a guest's is the lines this browser keeps, sent along.
 */
export const promotionCheckApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkPromotionCodes: build.query<CodeCheck, CodeCheckBody | GuestCodeCheckBody>({
      query: (body) => ({
        url: 'items' in body ? 'promotions/guest-check' : 'promotions/check',
        method: 'POST',
        body,
      }),
      keepUnusedDataFor: 0,
      // A change to the account's bag changes the saving.
      providesTags: ['Bag'],
    }),
  }),
});

export const { useCheckPromotionCodesQuery, useLazyCheckPromotionCodesQuery } = promotionCheckApi;
