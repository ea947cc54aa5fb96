import type { FittingSchedule } from '@contract/fitting';
import { api } from '../../../store/api';

/** The week's fitting places, Sunday first (admins): read and set. */
export const fittingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFittingSchedule: build.query<FittingSchedule, void>({
      query: () => 'fitting-schedule',
      providesTags: ['Fitting'],
    }),
    setFittingSchedule: build.mutation<FittingSchedule, FittingSchedule>({
      query: (body) => ({ url: 'fitting-schedule', method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Fitting']),
    }),
  }),
});

export const { useGetFittingScheduleQuery, useSetFittingScheduleMutation } = fittingApi;
