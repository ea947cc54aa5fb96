import type { Bag } from '@contract/bag';
import { api } from '../../../store/api';

/**
 * `GET /api/bag`, read by checkout. The bag's own screens are another branch's (bag-ui); when
 * both meet, keep one `getBag` with the `Bag` tag and delete this module.
 */
export const bagQueryApi = api.enhanceEndpoints({ addTagTypes: ['Bag'] }).injectEndpoints({
  endpoints: (build) => ({
    getBag: build.query<Bag, void>({
      query: () => 'bag',
      providesTags: ['Bag'],
    }),
  }),
});
