import { HttpResponse } from 'msw';
import type { CsvImportReport } from '../features/admin/csv/csvImportRequest';

/** Lines of NDJSON, as a CSV import streams them. */
export const ndjson = (...lines: unknown[]) =>
  lines.map((line) => `${JSON.stringify(line)}\n`).join('');

/** A CSV import's answer as the API streams it: progress lines, then the report. */
export function streamedImport(report: CsvImportReport, total = report.rows) {
  const phase = report.dryRun ? 'checking' : 'storing';
  const body = ndjson(
    { progress: { phase, done: Math.floor(total / 2), total } },
    { progress: { phase, done: total, total } },
    { report },
  );
  return new HttpResponse(body, { headers: { 'content-type': 'application/x-ndjson' } });
}
