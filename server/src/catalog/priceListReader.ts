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

export async function readPriceList(file: Readable): Promise<CheckedRow[]> {
  const parser = file.pipe(
    // Blank lines are read too (as one empty cell), so the row numbers match a spreadsheet's.
    parse({ bom: true, relax_column_count: true }),
  );
  file.on('error', (error) => parser.destroy(error));
  let columns: CsvColumn[] | null = null;
  const rows: CheckedRow[] = [];
  // Rows as a spreadsheet numbers them (the header is 1): a cell with line breaks is one row.
  let line = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      line += 1;
      if (!columns) {
        columns = checkHeader(record);
        continue;
      }
      // A row of empty cells (a spreadsheet's trailing ",,,,") says nothing.
      if (record.every((cell) => cell.trim() === '')) continue;
      if (rows.length === IMPORT_LIMITS.rows) throw new HttpError(413, TOO_MANY_ROWS, 'file');
      if (record.length !== columns.length) {
        rows.push({
          line,
          sku: null,
          problem: `This row has ${record.length} cells where the first row names ${columns.length} columns.`,
        });
        continue;
      }
      const cells: Partial<Record<CsvColumn, string>> = {};
      columns.forEach((column, i) => (cells[column] = record[i]!));
      rows.push(checkRow(line, cells));
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
