import { parse, CsvError } from 'csv-parse';
import type { Readable } from 'node:stream';
import { IMPORT_LIMITS, type CsvColumn } from '../contract/catalogTerms';
import { HttpError } from '../http/errors';
import { checkHeader, checkRow, type CheckedRow } from './importRows';

/**
 * Reads an uploaded price list with csv-parse: the header row, then each row checked on its
 * own. A file that is not CSV, or has more rows than the store takes, is refused whole.
 */

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export const FILE_TOO_LARGE = `The file is larger than ${megabytes(IMPORT_LIMITS.bytes)}, the most one import takes: split it into smaller files.`;
const TOO_MANY_ROWS = `The file has more than ${IMPORT_LIMITS.rows.toLocaleString('en-US')} rows, the most one import takes: split it into smaller files.`;

export async function readPriceList(
  file: Readable,
  onProgress?: (bytesRead: number) => void,
): Promise<CheckedRow[]> {
  const parser = file.pipe(
    parse({ bom: true, info: true, skip_empty_lines: true, relax_column_count: true }),
  );
  file.on('error', (error) => parser.destroy(error));
  let columns: CsvColumn[] | null = null;
  const rows: CheckedRow[] = [];
  try {
    for await (const { info, record } of parser as AsyncIterable<{
      info: { lines: number };
      record: string[];
    }>) {
      if (!columns) {
        columns = checkHeader(record);
        continue;
      }
      if (rows.length === IMPORT_LIMITS.rows) throw new HttpError(413, TOO_MANY_ROWS, 'file');
      const line = info.lines;
      if (record.length !== columns.length) {
        rows.push({
          line,
          sku: null,
          problem: `The line has ${record.length} cells where the first line names ${columns.length} columns.`,
        });
        continue;
      }
      const cells: Partial<Record<CsvColumn, string>> = {};
      columns.forEach((column, i) => (cells[column] = record[i]!));
      rows.push(checkRow(line, cells));
      if (rows.length % 5000 === 0) onProgress?.(parser.info.bytes);
    }
  } catch (error) {
    parser.destroy();
    if (error instanceof CsvError) {
      throw new HttpError(400, `The file could not be read as CSV: ${error.message}`, 'file');
    }
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, FILE_TOO_LARGE, 'file');
    }
    throw error;
  }
  if (!columns)
    throw new HttpError(400, 'The file is empty: the first line must name the columns.', 'file');
  return rows;
}
