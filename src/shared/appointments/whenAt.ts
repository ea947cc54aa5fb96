import type { Appointment } from '@contract/appointments';

/** "Tuesday 1 December 2026, 10:00–11:00": the time as the centre's clock shows it. */
export function whenAt(appointment: Pick<Appointment, 'startsAt' | 'endsAt' | 'centre'>): string {
  const timeZone = appointment.centre.timeZone;
  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(appointment.startsAt));
  const time = (iso: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(
      new Date(iso),
    );
  return `${day}, ${time(appointment.startsAt)}–${time(appointment.endsAt)}`;
}

/** The centre's calendar day (`YYYY-MM-DD`) of an instant. */
export const centreDay = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(iso));
