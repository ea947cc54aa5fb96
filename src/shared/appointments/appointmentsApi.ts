import type { Appointment, Job, Slots } from '@contract/appointments';
import type { CentreCountry, NearCentres } from '@contract/fittingCentres';
import { api, LIST } from '../../store/api';

/** The guest key's header (contract/guests.ts, written out: that module brings TypeBox along). */
const KEY_HEADER = 'guest-key';

export interface NearArgs {
  postcode: string;
  country: CentreCountry;
  productIds: readonly string[];
  vehicle: string | null;
}

export interface SlotArgs {
  centreId: string;
  job: Job;
  tpms: boolean;
  productIds: readonly string[];
  from: string | null;
  days: number;
  /** The day whose times to list; the first with a free time when null. */
  day: string | null;
}

/** Who changes an appointment: its signed-in owner by its id, or a guest by the link's key. */
export type AppointmentOwner =
  { kind: 'account'; appointmentId: string } | { kind: 'guest'; checkoutId: string; key: string };

const base = (owner: AppointmentOwner) =>
  owner.kind === 'account'
    ? { url: `appointments/${encodeURIComponent(owner.appointmentId)}`, headers: {} }
    : {
        url: `guest/checkout/${encodeURIComponent(owner.checkoutId)}/appointment`,
        headers: { [KEY_HEADER]: owner.key },
      };

const ids = (productIds: readonly string[]) => [...productIds].sort().join(',');

/**
 * Fitting appointments (issue 48): centres near a postcode that can fit the tyres, a centre's
 * days with their count of free times and one day's times, the shopper's appointments, moving, cancelling, and the calendar file. Slots go as
 * shoppers book: never kept, and read again after every checkout refusal ('Fitting').
 */
export const appointmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    findCentres: build.query<NearCentres, NearArgs>({
      query: ({ postcode, country, productIds, vehicle }) => {
        const params = new URLSearchParams({ postcode: postcode.trim(), country, limit: '8' });
        if (productIds.length > 0) params.set('products', ids(productIds));
        if (vehicle) params.set('vehicle', vehicle);
        return `fitting-centres/near?${params}`;
      },
    }),
    getSlots: build.query<Slots, SlotArgs>({
      query: ({ centreId, job, tpms, productIds, from, days, day }) => {
        const params = new URLSearchParams({ job, days: String(days) });
        if (tpms) params.set('tpms', 'true');
        if (productIds.length > 0) params.set('products', ids(productIds));
        if (from) params.set('from', from);
        if (day) params.set('day', day);
        return `fitting-centres/${encodeURIComponent(centreId)}/slots?${params}`;
      },
      providesTags: ['Fitting'],
      keepUnusedDataFor: 0,
    }),
    getMyAppointments: build.query<Appointment[], void>({
      query: () => 'appointments',
      providesTags: ['Fitting'],
    }),
    moveAppointment: build.mutation<Appointment, { owner: AppointmentOwner; startsAt: string }>({
      query: ({ owner, startsAt }) => ({ ...base(owner), method: 'PATCH', body: { startsAt } }),
      invalidatesTags: (_result, _error, { owner }) => [
        'Fitting',
        { type: 'Order', id: owner.kind === 'guest' ? `guest-${owner.checkoutId}` : LIST },
      ],
    }),
    cancelAppointment: build.mutation<Appointment, { owner: AppointmentOwner }>({
      query: ({ owner }) => {
        const { url, headers } = base(owner);
        return { url: `${url}/cancel`, method: 'POST', headers };
      },
      invalidatesTags: (_result, _error, { owner }) => [
        'Fitting',
        { type: 'Order', id: owner.kind === 'guest' ? `guest-${owner.checkoutId}` : LIST },
      ],
    }),
    /** The calendar file's text (its download is saveCalendar's). */
    getCalendar: build.query<string, AppointmentOwner>({
      query: (owner) => {
        const { url, headers } = base(owner);
        const path = owner.kind === 'account' ? `${url}/calendar.ics` : `${url}.ics`;
        return { url: path, headers, responseHandler: 'text' };
      },
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useFindCentresQuery,
  useGetSlotsQuery,
  useGetMyAppointmentsQuery,
  useMoveAppointmentMutation,
  useCancelAppointmentMutation,
} = appointmentsApi;
