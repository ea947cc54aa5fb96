import {
  MIN_NOTICE_MINUTES,
  SLOT_STEP_MINUTES,
  type Slot,
  type SlotDay,
} from '../../../contract/appointments';
import type { FittingCentre } from '../../../contract/fittingCentres';
import { minutesOf } from '../fittingCentres/centreRules';
import { addDays, clockOf, instantAt, localOf, weekdayOf } from './centreTime';
import { appointmentWords } from './appointmentWords';

/**
 * The slots of a centre, as a pure function of the centre, the bays already taken and the
 * clock: times within the day's opening hours, on the quarter hour, long enough for the job,
 * where some bay is free for the whole job, and not before the tyres can be there.
 */

/** A bay taken from `startsAt` to `endsAt` (ms since the epoch). */
export interface Busy {
  bay: number;
  startsAt: number;
  endsAt: number;
}

export interface SlotAsk {
  centre: Pick<FittingCentre, 'timeZone' | 'hours' | 'closedDays' | 'bays'>;
  busy: readonly Busy[];
  minutes: number;
  /** The first day listed (the centre's local calendar). */
  from: string;
  days: number;
  /** The tyres are at the centre from then. */
  earliest: Date;
  now: Date;
}

/** The lowest bay free for the whole of [start, end), or null. */
export function freeBay(busy: readonly Busy[], bays: number, start: number, end: number) {
  for (let bay = 1; bay <= bays; bay += 1) {
    if (!busy.some((b) => b.bay === bay && b.startsAt < end && start < b.endsAt)) return bay;
  }
  return null;
}

/** Whether a slot start is the first moment a shopper may book (notice and tyres both). */
export function firstBookable(earliest: Date, now: Date): number {
  return Math.max(earliest.getTime(), now.getTime() + MIN_NOTICE_MINUTES * 60_000);
}

export function slotDays(ask: SlotAsk): SlotDay[] {
  const { centre, minutes } = ask;
  const notBefore = firstBookable(ask.earliest, ask.now);
  const closed = new Set(centre.closedDays);
  const busy = [...ask.busy].sort((a, b) => a.startsAt - b.startsAt);
  const words = appointmentWords.why;
  const out: SlotDay[] = [];
  for (let i = 0; i < ask.days; i += 1) {
    const date = addDays(ask.from, i);
    const hours = centre.hours[weekdayOf(date)];
    if (!hours) {
      out.push({ date, slots: [], why: words.closedWeekday });
      continue;
    }
    if (closed.has(date)) {
      out.push({ date, slots: [], why: words.closedDay });
      continue;
    }
    const opens = minutesOf(hours.opens);
    const closes = minutesOf(hours.closes);
    const startOf = clockOfDay(centre.timeZone, date, opens, closes);
    const slots: Slot[] = [];
    let candidates = 0;
    let early = 0;
    for (let t = opens; t + minutes <= closes; t += SLOT_STEP_MINUTES) {
      candidates += 1;
      const start = startOf(t);
      if (start < notBefore) {
        early += 1;
        continue;
      }
      const end = start + minutes * 60_000;
      if (freeBay(busy, centre.bays, start, end) === null) continue;
      slots.push({
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(end).toISOString(),
        time: clockOf(t),
      });
    }
    let why: string | null = null;
    if (candidates === 0) why = words.tooShort;
    else if (slots.length === 0 && early === candidates) {
      why = ask.earliest.getTime() === notBefore ? words.tyresLater : words.tooSoon;
    } else if (slots.length === 0) why = words.full;
    out.push({ date, slots, why });
  }
  return out;
}

/**
 * The instant (ms) of each minute of a day's opening hours. Working out a zone's offset is the
 * costly part of a search, so it is done at opening and closing only: when the clock does not
 * change between them (every day but a few, and then rarely in opening hours), the minutes in
 * between follow by addition.
 */
function clockOfDay(timeZone: string, date: string, opens: number, closes: number) {
  const first = instantAt(timeZone, date, opens).getTime();
  const last = instantAt(timeZone, date, closes).getTime();
  if (last - first === (closes - opens) * 60_000) {
    return (minute: number) => first + (minute - opens) * 60_000;
  }
  return (minute: number) => instantAt(timeZone, date, minute).getTime();
}

/** The centre's local date now. */
export const localToday = (timeZone: string, now: Date) => localOf(timeZone, now).day;
