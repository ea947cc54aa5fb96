import { array, number, object, string } from 'yup';
import { FITTING_PLACES_MAX } from '@contract/fitting';
import { fittingCopy } from './fittingCopy';

/** The form's values: the places of each weekday as typed, Sunday first (as the API keeps them). */
export interface FittingScheduleValues {
  places: string[];
}

/** The API's rule for each day's places, checked before the request. */
const dayPlaces = string()
  .trim()
  .required(fittingCopy.wholeNumber)
  .matches(/^-?\d+$/, fittingCopy.wholeNumber)
  .test('not-negative', fittingCopy.notNegative, (value) => Number(value) >= 0)
  .test('at-most', fittingCopy.tooMany(FITTING_PLACES_MAX), (value) => {
    return number().max(FITTING_PLACES_MAX).isValidSync(Number(value));
  });

export const fittingScheduleSchema = object({ places: array(dayPlaces).length(7).required() });

/** The shop's week as a person reads it: Monday first. */
export const WEEK_FROM_MONDAY = [1, 2, 3, 4, 5, 6, 0] as const;
