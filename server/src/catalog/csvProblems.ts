import { Transform } from 'node:stream';
import { type CsvError } from 'csv-parse';
import { refusals } from '../refusals';

const words = refusals.catalog.csv;

/** What a file starts with when it is a known kind of file that is not text. */
const SIGNATURES: Array<[bytes: number[], kind: string]> = [
  [[0x89, 0x50, 0x4e, 0x47], 'a picture (PNG)'],
  [[0xff, 0xd8, 0xff], 'a picture (JPEG)'],
  [[0x47, 0x49, 0x46, 0x38], 'a picture (GIF)'],
  [[0x52, 0x49, 0x46, 0x46], 'a picture or a sound (RIFF)'],
  [[0x25, 0x50, 0x44, 0x46], 'a PDF document'],
  // An .xlsx or .ods is a zip archive.
  [[0x50, 0x4b, 0x03, 0x04], 'a spreadsheet or zip archive (such as .xlsx)'],
  [[0xd0, 0xcf, 0x11, 0xe0], 'an old Office document (such as .xls)'],
];

/** What a file is by its first bytes: a kind of file, null for other binary data, false for text. */
export function notCsvKind(start: Uint8Array): string | false | null {
  for (const [bytes, kind] of SIGNATURES) {
    if (bytes.every((byte, i) => start[i] === byte)) return kind;
  }
  // Text never holds a NUL byte; pictures, archives and UTF-16 files do.
  return start.subarray(0, 4096).includes(0) ? null : false;
}

/** Raised for a file that is not text at all (a picture renamed .csv). */
export class NotCsvFile extends Error {
  constructor(kind: string | null) {
    super(words.notCsv(kind));
  }
}

/** Passes a file through, refusing it at its first bytes if they are not text. */
export function textOnly(): Transform {
  let first = true;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (first) {
        first = false;
        const kind = notCsvKind(chunk);
        if (kind !== false) return done(new NotCsvFile(kind));
      }
      done(null, chunk);
    },
  });
}

/**
 * A csv-parse error in a person's words, naming the line (as a text editor numbers them).
 * `lastRecordLine`: the line the last whole row ended on; an unclosed quote opened after it.
 */
export function csvProblem(error: CsvError, lastRecordLine: number): string {
  const line = Number((error as { lines?: number }).lines ?? lastRecordLine + 1);
  switch (error.code as string) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return words.quoteNotClosed(lastRecordLine + 1);
    // csv-parse names this one without its CSV_ prefix.
    case 'INVALID_OPENING_QUOTE':
    case 'CSV_INVALID_OPENING_QUOTE':
      return words.quoteInsideCell(line);
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return words.textAfterQuote(line);
    default:
      return words.unreadable(line);
  }
}
