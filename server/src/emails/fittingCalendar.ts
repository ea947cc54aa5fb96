import { createEvent, type DateArray } from 'ics';
import type { AppointmentInEmail } from '../appointments/appointmentEmail';
import { brand } from './emailCopy';
import type { EmailData } from './emailTable';

/**
 * The calendar file (.ics, with the `ics` package) of a fitting appointment, attached to the
 * emails that tell of it: the same file from the same row, however often it is sent.
 */

const utcParts = (iso: string): DateArray => {
  const at = new Date(iso);
  return [
    at.getUTCFullYear(),
    at.getUTCMonth() + 1,
    at.getUTCDate(),
    at.getUTCHours(),
    at.getUTCMinutes(),
  ];
};

export function calendarFile(appointment: AppointmentInEmail): string {
  const { error, value } = createEvent({
    uid: `fitting-${appointment.id}@tyre-store`,
    productId: 'tyre-store/fitting',
    title: `Tyre fitting at ${appointment.centreName}`,
    description: `Your tyre fitting with ${brand.name}.`,
    location: `${appointment.centreName}, ${appointment.address}`,
    start: utcParts(appointment.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utcParts(appointment.endsAt),
    endInputType: 'utc',
    endOutputType: 'utc',
    status: 'CONFIRMED',
  });
  if (error || !value) throw error ?? new Error('no calendar file');
  return value;
}

/** What an email carries besides its text: the appointment's calendar file, if it tells of one. */
export function attachmentsOf(data: EmailData) {
  if (!data.appointment) return [];
  return [
    {
      filename: 'fitting.ics',
      content: calendarFile(data.appointment),
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    },
  ];
}
