import type { BagFitment } from '@contract/bagFitment';
import type { TyreSets } from '@contract/tyreSets';
import { api } from '../../store/api';

/**
 * Tyres right for the car (issue 50): a staggered car's sets, and the bag checked against the
 * car it is for (read again whenever the bag changes).
 */
export const carFitApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTyreSets: build.query<TyreSets, string>({
      providesTags: ['Vehicle', 'Bag'],
      query: (id) => `vehicles/${encodeURIComponent(id)}/sets`,
    }),
    getBagFitment: build.query<BagFitment, { vehicle: string; day?: string; market?: string }>({
      providesTags: ['Bag', 'Vehicle'],
      query: ({ vehicle, day, market }) =>
        `bag/fitment?${new URLSearchParams({
          vehicle,
          ...(day ? { day } : {}),
          ...(market ? { market } : {}),
        }).toString()}`,
    }),
    /** A guest's bag (kept in the browser) checked against the car, as the account's is. */
    getLinesFitment: build.query<
      BagFitment,
      { vehicle: string; items: string; day?: string; market?: string }
    >({
      providesTags: ['Vehicle'],
      query: ({ vehicle, items, day, market }) =>
        `vehicles/${encodeURIComponent(vehicle)}/fitment?${new URLSearchParams({
          items,
          ...(day ? { day } : {}),
          ...(market ? { market } : {}),
        }).toString()}`,
    }),
  }),
});

export const { useGetTyreSetsQuery, useGetBagFitmentQuery, useGetLinesFitmentQuery } = carFitApi;
