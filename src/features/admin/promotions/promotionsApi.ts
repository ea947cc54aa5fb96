import type { Promotion, PromotionBody } from '@contract/promotions';
import { api } from '../../../store/api';

/** The admins' promotion calls (issue 49). The page refetches its list after a change. */
export const promotionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPromotions: build.query<Promotion[], void>({ query: () => 'promotions' }),
    createPromotion: build.mutation<Promotion, PromotionBody>({
      query: (body) => ({ url: 'promotions', method: 'POST', body }),
    }),
    endPromotion: build.mutation<Promotion, string>({
      query: (id) => ({ url: `promotions/${id}/end`, method: 'POST' }),
    }),
  }),
});

export const { useGetPromotionsQuery, useCreatePromotionMutation, useEndPromotionMutation } =
  promotionsApi;
