import type { FittingDay } from '@contract/fitting';
import { checkoutCopy } from '@contract/checkoutCopy';

const words = checkoutCopy.bagCheckout;

/** 'Sunday' (from the date: the contract's names would bring TypeBox into the chunk). */
const weekdayName = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { timeZone: 'UTC', weekday: 'long' });

/** A day as the picker offers it: choosable or not, and why. */
export interface DayChoice {
  date: string;
  open: boolean;
  /** '3 places left', 'Fully booked', 'No fittings on Sundays'. */
  note: string;
}

/**
 * The API says only how many places a day has left (0: full or closed). A weekday with no place
 * on any of its days in the list is one the shop does not fit on: said as closed, not full.
 */
export function dayChoices(days: readonly FittingDay[]): DayChoice[] {
  const closed = new Set<number>();
  for (let weekday = 0; weekday < 7; weekday += 1) {
    const ofWeekday = days.filter((day) => day.weekday === weekday);
    if (ofWeekday.length > 0 && ofWeekday.every((day) => day.places <= 0)) closed.add(weekday);
  }
  return days.map((day) => ({
    date: day.date,
    open: day.places > 0,
    note:
      day.places > 0
        ? words.placesLeft(day.places)
        : closed.has(day.weekday)
          ? words.closedDay(weekdayName(day.date))
          : words.fullDay,
  }));
}
