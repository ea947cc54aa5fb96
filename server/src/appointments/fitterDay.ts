import { recordAudit } from '../audit/auditTrail';
import { assertRunsCentre } from '../auth/centreScope';
import type { Identity } from '../auth/guards';
import { FITTER_DAYS, type FitterDay, type FitterDayQuery } from '../../../contract/appointments';
import type { Db } from '../db/client';
import { Conflict, NotFound } from '../domainErrors';
import { requireCentre } from '../fittingCentres/centreTable';
import { deliverAtCentre } from '../orders/fittedAtCentre';
import { ordersOfCheckout } from '../orders/orderTable';
import { appointmentWords } from './appointmentWords';
import { centreAppointments, lockAppointment, setStatus, toAppointment } from './appointmentTable';
import { addDays, instantAt } from './centreTime';
import { localToday } from './slots';

/**
 * The fitter's day at a centre: the appointments of a few days (today and tomorrow unless asked
 * otherwise) in time order, with the car, the tyres and whether they are due by now; and what
 * the fitter marks (arrived, fitted, no-show). Fitted delivers the checkout's paid orders at the
 * centre, in the same transaction.
 */

export async function fitterDay(
  db: Db,
  centreId: string,
  query: FitterDayQuery = {},
  now = new Date(),
): Promise<FitterDay> {
  const centre = await requireCentre(db, centreId);
  const today = localToday(centre.timeZone, now);
  const from = query.from ?? today;
  const count = query.days ?? FITTER_DAYS.default;
  const rows = await centreAppointments(
    db,
    centreId,
    instantAt(centre.timeZone, from, 0),
    instantAt(centre.timeZone, addDays(from, count), 0),
  );
  const appointments = await Promise.all(
    rows.map(async (row) => {
      const orders = row.checkoutId ? await ordersOfCheckout(db, row.checkoutId) : [];
      return {
        ...toAppointment(row, centre, now),
        customer: orders[0]?.name ?? '',
        phone: orders[0]?.number ?? '',
        tyres: orders.map((order) => ({ name: order.productName, quantity: order.quantity })),
      };
    }),
  );
  const days = Array.from({ length: count }, (_, i) => addDays(from, i));
  return { centre, today, days, appointments };
}

/** Which marks may follow which. */
const MARKS_FROM = {
  arrived: ['booked'],
  fitted: ['booked', 'arrived'],
  no_show: ['booked'],
} as const;

export type FitterMark = keyof typeof MARKS_FROM;

export async function markByFitter(
  db: Db,
  caller: Identity,
  id: string,
  mark: FitterMark,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockAppointment(tx, id);
    if (!row) throw new NotFound(appointmentWords.notFound);
    assertRunsCentre(caller, row.centreId);
    if (!(MARKS_FROM[mark] as readonly string[]).includes(row.status)) {
      throw new Conflict(appointmentWords.notMarkable(row.status, mark));
    }
    if (mark === 'fitted' && !row.paid) throw new Conflict(appointmentWords.notPaid);
    await setStatus(tx, row.id, mark);
    await recordAudit(tx, caller, [
      {
        kind: 'fitting',
        action: mark,
        objectType: 'appointment',
        objectId: row.id,
        before: { status: row.status },
        after: { status: mark },
      },
    ]);
    // The tyres were handed over at the centre: delivered there, with the mark, never shipped.
    if (mark === 'fitted' && row.checkoutId) {
      const centre = await requireCentre(tx, row.centreId);
      await deliverAtCentre(tx, caller, row.checkoutId, appointmentWords.fittedAt(centre.name));
    }
  });
}
