import { importReportOf } from './importReport';
import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common';
import { VEHICLE_TEXT_MAX, VEHICLE_YEARS } from './vehicleLimits';

/**
 * Cars and their original tyre sizes (issue 33): the "My car" picker's lists and the versions
 * it ends on. What a size is and which others fit are plain modules (tyreSize.ts,
 * sizeAlternatives.ts), so the SPA bundles them without TypeBox.
 */

export { VEHICLE_TEXT_MAX, VEHICLE_YEARS } from './vehicleLimits';
/** Cars a search box suggestion lists at most. */
export const VEHICLE_SEARCH_MAX = 8;

const Text = (title: string, description: string, example: string) =>
  Type.String({
    minLength: 1,
    maxLength: VEHICLE_TEXT_MAX,
    pattern: '\\S',
    title,
    description,
    examples: [example],
  });
const Year = (title: string, description: string) =>
  Type.Integer({ ...VEHICLE_YEARS, title, description, examples: [2016] });

export const VehicleTyreSize = Type.Object({
  width: Type.Integer({ description: 'Tyre width in mm' }),
  aspect: Type.Integer({ description: 'Sidewall height, % of the width' }),
  rim: Type.Number({ description: 'Rim diameter in inches' }),
});

/** The least load index and speed rating a tyre on one axle must have (null: not known). */
export const AxleMinimum = Type.Object({
  loadIndex: Type.Union([Type.Integer({ minimum: 50, maximum: 169 }), Type.Null()], {
    examples: [94],
  }),
  speedRating: Type.Union([Type.String({ examples: ['V'] }), Type.Null()]),
});

/**
 * One version of a car (engine and years), the tyre sizes its maker fitted and what it needs of
 * its tyres axle by axle (issue 50).
 */
export const Vehicle = Type.Object(
  {
    _id: Id,
    make: Type.String({ examples: ['VW'] }),
    model: Type.String({ examples: ['Golf'] }),
    generation: Type.String({
      description: 'Generation or body (may be empty)',
      examples: ['VII'],
    }),
    engine: Type.String({ examples: ['1.4 TSI'] }),
    yearFrom: Type.Integer({ description: 'First model year' }),
    yearTo: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Last model year; null while still made',
    }),
    front: VehicleTyreSize,
    rear: VehicleTyreSize,
    frontMinimum: AxleMinimum,
    rearMinimum: AxleMinimum,
    factorySizes: Type.Array(Type.Object({ front: VehicleTyreSize, rear: VehicleTyreSize }), {
      description: 'Other sizes the maker fitted (winter wheels, other rims)',
    }),
    runFlat: Type.Boolean({ description: 'Left the factory on run-flat tyres' }),
    tpms: Type.Boolean({ description: 'Has tyre-pressure sensors in the wheels' }),
    fourWheelDrive: Type.Boolean(),
    oeMarks: Type.Array(Type.String(), {
      description:
        'The OE marks its maker approves tyres with (★ BMW, MO Mercedes, AO Audi, N0–N5 Porsche)',
      examples: [['★']],
    }),
  },
  { $id: 'Vehicle' },
);
export type Vehicle = Static<typeof Vehicle>;

export const VehicleList = Type.Array(Vehicle);
export type VehicleList = Static<typeof VehicleList>;

const Make = Text('make', 'The make, as the makes list names it', 'VW');
const Model = Text('model', 'The model, as the models list names it', 'Golf');

export const VehicleModelsQuery = Type.Object({ make: Make }, { additionalProperties: false });
export type VehicleModelsQuery = Static<typeof VehicleModelsQuery>;

export const VehicleYearsQuery = Type.Object(
  { make: Make, model: Model },
  { additionalProperties: false },
);
export type VehicleYearsQuery = Static<typeof VehicleYearsQuery>;

export const VehicleVersionsQuery = Type.Object(
  { make: Make, model: Model, year: Year('year', 'A year the version was made in') },
  { additionalProperties: false },
);
export type VehicleVersionsQuery = Static<typeof VehicleVersionsQuery>;

export const VehicleSearchQuery = Type.Object(
  {
    q: Type.String({
      minLength: 1,
      maxLength: 100,
      title: 'q',
      description: 'Words of the make, model, generation or engine, and maybe a year: golf 2016',
      examples: ['golf 2016'],
    }),
  },
  { additionalProperties: false },
);
export type VehicleSearchQuery = Static<typeof VehicleSearchQuery>;

/** A car a search found, and the year it named (null: none). */
export const VehicleMatch = Type.Object({
  vehicle: Vehicle,
  year: Type.Union([Type.Integer(), Type.Null()]),
});
export const VehicleMatches = Type.Array(VehicleMatch);
export type VehicleMatches = Static<typeof VehicleMatches>;

export const Names = Type.Array(Type.String());
export const Years = Type.Array(Type.Integer(), { description: 'Newest first' });

/** What `GET /product` and `/product/facets` take to show the tyres of one car. */
export const VehicleSearchFields = {
  vehicle: Type.Optional(
    Type.String({
      format: 'uuid',
      title: 'vehicle',
      description: "A car's id: only tyres in its original sizes (front and rear)",
      errorMessage: { format: 'is not one the store uses' },
    }),
  ),
  alternatives: Type.Optional(
    Type.Boolean({
      title: 'alternatives',
      description:
        'With vehicle: instead of the original sizes, the other sizes that fit (overall ' +
        'diameter within ±3 %, same rim or one inch larger), never the originals',
    }),
  ),
};

/** A fitment row the import refused: its line (the header is line 1), the car and why. */
export const RejectedFitment = Type.Object({
  line: Type.Integer({ minimum: 2 }),
  car: Type.Union([Type.String(), Type.Null()], { description: 'The car the row names, if any' }),
  message: Type.String(),
});
export type RejectedFitment = Static<typeof RejectedFitment>;

/** What a fitments import did, or (dry run) would do. */
export const FitmentImportReport = importReportOf('FitmentImportReport', RejectedFitment, {});
export type FitmentImportReport = Static<typeof FitmentImportReport>;
