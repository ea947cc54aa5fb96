import { Type, type Static } from '@sinclair/typebox';

/**
 * Fitting at the shop (issue 29): a checkout may ask for its tyres to be fitted on a day the
 * shop fits, instead of delivery. The week's places per day are the shop's to set.
 */

export { FITTING_DAYS_AHEAD, FITTING_HOLD_SECONDS, MAX_UNPAID_FITTINGS } from './fittingLimits';

/** The most fittings a day can take (a setting above it is a typo). */
export const FITTING_PLACES_MAX = 200;

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** A calendar day, `YYYY-MM-DD`, that exists (ajv-formats' `date`: no 2026-12-00, no 2026-02-30). */
export const CalendarDate = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  format: 'date',
  title: 'Fitting day',
  errorMessage: {
    pattern: 'must be a day written as YYYY-MM-DD',
    format: 'must be a day of the calendar',
  },
});

export const FittingDay = Type.Object({
  date: CalendarDate,
  weekday: Type.Integer({ minimum: 0, maximum: 6, description: '0 Sunday … 6 Saturday' }),
  places: Type.Integer({ description: 'Places left that day: 0 when full or closed' }),
});
export type FittingDay = Static<typeof FittingDay>;

export const FittingDays = Type.Array(FittingDay, { $id: 'FittingDays' });
export type FittingDays = Static<typeof FittingDays>;

const Places = Type.Integer({
  minimum: 0,
  maximum: FITTING_PLACES_MAX,
  title: 'Places',
});

/** The week's fitting places, Sunday first: seven numbers, 0 on a day the shop does not fit. */
export const FittingSchedule = Type.Object(
  {
    places: Type.Array(Places, {
      minItems: 7,
      maxItems: 7,
      title: 'Places per weekday',
      errorMessage: {
        minItems: 'must give a number for each of the seven days, Sunday first',
        maxItems: 'must give a number for each of the seven days, Sunday first',
      },
    }),
  },
  { additionalProperties: false, $id: 'FittingSchedule' },
);
export type FittingSchedule = Static<typeof FittingSchedule>;
