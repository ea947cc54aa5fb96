import type { Bag, MergeBagBody } from '@contract/bag';
import { api } from '../../store/api';
import { keyedPost, type Keyed } from '../../store/submissionKey';

/** A bag line to set: its product and how many (0 removes it). */
export interface BagLineChange {
  productId: string;
  quantity: number;
}

const line = (productId: string) => `bag/items/${encodeURIComponent(productId)}`;

/**
 * The writes of the signed-in shopper's bag, apart from bagApi.ts (which every page loads for
 * the navbar's count): they load with "Add to bag"'s first tap, the bag page and the merge.
 * Each answers the whole bag and invalidates `Bag`, so the count and the page read the bag as
 * it is now (also after a refusal: a 409 means the stock or the catalogue moved).
 */
export const bagChangesApi = api.injectEndpoints({
  endpoints: (build) => ({
    setBagItem: build.mutation<Bag, BagLineChange>({
      query: ({ productId, quantity }) => ({
        url: line(productId),
        method: 'PUT',
        body: { quantity },
      }),
      invalidatesTags: ['Bag'],
    }),
    removeBagItem: build.mutation<Bag, string>({
      query: (productId) => ({ url: line(productId), method: 'DELETE' }),
      invalidatesTags: ['Bag'],
    }),
    /**
     * The guest's bag, added to the account's at sign-in; `notices` say what was capped. Its
     * Idempotency-Key names the bag and its content: every tab sends the same one.
     */
    mergeBag: build.mutation<Bag, Keyed<MergeBagBody>>({
      query: (body) => keyedPost('bag/merge', body),
      invalidatesTags: ['Bag'],
    }),
  }),
});

export const { useSetBagItemMutation, useRemoveBagItemMutation } = bagChangesApi;
