import { recordAudit, type AuditActor } from '../audit/auditTrail';
import { batchAudit, runBatchedImport, type ImportRun } from '../csvImport/batchedImport';
import { formatTyreSize } from '../../../contract/tyreSize';
import { vehicleCopy } from '../../../contract/vehicleCopy';
import {
  FITMENT_COLUMNS,
  FITMENT_REQUIRED,
  type FitmentColumn,
} from '../../../contract/fitmentColumns';
import {
  VEHICLE_TEXT_MAX,
  VEHICLE_YEARS,
  type FitmentImportReport,
  type RejectedFitment,
  type Vehicle,
} from '../../../contract/vehicles';
import type { Db } from '../db/client';
import { CONTROL } from '../validation/controlCharacters';
import { checkCsvHeader, unescapeCell } from '../catalog/csvCells';
import {
  axleNeedsCells,
  axleNeedsOf,
  needsAfter,
  sameAxleNeeds,
  sizeOf,
  type AxleNeeds,
  type NeedsOfRow,
} from './axleCells';
import { readVehicles, upsertVehicles, versionKey, type NewVehicle } from './vehicleTable';

/**
 * The car fitments CSV: a row a version (make, model, generation, engine, years, front and rear
 * sizes, and what it needs of its tyres: axleCells.ts), read with the price list's reader and stored in batches like it: a dry run counts,
 * an import stores each batch in one transaction. A row with a known version's key (make,
 * model, generation, engine, first year) replaces its years and sizes.
 */

export const FITMENT_BATCH = 1000;

/** A row's car: its name, years and sizes, and what it says of its needs (axleCells.ts). */
export type FitmentOfRow = Omit<NewVehicle, keyof AxleNeeds> & { needs: NeedsOfRow };

export type CheckedFitment =
  | { line: number; car: string; vehicle: FitmentOfRow }
  | { line: number; car: string | null; problem: string };

export function checkFitmentHeader(names: readonly string[]): FitmentColumn[] {
  return checkCsvHeader(names, FITMENT_COLUMNS, (seen) => {
    const missing = FITMENT_REQUIRED.filter((column) => !seen.has(column));
    return missing.length > 0 ? `The file needs the columns ${missing.join(', ')}.` : null;
  });
}

function yearOf(text: string): number | null {
  if (!/^\d{4}$/.test(text)) return null;
  const year = Number(text);
  return year >= VEHICLE_YEARS.min && year <= VEHICLE_YEARS.max ? year : null;
}

export function checkFitmentRow(
  line: number,
  cells: Partial<Record<FitmentColumn, string>>,
): CheckedFitment {
  const text: Partial<Record<FitmentColumn, string>> = {};
  for (const [column, cell] of Object.entries(cells) as Array<[FitmentColumn, string]>) {
    if (CONTROL.test(cell) || cell.includes('\uFFFD')) {
      return { line, car: null, problem: `${column} is not plain UTF-8 text.` };
    }
    text[column] = unescapeCell(cell).trim();
  }
  const car =
    [text.make, text.model, text.generation, text.engine].filter(Boolean).join(' ') || null;
  const problem = (message: string) => ({ line, car, problem: message });
  for (const column of ['make', 'model', 'engine'] as const) {
    if (!text[column]) return problem(`${column} is required.`);
  }
  for (const column of ['make', 'model', 'generation', 'engine'] as const) {
    if ((text[column] ?? '').length > VEHICLE_TEXT_MAX) {
      return problem(`${column} must be at most ${VEHICLE_TEXT_MAX} characters.`);
    }
  }
  const yearFrom = yearOf(text.yearFrom ?? '');
  const yearRule = `a year from ${VEHICLE_YEARS.min} to ${VEHICLE_YEARS.max}, as in 2016`;
  if (yearFrom === null) return problem(`yearFrom must be ${yearRule}.`);
  let yearTo: number | null = null;
  if (text.yearTo) {
    yearTo = yearOf(text.yearTo);
    if (yearTo === null) return problem(`yearTo must be ${yearRule}, or empty while still made.`);
    if (yearTo < yearFrom) return problem(vehicleCopy.refusals.yearRange);
  }
  const front = sizeOf(text.front ?? '');
  if (!front) return problem(vehicleCopy.refusals.sizeOf('front'));
  const rear = text.rear ? sizeOf(text.rear) : front;
  if (!rear) return problem(vehicleCopy.refusals.sizeOf('rear'));
  const needs = axleNeedsOf(text);
  if ('problem' in needs) return problem(needs.problem);
  return {
    line,
    car: car!,
    vehicle: {
      make: text.make!,
      model: text.model!,
      generation: text.generation ?? '',
      engine: text.engine!,
      yearFrom,
      yearTo,
      front,
      rear,
      needs: needs.value,
    },
  };
}

/** The cells of a version as the export writes them (and the import reads them back). */
export function fitmentCells(vehicle: Vehicle): Record<FitmentColumn, string> {
  const rear = formatTyreSize(vehicle.rear);
  const front = formatTyreSize(vehicle.front);
  return {
    make: vehicle.make,
    model: vehicle.model,
    generation: vehicle.generation,
    engine: vehicle.engine,
    yearFrom: String(vehicle.yearFrom),
    yearTo: vehicle.yearTo === null ? '' : String(vehicle.yearTo),
    front,
    rear: rear === front ? '' : rear,
    ...axleNeedsCells(vehicle),
  };
}

const sameFitment = (a: NewVehicle, b: NewVehicle) =>
  a.yearTo === b.yearTo &&
  formatTyreSize(a.front) === formatTyreSize(b.front) &&
  formatTyreSize(a.rear) === formatTyreSize(b.rear) &&
  sameAxleNeeds(a, b);

export interface FitmentRun extends ImportRun {
  db: Db;
  /** Who imports which file, for the audit trail. */
  by: { actor: AuditActor; fileName: string };
}

type ValidFitment = Extract<CheckedFitment, { vehicle: FitmentOfRow }>;
type ProblemFitment = Extract<CheckedFitment, { problem: string }>;

/** Runs checked fitment rows into the vehicles table (or, dry, counts what they would do). */
export async function importFitments(
  rows: readonly CheckedFitment[],
  run: FitmentRun,
): Promise<FitmentImportReport> {
  // The versions stored now, by key: what each row adds, changes or leaves as it is.
  const stored = new Map((await readVehicles(run.db)).map((v) => [versionKey(v), v]));
  const versionOf = ({ needs, ...car }: FitmentOfRow): NewVehicle => ({
    ...car,
    ...needsAfter(stored.get(versionKey(car)), needs),
  });
  return runBatchedImport<ValidFitment, ProblemFitment, RejectedFitment>(rows, run, {
    batchSize: FITMENT_BATCH,
    refusal: (row) => ({ line: row.line, car: row.car, message: row.problem }),
    keyOf: (row) => versionKey(row.vehicle),
    duplicate: (row, first) => ({
      line: row.line,
      car: row.car,
      message: `This car is on line ${first} already.`,
    }),
    async store(batch, dryRun) {
      const versions = batch.map((row) => versionOf(row.vehicle));
      const changed = versions.filter((vehicle) => {
        const known = stored.get(versionKey(vehicle));
        return !known || !sameFitment(known, vehicle);
      });
      const added = changed.filter((vehicle) => !stored.has(versionKey(vehicle))).length;
      if (!dryRun && changed.length > 0) {
        await run.db.transaction(async (tx) => {
          await upsertVehicles(tx, changed);
          await recordAudit(tx, run.by.actor, [
            batchAudit('fitments', 'import', run.by.fileName, batch, {
              added,
              updated: changed.length - added,
            }),
          ]);
        });
      }
      return {
        added,
        updated: changed.length - added,
        unchanged: batch.length - changed.length,
      };
    },
  });
}
