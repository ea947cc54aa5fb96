import type { CodeCheck, CodeCheckBody } from '@contract/promotions';
import { api } from '../../../store/api';

/** The shopper's bag priced with codes: what each takes off, or why not (nothing is held). */
export const promotionCheckApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkPromotionCodes: build.query<CodeCheck, CodeCheckBody>({
      query: (body) => ({ url: 'promotions/check', method: 'POST', body }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useCheckPromotionCodesQuery, useLazyCheckPromotionCodesQuery } = promotionCheckApi;
