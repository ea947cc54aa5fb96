/**
 * The fitments CSV's columns (issue 33): the import reads a row by these names, the export
 * writes them, and the admin's import page lists them. Plain values, bundled by the SPA.
 */
export const FITMENT_COLUMNS = [
  'make',
  'model',
  'generation',
  'engine',
  'yearFrom',
  'yearTo',
  'front',
  'rear',
  // What the car needs of its tyres (issue 50): rear empty when as the front.
  'frontLoadIndex',
  'frontSpeedRating',
  'rearLoadIndex',
  'rearSpeedRating',
  /** Other factory sizes, `;` between them, `+` between front and rear of a staggered pair. */
  'factorySizes',
  'runFlat',
  'tpms',
  'fourWheelDrive',
  /** The maker's OE marks, `;` between them: ★ (or *), MO, AO, N0 … */
  'oeMarks',
] as const;
export type FitmentColumn = (typeof FITMENT_COLUMNS)[number];

/** The columns every row must fill; the others may be empty (or left out of the file). */
export const FITMENT_REQUIRED: readonly FitmentColumn[] = [
  'make',
  'model',
  'engine',
  'yearFrom',
  'front',
];

/** How the columns of what a car needs of its tyres are written (the import page says it). */
export const FITMENT_NEEDS_RULE =
  'The least load index and speed rating per axle as 94 and V (the rear’s empty when as the front’s); factorySizes with ";" between sizes and "+" between front and rear; runFlat, tpms and fourWheelDrive yes or no; oeMarks with ";" between them, * for BMW’s ★. A column left out of the file keeps what the store has.';
