import type { Overview } from '@contract/overview';
import { api, LIST } from '../../../store/api';

/**
 * The admins' overview (`GET /admin/overview`). It shows orders and stock, so it shares their
 * list tags: shipping, a refund or a restock made elsewhere in this tab refreshes it.
 */
export const overviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOverview: build.query<Overview, void>({
      query: () => 'admin/overview',
      providesTags: [
        { type: 'Order', id: LIST },
        { type: 'Product', id: LIST },
      ],
    }),
  }),
});

export const { useGetOverviewQuery } = overviewApi;
