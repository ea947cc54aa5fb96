import { REJECTED_LISTED } from '../../../contract/importReport';
import type { ImportProgress } from '../../../contract/productChanges';
import type { AuditRecord } from '../audit/auditTrail';

/**
 * The run every CSV import shares (price list, fitments, fitting centres): rows that failed
 * their checks and second rows for one key are refused, then the valid ones are stored batch by
 * batch, each batch in one transaction of the import's own, so a failure stops at a batch
 * boundary and the same file run again finishes the job. A dry run only counts.
 */

export interface ImportRun {
  dryRun: boolean;
  batchSize?: number;
  onProgress?: (progress: ImportProgress) => void;
  /** Told why a batch failed (the report only says where). */
  onFailure?: (error: unknown) => void;
}

/** What one batch did, or (dry) would do. */
export interface BatchOutcome<Rejected> {
  added: number;
  updated: number;
  unchanged: number;
  /** Rows refused only once stored data was read (a picture not of this store, …). */
  rejected?: readonly Rejected[];
}

export interface ImportSteps<Valid, Problem, Rejected> {
  /** The import's own batch size, unless the run names one. */
  batchSize: number;
  /** The refusal of a row whose cells failed their checks. */
  refusal(row: Problem): Rejected;
  /** What a second row for the same thing repeats (the first one is kept). */
  keyOf(row: Valid): string;
  duplicate(row: Valid, firstLine: number): Rejected;
  /** Stores a batch in one transaction or, dry, counts what it would do. */
  store(batch: Valid[], dryRun: boolean): Promise<BatchOutcome<Rejected>>;
}

export interface ImportTally<Rejected> {
  dryRun: boolean;
  rows: number;
  added: number;
  updated: number;
  unchanged: number;
  rejectedCount: number;
  rejected: Rejected[];
  failure: { message: string; firstLineNotStored: number } | null;
}

type Lined = { line: number };

/** The audit row of one stored batch of a file: the file, its lines and what the batch did. */
export function batchAudit(
  kind: AuditRecord['kind'],
  action: string,
  fileName: string,
  batch: readonly Lined[],
  counts: Record<string, unknown>,
): AuditRecord {
  return {
    kind,
    action,
    objectType: 'file',
    objectId: fileName,
    details: { file: fileName, lines: `${batch[0]!.line}–${batch.at(-1)!.line}`, ...counts },
  };
}

const stoppedAt = (first: number, last: number, dryRun: boolean) =>
  dryRun
    ? `Checking stopped at line ${first}: the database did not answer for the lines ` +
      `${first}–${last}. Nothing was stored (a dry run stores nothing); try again.`
    : `Storing stopped at line ${first}: the database did not take the batch of lines ` +
      `${first}–${last}, so none of it was stored. Every valid row above it is stored. Run the ` +
      'same file again to finish: rows already stored count as unchanged.';

export async function runBatchedImport<
  Valid extends Lined,
  Problem extends Lined & { problem: string },
  Rejected extends Lined,
>(
  rows: ReadonlyArray<Valid | Problem>,
  run: ImportRun,
  steps: ImportSteps<Valid, Problem, Rejected>,
): Promise<ImportTally<Rejected>> {
  const size = run.batchSize ?? steps.batchSize;
  const tally: ImportTally<Rejected> = {
    dryRun: run.dryRun,
    rows: rows.length,
    added: 0,
    updated: 0,
    unchanged: 0,
    rejectedCount: 0,
    rejected: [],
    failure: null,
  };
  const reject = (rejected: Rejected) => {
    tally.rejectedCount += 1;
    if (tally.rejected.length < REJECTED_LISTED) tally.rejected.push(rejected);
  };
  // A second row for one key is refused: which of the two should win is not for the store to guess.
  const firstLine = new Map<string, number>();
  const valid: Valid[] = [];
  for (const row of rows) {
    if ('problem' in row) {
      reject(steps.refusal(row as Problem));
      continue;
    }
    const key = steps.keyOf(row);
    const first = firstLine.get(key);
    if (first !== undefined) {
      reject(steps.duplicate(row, first));
      continue;
    }
    firstLine.set(key, row.line);
    valid.push(row);
  }
  for (let start = 0; start < valid.length; start += size) {
    const batch = valid.slice(start, start + size);
    let outcome: BatchOutcome<Rejected>;
    try {
      outcome = await steps.store(batch, run.dryRun);
    } catch (error) {
      tally.failure = {
        message: stoppedAt(batch[0]!.line, batch.at(-1)!.line, run.dryRun),
        firstLineNotStored: batch[0]!.line,
      };
      run.onFailure?.(error);
      break;
    }
    tally.added += outcome.added;
    tally.updated += outcome.updated;
    tally.unchanged += outcome.unchanged;
    outcome.rejected?.forEach(reject);
    run.onProgress?.({
      phase: run.dryRun ? 'checking' : 'storing',
      done: start + batch.length,
      total: valid.length,
    });
    // Lets the shop's requests in between two batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
  tally.rejected.sort((a, b) => a.line - b.line);
  return tally;
}
