import { VEHICLE_TEXT_MAX, VEHICLE_YEARS } from './vehicleLimits';

/**
 * What a tyre review may say of the driving behind it (issue 51): the reviewer's car and how
 * far the tyres were driven. Plain values, defined once for the API's schema and the review
 * form, so the SPA bundles them without TypeBox.
 */

/** The car a review names: make and model as the store keeps a car's, and its model year. */
export const REVIEW_CAR = { textMax: VEHICLE_TEXT_MAX, years: VEHICLE_YEARS } as const;

/** Said of a car year out of range, after the field's name. */
export const CAR_YEAR_PROBLEM = `must be a year from ${VEHICLE_YEARS.min} to ${VEHICLE_YEARS.max}`;

/** The distance driven is kept in whole km: at least 1, at most a tyre's long life and more. */
export const DISTANCE_DRIVEN_KM = { min: 1, max: 200_000 } as const;

export const KM_PER_MILE = 1.609344;

export type DistanceUnit = 'km' | 'mi';

/** Markets whose drivers count miles (their roads are signed in miles); the others use km. */
const MILES_MARKETS: ReadonlySet<string> = new Set(['US', 'GB']);

export const distanceUnitOf = (market: string): DistanceUnit =>
  MILES_MARKETS.has(market) ? 'mi' : 'km';

export const toKm = (value: number, unit: DistanceUnit): number =>
  unit === 'km' ? value : Math.round(value * KM_PER_MILE);

export const fromKm = (km: number, unit: DistanceUnit): number =>
  unit === 'km' ? km : Math.round(km / KM_PER_MILE);

/** The distance a shopper may type in their unit: whatever stays within the km limits. */
export const distanceLimitsIn = (unit: DistanceUnit) => ({
  min: DISTANCE_DRIVEN_KM.min,
  max: unit === 'km' ? DISTANCE_DRIVEN_KM.max : Math.floor(DISTANCE_DRIVEN_KM.max / KM_PER_MILE),
});

export const DISTANCE_UNIT_WORDS: Record<DistanceUnit, string> = { km: 'km', mi: 'miles' };

/** '20,000 miles', '32,187 km': a stored distance in the shopper's unit. */
export const distanceText = (km: number, unit: DistanceUnit): string =>
  `${fromKm(km, unit).toLocaleString('en-US')} ${DISTANCE_UNIT_WORDS[unit]}`;

/** The fields' names, as the form labels them and the API's messages name them. */
export const REVIEW_DRIVING_LABELS = {
  product: 'Tyre reviewed',
  car: 'Your car',
  carMake: 'Car make',
  carModel: 'Car model',
  carYear: 'Car year',
  distance: (unit: DistanceUnit) => `Distance driven (${DISTANCE_UNIT_WORDS[unit]})`,
  /** The distance in a sentence that gives its unit after the number. */
  distanceShort: 'Distance driven',
} as const;
