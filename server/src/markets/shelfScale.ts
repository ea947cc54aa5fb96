import { AMOUNT_MAX } from '../../../contract/limits';
import type { Conversion } from '../../../contract/markets';

/** Minor units at most a dollar price can be (the contract's largest amount, in cents). */
const MOST_CENTS = AMOUNT_MAX * 100;

/**
 * A market's shelf prices as the shop's price filter and price sort read them: the products an
 * admin priced there (`own`, product id to minor units), and the rule that converts every other
 * product's dollar price (`convert`, cents to minor units; never lower for a higher dollar
 * price; `conversion` the same rule for SQL). `key` names this state of them for the search's
 * kept answers and orders.
 */
export interface ShelfScale {
  key: string;
  market: string;
  own: ReadonlyMap<string, number>;
  convert: (dollarCents: number) => number;
  conversion: Conversion;
}

/**
 * The dollar prices (cents, both ends in; null: open) whose converted price lies from `min` to
 * `max` minor units (null: open), or null when none does. The conversion never goes down as the
 * dollar price goes up, so each end is found by binary search.
 */
export function dollarRangeOf(
  convert: (dollarCents: number) => number,
  min: number | null,
  max: number | null,
): { min: number | null; max: number | null } | null {
  /** The first cents from 0 whose price passes `passes`; MOST_CENTS + 1 when none does. */
  const first = (passes: (minor: number) => boolean) => {
    let low = 0;
    let high = MOST_CENTS + 1;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (passes(convert(middle))) high = middle;
      else low = middle + 1;
    }
    return low;
  };
  const from = min === null ? null : first((minor) => minor >= min);
  const to = max === null ? null : first((minor) => minor > max) - 1;
  if ((from ?? 0) > (to ?? MOST_CENTS)) return null;
  return { min: from, max: to };
}
