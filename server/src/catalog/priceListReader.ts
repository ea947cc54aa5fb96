import { parse, CsvError } from 'csv-parse';
import { refusals } from '../refusals';
import type { Readable } from 'node:stream';
import { CSV_COLUMNS, IMPORT_LIMITS } from '../../../contract/catalogTerms';
import { Invalid, TooLarge } from '../domainErrors';
import { csvProblem, NotCsvFile, textOnly } from './csvProblems';
import { checkHeader, checkRow, type CheckedRow } from './importRows';
import type { OwnPriceColumns } from '../markets/ownPriceCsv';

/**
 * Reads an uploaded price list with csv-parse: the header row, then each row checked on its
 * own. A file that is not CSV, or has more rows than the store takes, is refused whole.
 */

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export const FILE_TOO_LARGE = `The file is larger than ${megabytes(IMPORT_LIMITS.bytes)}, the most one import takes: split it into smaller files.`;
const TOO_MANY_ROWS = `The file has more than ${IMPORT_LIMITS.rows.toLocaleString('en-US')} rows, the most one import takes: split it into smaller files.`;

/**
 * What one line of a price list may hold, checked while it is read, so that a file built to be
 * slow (a header of millions of columns, one cell of 50 MB) is refused at once instead of after
 * being read whole. A product's cells take a few kilobytes (a description is at most 2,000
 * characters, a picture's address 2,048); a spreadsheet may add empty cells at the end of a line.
 */
export const LINE_LIMITS = { cells: 1000, characters: 64 * 1024 } as const;

const tooManyCells = (line: number) =>
  `Line ${line} has more than ${LINE_LIMITS.cells.toLocaleString('en-US')} cells: a price list has one cell for each of its columns (${CSV_COLUMNS.length} at most). Check that the file is comma-separated.`;
const lineTooLong = (line: number) =>
  `Line ${line} is longer than ${LINE_LIMITS.characters / 1024} KB, more than a product's cells ever take: check that every cell that opens a quote (") closes it.`;

class TooManyCells extends Error {
  constructor(readonly line: number) {
    super(tooManyCells(line));
  }
}

/** How a CSV file's rows are read: its header checked, then each row on its own. */
export interface CsvRowReader<Column extends string, Row> {
  /** The columns the first line names, or a refusal of the file. */
  header: (names: readonly string[]) => Column[];
  /** One row's cells by column, as a checked row (values or a problem). */
  row: (line: number, cells: Partial<Record<Column, string>>) => Row;
  /** A row whose count of cells differs from the header's. */
  miscounted: (line: number, problem: string) => Row;
}

/**
 * The rows of a price list, each checked against the catalogue's columns and the markets' own
 * prices (`own`).
 */
export function readPriceList(file: Readable, own?: OwnPriceColumns): Promise<CheckedRow[]> {
  return readCsvRows(file, {
    header: (names) => checkHeader(names, own),
    row: (line, cells) => checkRow(line, cells, own),
    miscounted: (line, problem) => ({ line, sku: null, problem }),
  });
}

/**
 * A CSV file's rows with csv-parse, checked one by one by `reader` (the price list's, the car
 * fitments'), with the line numbers a spreadsheet shows.
 */
export async function readCsvRows<Column extends string, Row>(
  file: Readable,
  reader: CsvRowReader<Column, Row>,
): Promise<Row[]> {
  // The line the last whole row ended on: where an unclosed quote began after.
  let lastRecordLine = 0;
  const text = textOnly();
  const parser = file.pipe(text).pipe(
    // Blank lines are read too (as one empty cell), so the row numbers match a spreadsheet's.
    parse({
      bom: true,
      relax_column_count: true,
      max_record_size: LINE_LIMITS.characters,
      // Called for every cell as it is read: the place to count a line's cells.
      cast: (value, { column, records }) => {
        if (typeof column === 'number' && column >= LINE_LIMITS.cells) {
          // Lines as a spreadsheet numbers them: the header is 1.
          throw new TooManyCells(records + 1);
        }
        return value;
      },
      on_record: (record, { lines }) => {
        lastRecordLine = lines;
        return record;
      },
    }),
  );
  file.on('error', (error) => parser.destroy(error));
  text.on('error', (error) => parser.destroy(error));
  let columns: Column[] | null = null;
  const rows: Row[] = [];
  // Rows as a spreadsheet numbers them (the header is 1): a cell with line breaks is one row.
  let line = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      line += 1;
      if (!columns) {
        columns = reader.header(record);
        continue;
      }
      // A row of empty cells (a spreadsheet's trailing ",,,,") says nothing.
      if (record.every((cell) => cell.trim() === '')) continue;
      if (rows.length === IMPORT_LIMITS.rows) throw new TooLarge(TOO_MANY_ROWS, 'file');
      if (record.length !== columns.length) {
        rows.push(
          reader.miscounted(
            line,
            `This row has ${record.length} cells where the first row names ${columns.length} columns.`,
          ),
        );
        continue;
      }
      const cells: Partial<Record<Column, string>> = {};
      columns.forEach((column, i) => (cells[column] = record[i]!));
      rows.push(reader.row(line, cells));
    }
  } catch (error) {
    parser.destroy();
    if (error instanceof TooManyCells) throw new Invalid(error.message, 'file');
    if (error instanceof CsvError && error.code === 'CSV_MAX_RECORD_SIZE') {
      // Lines as a spreadsheet numbers them: the header is 1.
      throw new Invalid(lineTooLong(Number(error.records) + 1), 'file');
    }
    if (error instanceof NotCsvFile) throw new Invalid(error.message, 'file');
    if (error instanceof CsvError) {
      throw new Invalid(csvProblem(error, lastRecordLine), 'file');
    }
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new TooLarge(FILE_TOO_LARGE, 'file');
    }
    throw error;
  }
  if (!columns) throw new Invalid(refusals.catalog.noHeader, 'file');
  return rows;
}
