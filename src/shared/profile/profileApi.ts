import type { Profile, SaveProfileBody } from '@contract/profiles';
import { api } from '../../store/api';

/**
 * The signed-in user's profile: read it, save it (the API creates or replaces it). In store/, as
 * the profile pages edit it and checkout reads it to prefill an order's address.
 */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** 404 when this user has no profile yet: the page shows its empty state. */
    getProfile: build.query<Profile, string>({
      query: (email) => ({ url: 'profile', params: { email } }),
      providesTags: (_result, _error, email) => [{ type: 'Profile', id: email }],
    }),
    saveProfile: build.mutation<Profile, SaveProfileBody & { email: string }>({
      query: (body) => ({ url: 'profile', method: 'POST', body }),
      // The saved profile is the answer: put it in the cache, so the profile page shows it at
      // once, without a stale moment while a refetch runs.
      async onQueryStarted({ email }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(profileApi.util.upsertQueryData('getProfile', email, data));
        } catch {
          // The form shows the failure.
        }
      },
      invalidatesTags: (_result, error, { email }) =>
        error ? [] : [{ type: 'Profile', id: email }],
    }),
  }),
});

export const { useGetProfileQuery, useSaveProfileMutation } = profileApi;
