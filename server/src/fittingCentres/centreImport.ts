import { recordAudit, type AuditActor } from '../audit/auditTrail';
import { batchAudit, runBatchedImport, type ImportRun } from '../csvImport/batchedImport';
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

export interface CentreRun extends ImportRun {
  db: Db;
  /** Who imports which file: each stored batch is a row of the audit trail. */
  by: { actor: AuditActor; fileName: string };
}

type ValidCentre = Extract<CheckedCentre, { centre: FittingCentreBody }>;
type ProblemCentre = Extract<CheckedCentre, { problem: string }>;

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
  return runBatchedImport<ValidCentre, ProblemCentre, RejectedCentre>(rows, run, {
    batchSize: CENTRE_BATCH,
    refusal: (row) => ({ line: row.line, code: row.code, message: row.problem }),
    keyOf: (row) => row.code,
    duplicate: (row, first) => ({
      line: row.line,
      code: row.code,
      message: centreWords.csv.duplicate(first),
    }),
    async store(batch, dryRun) {
      const stored = await centresByCode(
        run.db,
        batch.map((row) => row.code),
      );
      const toWrite = batch.filter((row) => {
        const known = stored.get(row.code);
        return !known || !sameCentre(known, row.centre);
      });
      const added = batch.filter((row) => !stored.has(row.code)).length;
      if (!dryRun && toWrite.length > 0) {
        await run.db.transaction(async (tx) => {
          await upsertCentres(
            tx,
            toWrite.map((row) => row.centre),
          );
          await recordAudit(tx, run.by.actor, [
            batchAudit('fitting', 'import', run.by.fileName, batch, {
              added,
              updated: toWrite.length - added,
              codes: toWrite.map((row) => row.code),
            }),
          ]);
        });
      }
      return {
        added,
        updated: toWrite.length - added,
        unchanged: batch.length - toWrite.length,
      };
    },
  });
}
