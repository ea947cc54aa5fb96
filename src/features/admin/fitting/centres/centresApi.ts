import type { FittingCentre, FittingCentreBody } from '@contract/fittingCentres';
import { api } from '../../../../store/api';

/** Fitting centres as admins write them (issue 48): every centre, add, change, delete. */
export const centresApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEveryCentre: build.query<FittingCentre[], void>({
      query: () => 'fitting-centres/all',
      providesTags: ['Fitting'],
    }),
    addCentre: build.mutation<FittingCentre, FittingCentreBody>({
      query: (body) => ({ url: 'fitting-centres', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Fitting']),
    }),
    saveCentre: build.mutation<FittingCentre, { id: string; body: FittingCentreBody }>({
      query: ({ id, body }) => ({
        url: `fitting-centres/${encodeURIComponent(id)}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_result, error) => (error ? [] : ['Fitting']),
    }),
    deleteCentre: build.mutation<void, string>({
      query: (id) => ({ url: `fitting-centres/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Fitting']),
    }),
  }),
});

export const {
  useGetEveryCentreQuery,
  useAddCentreMutation,
  useSaveCentreMutation,
  useDeleteCentreMutation,
} = centresApi;
