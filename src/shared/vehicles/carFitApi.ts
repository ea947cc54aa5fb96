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
    getBagFitment: build.query<BagFitment, { vehicle: string; day?: string }>({
      providesTags: ['Bag', 'Vehicle'],
      query: ({ vehicle, day }) =>
        `bag/fitment?${new URLSearchParams({ vehicle, ...(day ? { day } : {}) }).toString()}`,
    }),
  }),
});

export const { useGetTyreSetsQuery, useGetBagFitmentQuery } = carFitApi;
