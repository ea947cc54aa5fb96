import {
  MIN_NOTICE_MINUTES,
  SLOT_STEP_MINUTES,
  type DayTimes,
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

/** A day's free start times as instants (ms) and minutes of the local day, or why none. */
export interface FreeDay {
  date: string;
  starts: number[];
  clock: number[];
  why: string | null;
}

/** Each day's free start times, as numbers: a search turns into words only the day it shows. */
export function freeDays(ask: SlotAsk): FreeDay[] {
  const { centre, minutes } = ask;
  const notBefore = firstBookable(ask.earliest, ask.now);
  const closed = new Set(centre.closedDays);
  const busy = [...ask.busy].sort((a, b) => a.startsAt - b.startsAt);
  const words = appointmentWords.why;
  const out: FreeDay[] = [];
  for (let i = 0; i < ask.days; i += 1) {
    const date = addDays(ask.from, i);
    const hours = centre.hours[weekdayOf(date)];
    if (!hours) {
      out.push({ date, starts: [], clock: [], why: words.closedWeekday });
      continue;
    }
    if (closed.has(date)) {
      out.push({ date, starts: [], clock: [], why: words.closedDay });
      continue;
    }
    const opens = minutesOf(hours.opens);
    const closes = minutesOf(hours.closes);
    const startOf = clockOfDay(centre.timeZone, date, opens, closes);
    const starts: number[] = [];
    const clock: number[] = [];
    let candidates = 0;
    let early = 0;
    for (let t = opens; t + minutes <= closes; t += SLOT_STEP_MINUTES) {
      candidates += 1;
      const start = startOf(t);
      if (start < notBefore) {
        early += 1;
        continue;
      }
      if (freeBay(busy, centre.bays, start, start + minutes * 60_000) === null) continue;
      starts.push(start);
      clock.push(t);
    }
    let why: string | null = null;
    if (candidates === 0) why = words.tooShort;
    else if (starts.length === 0 && early === candidates) {
      why = ask.earliest.getTime() === notBefore ? words.tyresLater : words.tooSoon;
    } else if (starts.length === 0) why = words.full;
    out.push({ date, starts, clock, why });
  }
  return out;
}

/** A free day's times as the API writes them. */
export function timesOf(day: FreeDay, minutes: number): Slot[] {
  return day.starts.map((start, i) => ({
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + minutes * 60_000).toISOString(),
    time: clockOf(day.clock[i]!),
  }));
}

/** Every day with each of its times written out. */
export function slotDays(ask: SlotAsk): Array<DayTimes & { why: string | null }> {
  return freeDays(ask).map((day) => ({
    date: day.date,
    slots: timesOf(day, ask.minutes),
    why: day.why,
  }));
}

/**
 * The picker's list: each day with its count of free times, and one day's times (`day` when
 * listed, else the first day with a free time).
 */
export function slotList(ask: SlotAsk, day?: string): { days: SlotDay[]; day: DayTimes | null } {
  const free = freeDays(ask);
  const shown = free.find((d) => d.date === day) ?? free.find((d) => d.starts.length > 0) ?? null;
  return {
    days: free.map((d) => ({ date: d.date, free: d.starts.length, why: d.why })),
    day: shown && { date: shown.date, slots: timesOf(shown, ask.minutes) },
  };
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
