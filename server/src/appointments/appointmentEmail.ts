import { and, eq, sql } from 'drizzle-orm';
import type { FittingCentre } from '../../../contract/fittingCentres';
import type { Db } from '../db/client';
import { findCentre } from '../fittingCentres/centreTable';
import { appointments, type AppointmentRow } from './appointmentSchema';

/** What the emails say about an appointment: the centre, its address and the time. */
export interface AppointmentInEmail {
  id: string;
  centreName: string;
  address: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
}

export function appointmentInEmail(
  row: Pick<AppointmentRow, 'id' | 'startsAt' | 'endsAt'>,
  centre: FittingCentre,
): AppointmentInEmail {
  return {
    id: row.id,
    centreName: centre.name,
    address: `${centre.street}, ${centre.city} ${centre.postcode}`,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    timeZone: centre.timeZone,
  };
}

/** The appointment a checkout booked, as its emails tell it; null when it booked none. */
export async function appointmentForEmail(
  db: Db,
  checkoutId: string,
): Promise<AppointmentInEmail | null> {
  const [row] = await db
    .select()
    .from(appointments)
    .where(
      and(eq(appointments.checkoutId, checkoutId), sql`${appointments.status} <> 'cancelled'`),
    );
  if (!row) return null;
  const centre = await findCentre(db, row.centreId);
  return centre ? appointmentInEmail(row, centre) : null;
}

/** "Tuesday 1 December 2026, 10:00–11:00": the time as the centre's clock shows it. */
export function whenText(
  appointment: Pick<AppointmentInEmail, 'startsAt' | 'endsAt' | 'timeZone'>,
) {
  const zone = appointment.timeZone;
  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(appointment.startsAt));
  const time = (iso: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit' }).format(
      new Date(iso),
    );
  return `${day}, ${time(appointment.startsAt)}–${time(appointment.endsAt)}`;
}
