/**
 * The words of "My car" (issue 33): the picker on the shop and the landing page, the shop's
 * alternative sizes, the fitment import, and the API's refusals. Plain values, bundled by the SPA.
 */
import { formatTyreSize } from './tyreSize';
import type { SizeOnly } from './sizeAlternatives';

/** What a car is called: make, model, generation and engine (the picker's words). */
export interface VehicleName {
  make: string;
  model: string;
  generation: string;
  engine: string;
  yearFrom: number;
  yearTo: number | null;
}

/** `VW Golf VII 1.4 TSI`. */
export const vehicleName = (v: VehicleName) =>
  [v.make, v.model, v.generation, v.engine].filter((part) => part !== '').join(' ');

/** `2012–2020`, `2019 on`. */
export const vehicleYears = (v: Pick<VehicleName, 'yearFrom' | 'yearTo'>) =>
  v.yearTo === null
    ? `${v.yearFrom} on`
    : v.yearFrom === v.yearTo
      ? `${v.yearFrom}`
      : `${v.yearFrom}–${v.yearTo}`;

/** The car and its year when one was picked, else its years: `VW Golf VII 1.4 TSI (2016)`. */
export const vehicleTitle = (v: VehicleName, year: number | null) =>
  `${vehicleName(v)} (${year ?? vehicleYears(v)})`;

/** `205/55 R16`, or `front 225/40 R18, rear 255/35 R18`. */
export const vehicleSizes = (front: SizeOnly, rear: SizeOnly) => {
  const f = formatTyreSize(front);
  const r = formatTyreSize(rear);
  return f === r ? f : `front ${f}, rear ${r}`;
};

export const vehicleCopy = {
  picker: {
    heading: 'My car',
    intro: 'Pick your car to see the tyres that fit it.',
    make: 'Make',
    model: 'Model',
    year: 'Year',
    version: 'Version',
    choose: 'Choose…',
    show: 'Show tyres for this car',
    /** Without the script: sends the choices so far, for the next list. */
    next: 'Next',
    loading: 'Loading the list',
    failed: 'We could not load the list of cars. Please try again.',
  },
  chosen: {
    title: (title: string) => `Tyres for ${title}`,
    sizes: (sizes: string) => `Original size: ${sizes}`,
    change: 'Change',
    clear: 'Clear',
    carGone: 'The car you picked is no longer in our list. Please pick it again.',
  },
  alternatives: {
    toggle: 'Also fits (check with your fitter)',
    heading: 'Also fits (check with your fitter)',
    intro:
      'These sizes are within 3 % of your car’s original overall diameter, on the same rim or one inch larger. Ask your fitter before you buy.',
    difference: (difference: string) => `${difference} diameter`,
    none: 'No tyres in other sizes that fit this car.',
  },
  search: {
    cars: 'Cars',
    pick: (title: string) => `Tyres for ${title}`,
  },
  refusals: {
    none: 'No car with this id.',
    sizeOf: (which: string) =>
      `${which} must be a tyre size as the sidewall writes it, for example 205/55 R16.`,
    yearRange: 'The last year is before the first one.',
    alternativesNeedCar: 'alternatives=true needs a car: give vehicle as well.',
  },
  import: {
    title: 'Car fitments',
    intro:
      'The cars of the “My car” picker and the tyre sizes their makers fitted, a row a car version. Download them as CSV, change them in a spreadsheet, then import the file: a row with the same make, model, generation, engine and first year replaces that version, a new one adds it. Nothing is stored until you have seen the check and confirmed.',
    exportHeading: 'Export',
    export: 'Download fitments (CSV)',
    exporting: 'Downloading the fitments',
    exported: (name: string) => `The fitments were saved as ${name}.`,
    exportedWhat: 'fitments',
    importHeading: 'Import',
    file: 'Fitments (CSV)',
    columns: 'Columns:',
    required: (columns: string) =>
      `(${columns} in every row; yearTo empty while still made, rear empty when as the front; sizes as the sidewall writes them, 205/55 R16).`,
    car: 'Car',
    imported: (stored: number) =>
      `Imported: ${stored} car ${stored === 1 ? 'version' : 'versions'} stored.`,
    seeCars: 'Pick a car in the shop',
  },
} as const;
