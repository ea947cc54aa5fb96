import { AMOUNT_MAX } from '@contract/limits';
import { STOCK_REASON_MAX, stockBelowZero } from '@contract/catalogTerms';

/** What the Restock dialog holds: units as typed ('' while empty), and the reason. */
export interface RestockDraft {
  units: string;
  reason: string;
}

export type RestockErrors = Partial<Record<keyof RestockDraft, string>>;

export const UNITS_LABEL = 'Units in (+) or out (−)';
export const REASON_LABEL = 'Reason';

/** The units typed as a whole number, or null. */
export function unitsOf(units: string): number | null {
  const value = Number(units);
  return units.trim() !== '' && Number.isInteger(value) ? value : null;
}

/** The dialog's checks, in the API's words where it has them (stock never below zero). */
export function restockErrors(draft: RestockDraft, inStock: number): RestockErrors {
  const errors: RestockErrors = {};
  const delta = unitsOf(draft.units);
  if (draft.units.trim() === '') errors.units = 'Type the units that come in (or go out, with −).';
  else if (delta === null) errors.units = 'Units must be a whole number.';
  else if (delta === 0) errors.units = 'Units cannot be 0: add or take out at least one unit.';
  else if (Math.abs(delta) > AMOUNT_MAX)
    errors.units = `Units can be at most ${AMOUNT_MAX.toLocaleString('en-US')} at a time.`;
  else if (inStock + delta < 0) errors.units = stockBelowZero(inStock);
  const reason = draft.reason.trim();
  if (!reason) errors.reason = 'Say why the stock moves, e.g. delivery.';
  else if (reason.length > STOCK_REASON_MAX)
    errors.reason = `${REASON_LABEL} can be at most ${STOCK_REASON_MAX} characters.`;
  return errors;
}

/** The units one step up or down from what is typed (0 is skipped: it moves nothing). */
export function stepUnits(units: string, step: 1 | -1): string {
  const next = (unitsOf(units) ?? 0) + step;
  return String(next === 0 ? next + step : next);
}
