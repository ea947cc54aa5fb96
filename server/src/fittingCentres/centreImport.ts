import type { ImportProgress } from '../../../contract/productChanges';
import type {
  CentreImportReport,
  FittingCentre,
  FittingCentreBody,
  RejectedCentre,
} from '../../../contract/fittingCentres';
import type { Db } from '../db/client';
import type { CheckedCentre } from './centreCsv';
import { centresByCode, columnsOf, toCentre, upsertCentres } from './centreTable';
import { centreWords } from './centreWords';

/**
 * Runs checked CSV rows into the centres (or, dry, counts what they would do), in batches like
 * the catalogue's import: each batch in one transaction, progress after each.
 */

export const CENTRE_BATCH = 200;
const REJECTED_LISTED = 1000;

export interface CentreRun {
  db: Db;
  dryRun: boolean;
  batchSize?: number;
  onProgress?: (progress: ImportProgress) => void;
  onFailure?: (error: unknown) => void;
}

/** Whether a stored centre already is what the row says. */
function sameCentre(stored: FittingCentre, row: FittingCentreBody): boolean {
  const { _id, ...storedFields } = stored;
  const written = toCentre({
    ...columnsOf(row),
    id: _id,
    createdAt: new Date(0),
    updatedAt: new Date(0),
  });
  const { _id: _unused, ...rowFields } = written;
  return JSON.stringify(storedFields) === JSON.stringify(rowFields);
}

export async function importCentres(
  rows: readonly CheckedCentre[],
  run: CentreRun,
): Promise<CentreImportReport> {
  const size = run.batchSize ?? CENTRE_BATCH;
  const report: CentreImportReport = {
    dryRun: run.dryRun,
    rows: rows.length,
    added: 0,
    updated: 0,
    unchanged: 0,
    rejectedCount: 0,
    rejected: [],
    failure: null,
  };
  const reject = (rejected: RejectedCentre) => {
    report.rejectedCount += 1;
    if (report.rejected.length < REJECTED_LISTED) report.rejected.push(rejected);
  };
  const firstLine = new Map<string, number>();
  const valid: Array<Extract<CheckedCentre, { centre: FittingCentreBody }>> = [];
  for (const row of rows) {
    if ('problem' in row) {
      reject({ line: row.line, code: row.code, message: row.problem });
      continue;
    }
    const first = firstLine.get(row.code);
    if (first !== undefined) {
      reject({ line: row.line, code: row.code, message: centreWords.csv.duplicate(first) });
      continue;
    }
    firstLine.set(row.code, row.line);
    valid.push(row);
  }
  for (let start = 0; start < valid.length; start += size) {
    const batch = valid.slice(start, start + size);
    let added = 0;
    let changed = 0;
    try {
      const stored = await centresByCode(
        run.db,
        batch.map((row) => row.code),
      );
      const toWrite = batch.filter((row) => {
        const known = stored.get(row.code);
        if (!known) added += 1;
        return !known || !sameCentre(known, row.centre);
      });
      changed = toWrite.length;
      if (!run.dryRun && toWrite.length > 0) {
        await run.db.transaction((tx) =>
          upsertCentres(
            tx,
            toWrite.map((row) => row.centre),
          ),
        );
      }
    } catch (error) {
      report.failure = {
        message: run.dryRun
          ? `Checking stopped at line ${batch[0]!.line}. Nothing was stored; try again.`
          : `Storing stopped at line ${batch[0]!.line}: the database did not take the batch of ` +
            `lines ${batch[0]!.line}–${batch.at(-1)!.line}, so none of it was stored. Every valid ` +
            'row above it is stored. Run the same file again to finish.',
        firstLineNotStored: batch[0]!.line,
      };
      run.onFailure?.(error);
      break;
    }
    report.added += added;
    report.updated += changed - added;
    report.unchanged += batch.length - changed;
    run.onProgress?.({
      phase: run.dryRun ? 'checking' : 'storing',
      done: start + batch.length,
      total: valid.length,
    });
  }
  report.rejected.sort((a, b) => a.line - b.line);
  return report;
}
