import type { Appointment, FitterDay } from '@contract/appointments';
import type { FittingCentre } from '@contract/fittingCentres';
import { api } from '../../store/api';

/** The fitter's day at a centre (staff): the centres, the day, and what the fitter marks. */
export const fitterApi = api.enhanceEndpoints({ addTagTypes: ['FitterDay'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The centres whose day the caller runs: a fitter's own, or every centre. */
    getMyCentres: build.query<FittingCentre[], void>({
      query: () => 'fitting-centres/mine',
    }),
    /** A few days at a centre: today and tomorrow, or from the day named. */
    getFitterDay: build.query<FitterDay, { centreId: string; from?: string }>({
      query: ({ centreId, from }) => ({
        url: `fitting-centres/${centreId}/day`,
        params: from ? { from } : undefined,
      }),
      providesTags: (_result, _error, { centreId }) => [{ type: 'FitterDay', id: centreId }],
    }),
    markAppointment: build.mutation<
      Appointment,
      { id: string; centreId: string; status: 'arrived' | 'fitted' | 'no_show' }
    >({
      query: ({ id, status }) => ({
        url: `appointments/${id}/status`,
        method: 'POST',
        body: { status },
      }),
      invalidatesTags: (_result, _error, { centreId }) => [{ type: 'FitterDay', id: centreId }],
    }),
  }),
});

export const { useGetMyCentresQuery, useGetFitterDayQuery, useMarkAppointmentMutation } = fitterApi;
