/**
 * What the store takes of a car, defined once: the contract's schemas validate with them and the
 * picker reads its choices from an address with them. Plain values, apart from `limits.ts`, so
 * only the pages with the picker bundle them.
 */

/** The longest make, model, generation or engine the store keeps. */
export const VEHICLE_TEXT_MAX = 60;
/** The years a car may be made in. */
export const VEHICLE_YEARS = { min: 1950, max: 2100 } as const;
