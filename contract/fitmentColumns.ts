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
