import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { FittingCentre } from '@contract/fittingCentres';
import type {
  AuditPage,
  AuditQuery,
  StaffList,
  StaffMember,
  StaffRolesBody,
  StaffSessionList,
} from '@contract/staff';
import { api, LIST } from '../../../store/api';

/** The owner's staff calls and the audit trail. */
export const staffApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStaff: build.query<StaffList, void>({
      query: () => 'staff',
      providesTags: [{ type: 'Staff', id: LIST }],
    }),
    setStaffRoles: build.mutation<StaffMember, StaffRolesBody & { email: string }>({
      query: ({ email, ...body }) => ({
        url: `staff/${encodeURIComponent(email)}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_result, error) => (error ? [] : ['Staff', { type: 'User', id: LIST }]),
    }),
    /** Every centre, for the owner to name a fitter's. */
    getStaffCentres: build.query<FittingCentre[], void>({
      query: () => 'fitting-centres/all',
    }),
    getStaffSessions: build.query<StaffSessionList, void>({
      query: () => 'staff/sessions',
      providesTags: [{ type: 'Staff', id: 'sessions' }],
    }),
    endStaffSession: build.mutation<null, string>({
      query: (id) => ({ url: `staff/sessions/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Staff', id: 'sessions' }]),
    }),
    getAudit: build.query<{ entries: AuditPage; total: number }, AuditQuery>({
      query: (params) => ({ url: 'audit', params }),
      transformResponse: (entries: AuditPage, meta) => {
        const total = Number(
          (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get('x-total-count'),
        );
        return { entries, total: Number.isSafeInteger(total) ? total : entries.length };
      },
      providesTags: ['Staff'],
    }),
  }),
});

export const {
  useGetStaffQuery,
  useSetStaffRolesMutation,
  useGetStaffSessionsQuery,
  useEndStaffSessionMutation,
  useGetAuditQuery,
  useGetStaffCentresQuery,
} = staffApi;
