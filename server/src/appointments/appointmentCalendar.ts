import type { Db } from '../db/client';
import { calendarFile } from '../emails/fittingCalendar';
import { requireCentre } from '../fittingCentres/centreTable';
import { appointmentInEmail } from './appointmentEmail';
import type { AppointmentRow } from './appointmentSchema';

/** An appointment's calendar file (.ics): the same event the confirmation email carries. */
export async function calendarOf(db: Db, row: AppointmentRow) {
  const centre = await requireCentre(db, row.centreId);
  return {
    fileName: `fitting-${row.startsAt.toISOString().slice(0, 10)}.ics`,
    text: calendarFile(appointmentInEmail(row, centre)),
  };
}
