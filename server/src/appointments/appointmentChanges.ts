import { runsCentre } from '../auth/centreScope';
import type { Identity } from '../auth/guards';
import { visibleTo, type Visibility } from '../auth/visibleRecord';
import { CHANGE_DEADLINE_HOURS, type Appointment } from '../../../contract/appointments';
import type { Db } from '../db/client';
import { Conflict, NotFound } from '../domainErrors';
import { requireCentre } from '../fittingCentres/centreTable';
import { ordersOfCheckout } from '../orders/orderTable';
import { refusals } from '../refusals';
import { appointmentWords } from './appointmentWords';
import {
  findAppointment,
  lockAppointment,
  moveTo,
  setStatus,
  toAppointment,
} from './appointmentTable';
import type { AppointmentRow } from './appointmentSchema';
import { claimSlot } from './booking';

/** A shopper moving or cancelling their appointment, up to the shop's deadline. */

type Row = AppointmentRow & { paid: boolean };

/**
 * What a cancelled appointment gives back beside its bay (refunds/fittingLinesRefund.ts):
 * reserved in the cancel's transaction, then what to do once it committed (ask the provider).
 */
export type FittingLinesRefund = (tx: Db, appointment: Row) => Promise<() => Promise<void>>;
export const noFittingLines: FittingLinesRefund = async () => async () => {};

export async function viewOf(db: Db, row: Row, now = new Date()): Promise<Appointment> {
  return toAppointment(row, await requireCentre(db, row.centreId), now);
}

/** A fitter of its centre (admins run every centre) sees an appointment; the refusals' words. */
const appointmentVisibility: Visibility<Row> = {
  alsoSeenBy: (caller, row) => runsCentre(caller, row.centreId),
  none: appointmentWords.notFound,
  someoneElses: refusals.order.someoneElses,
};

/** The appointment as its owner, or a fitter of its centre (admins run every centre), sees it. */
export async function visibleAppointment(db: Db, caller: Identity, id: string): Promise<Row> {
  return visibleTo(caller, await findAppointment(db, id), appointmentVisibility);
}

/** Locked, the caller's own, still booked and before the deadline: or a refusal. */
async function changeable(tx: Db, caller: Identity, id: string, now: Date): Promise<Row> {
  const row = await lockAppointment(tx, id);
  if (!row || row.userId !== caller.userId) throw new NotFound(appointmentWords.notFound);
  if (row.status !== 'booked') throw new Conflict(appointmentWords.notChangeable(row.status));
  if (row.startsAt.getTime() - CHANGE_DEADLINE_HOURS * 3_600_000 < now.getTime()) {
    throw new Conflict(appointmentWords.tooLateToChange);
  }
  return row;
}

export async function moveAppointment(
  db: Db,
  caller: Identity,
  id: string,
  startsAt: Date,
  now = new Date(),
): Promise<Row> {
  await db.transaction(async (tx) => {
    const row = await changeable(tx, caller, id, now);
    // The new time must also keep to the deadline.
    if (startsAt.getTime() - CHANGE_DEADLINE_HOURS * 3_600_000 < now.getTime()) {
      throw new Conflict(appointmentWords.tooLateToChange, 'startsAt');
    }
    const centre = await requireCentre(tx, row.centreId);
    const products = row.checkoutId ? await ordersOfCheckout(tx, row.checkoutId) : [];
    const slot = await claimSlot(tx, {
      centre,
      job: row.job,
      tpms: row.tpms,
      startsAt,
      productIds: products.map((order) => order.productId),
      except: row.id,
      now,
    });
    await moveTo(tx, row.id, { bay: slot.bay, startsAt: slot.startsAt, endsAt: slot.endsAt });
  });
  return (await findAppointment(db, id))!;
}

export async function cancelAppointment(
  db: Db,
  caller: Identity,
  id: string,
  refundFittingLines: FittingLinesRefund = noFittingLines,
  now = new Date(),
): Promise<Row> {
  const afterCommit = await db.transaction(async (tx) => {
    const row = await changeable(tx, caller, id, now);
    await setStatus(tx, row.id, 'cancelled');
    return refundFittingLines(tx, row);
  });
  await afterCommit();
  return (await findAppointment(db, id))!;
}
