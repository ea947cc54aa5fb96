import { sql } from 'drizzle-orm';
import {
  jobMinutes,
  type AppointmentChoice,
  type Job,
  type SlotQuery,
  type Slots,
} from '../../../contract/appointments';
import { FITTING_DAYS_AHEAD } from '../../../contract/fitting';
import type { FittingCentre } from '../../../contract/fittingCentres';
import type { Db } from '../db/client';
import { Conflict } from '../domainErrors';
import { requireCentre, toCentre } from '../fittingCentres/centreTable';
import { cannotFitReasons } from '../fittingCentres/centreRules';
import { needsOfTyres } from '../fittingCentres/tyreNeeds';
import { appointmentWords } from './appointmentWords';
import { busyBays, insertAppointment } from './appointmentTable';
import { addDays, instantAt, localOf } from './centreTime';
import { freeBay, localToday, slotDays, slotList } from './slots';
import { readSlotSearch } from './slotSearchQuery';
import { leadDaysTo } from './stockPlaces';

/**
 * Slots and bookings of a centre. Bookings of one centre take turns (a transaction-long
 * advisory lock on the centre), and each checks its slot against the bays taken at that moment,
 * so two shoppers racing for one bay's last slot get one booking and one refusal.
 */

type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** When the tyres can be at the centre: at once from its shelf, else from the day they arrive. */
export function tyresReadyAt(centre: Pick<FittingCentre, 'timeZone'>, leadDays: number, now: Date) {
  if (leadDays === 0) return now;
  return instantAt(centre.timeZone, addDays(localToday(centre.timeZone, now), leadDays), 0);
}

/** The last day slots are offered: FITTING_DAYS_AHEAD days after the centre's today. */
const lastDay = (centre: FittingCentre, now: Date) =>
  addDays(localToday(centre.timeZone, now), FITTING_DAYS_AHEAD);

const DAY = 86_400_000;

/**
 * The slots of an active centre for a job, or null when there is none: the centre, the tyres'
 * lead time and the bays taken are read in one query. The centre's zone is known only then, so
 * the bays are read over two days more either side (every zone is within 14 hours of UTC).
 */
export async function slotsOfCentre(
  db: DbOrTx,
  centreId: string,
  query: SlotQuery & { productIds: string[] },
  now = new Date(),
): Promise<Slots | null> {
  const wanted = query.days ?? 7;
  const around = Math.max(now.getTime(), query.from ? Date.parse(query.from) || 0 : 0);
  const window = {
    from: new Date(around - 2 * DAY),
    to: new Date(around + (Math.min(wanted, FITTING_DAYS_AHEAD + 1) + 2) * DAY),
  };
  const row = await readSlotSearch(db, { centreId, productIds: query.productIds, ...window });
  if (!row?.centre.active) return null;
  const centre = toCentre(row.centre);
  const { leadDays, busy } = row;
  const minutes = jobMinutes(query.job, query.tpms ?? false);
  const today = localToday(centre.timeZone, now);
  const from = query.from && query.from > today ? query.from : today;
  const last = lastDay(centre, now);
  const days = Math.max(0, Math.min(wanted, dayCount(from, last)));
  const earliest = tyresReadyAt(centre, leadDays, now);
  return {
    centreId: centre._id,
    timeZone: centre.timeZone,
    minutes,
    earliest: earliest.toISOString(),
    ...slotList({ centre, busy, minutes, from, days, earliest, now }, query.day),
  };
}

/** Days from `from` to `last`, both counted. */
function dayCount(from: string, last: string): number {
  return Math.round((Date.parse(last) - Date.parse(from)) / 86_400_000) + 1;
}

export interface SlotClaim {
  centre: FittingCentre;
  job: Job;
  tpms: boolean;
  startsAt: Date;
  productIds: readonly string[];
  /** Moving an appointment: its own bay does not count as taken. */
  except?: string | null;
  now?: Date;
}

/** The claimed time, checked against the centre's hours and the tyres' arrival (no lock). */
export async function checkSlot(tx: DbOrTx, claim: SlotClaim) {
  const { centre } = claim;
  const now = claim.now ?? new Date();
  const minutes = jobMinutes(claim.job, claim.tpms);
  const earliest = tyresReadyAt(centre, await leadDaysTo(tx, centre._id, claim.productIds), now);
  const { day } = localOf(centre.timeZone, claim.startsAt);
  const start = claim.startsAt.getTime();
  const offered =
    day <= lastDay(centre, now) &&
    slotDays({ centre, busy: [], minutes, from: day, days: 1, earliest, now })[0]!.slots.some(
      (slot) => Date.parse(slot.startsAt) === start,
    );
  if (!offered) throw new Conflict(appointmentWords.notSlot, 'startsAt');
  return { startsAt: new Date(start), endsAt: new Date(start + minutes * 60_000), earliest };
}

export type CheckedSlot = Awaited<ReturnType<typeof checkSlot>>;

/**
 * The lowest bay free for the whole slot, under the centre's lock (taken here, held until the
 * transaction ends), or a refusal in words.
 */
export async function takeBay(
  tx: DbOrTx,
  centre: FittingCentre,
  slot: CheckedSlot,
  except: string | null = null,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(7351005, hashtext(${centre._id}))`);
  const busy = await busyBays(tx, centre._id, slot.startsAt, slot.endsAt, except);
  const bay = freeBay(busy, centre.bays, slot.startsAt.getTime(), slot.endsAt.getTime());
  if (bay === null) throw new Conflict(appointmentWords.slotGone, 'startsAt');
  return { bay, startsAt: slot.startsAt, endsAt: slot.endsAt, tyresReadyAt: slot.earliest };
}

/** A claimed slot checked, then a bay taken under the centre's lock (moving an appointment). */
export async function claimSlot(tx: DbOrTx, claim: SlotClaim) {
  return takeBay(tx, claim.centre, await checkSlot(tx, claim), claim.except ?? null);
}

/**
 * Everything a checkout's booking checks before it holds anything: the centre takes bookings
 * and can fit the tyres, and the time is one of its slots for the job once the tyres are there.
 * Done before the checkout reserves its stock, so the product rows it locks are held only for
 * the appointment's row (bookTaken) until the commit.
 */
export async function planBooking(
  tx: DbOrTx,
  booking: { choice: AppointmentChoice; productIds: readonly string[] },
) {
  const { choice } = booking;
  const centre = await requireCentre(tx, choice.centreId);
  if (!centre.active) throw new Conflict(appointmentWords.centreNotOffered, 'centreId');
  // The finder leaves such centres out; a checkout naming one anyway is refused the same way.
  const tyres = await needsOfTyres(tx, booking.productIds);
  const reasons = cannotFitReasons(centre.capabilities, { ...tyres, tpms: choice.tpms ?? false });
  if (reasons.length > 0) {
    throw new Conflict(appointmentWords.cannotFit(centre.name, reasons), 'centreId');
  }
  const slot = await checkSlot(tx, {
    centre,
    job: choice.job,
    tpms: choice.tpms ?? false,
    startsAt: new Date(choice.startsAt),
    productIds: booking.productIds,
  });
  return { centre, choice, slot };
}

export type BookingPlan = Awaited<ReturnType<typeof planBooking>>;

/**
 * Books a planned slot for the checkout, in its transaction (its refusal undoes both): the bay
 * `taken` under the centre's lock (takeBay), which the transaction still holds.
 */
export async function bookTaken(
  tx: DbOrTx,
  plan: BookingPlan,
  taken: Awaited<ReturnType<typeof takeBay>>,
  owner: { userId: string; checkoutId: string },
) {
  const { centre, choice } = plan;
  return insertAppointment(tx, {
    ...taken,
    centreId: centre._id,
    job: choice.job,
    tpms: choice.tpms ?? false,
    car: choice.car?.trim() ?? '',
    userId: owner.userId,
    checkoutId: owner.checkoutId,
  });
}
