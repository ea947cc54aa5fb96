import { CSV_COLUMNS, type CsvColumn } from '../../../contract/catalogTerms';
import type { EuLabel } from '../../../contract/euLabel';
import type { Product } from '../../../contract/products';
import type { TyreMarks } from '../../../contract/tyreMarks';
import { refusals } from '../refusals';
import { Invalid } from '../domainErrors';

/**
 * One product as a row of the catalogue's CSV, and back: the export writes every column, the
 * import reads the cells it finds. Cells a spreadsheet would run as a formula are escaped.
 */

/**
 * A cell starting with one of these is a formula to Excel, LibreOffice and Google Sheets (CSV
 * injection, OWASP): the export puts an apostrophe in front, which spreadsheets show as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** An apostrophe the export added: before a formula start, or before another apostrophe. */
const ADDED_APOSTROPHE = /^'(?=[=+\-@\t\r'])/;

/** A cell as the export writes it; `unescapeCell` gives back exactly the text. */
export function escapeCell(text: string): string {
  return FORMULA_START.test(text) || ADDED_APOSTROPHE.test(text) ? `'${text}` : text;
}

/** A cell as the import reads it: the export's apostrophe taken off again. */
export function unescapeCell(text: string): string {
  return text.replace(ADDED_APOSTROPHE, '');
}

const number = (value: number | null) => (value === null ? '' : String(value));

/** The label's yes/no cells as the export writes them (the import takes true/false too). */
export const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** The EU label's cells as the export writes them: all empty for a product without one. */
export function labelCells(label: EuLabel | null) {
  return {
    labelFuel: label?.fuel ?? '',
    labelWetGrip: label?.wetGrip ?? '',
    labelNoiseDb: label ? String(label.noiseDb) : '',
    labelNoiseClass: label?.noiseClass ?? '',
    labelSnow: label ? yesNo(label.snow) : '',
    labelIce: label ? yesNo(label.ice) : '',
    labelEprel: label?.eprel ?? '',
  };
}

/**
 * The marks' cells as the export writes them; null (the bench's supplier rows): all empty, so
 * the import reads them from the name.
 */
export function markCells(marks: TyreMarks | null) {
  return {
    oeMark: marks?.oeMark ?? '',
    runFlat: marks ? yesNo(marks.runFlat) : '',
    reinforced: marks ? yesNo(marks.reinforced) : '',
    threePeak: marks ? yesNo(marks.threePeak) : '',
    mudSnow: marks ? yesNo(marks.mudSnow) : '',
  };
}

/**
 * The cells of one product, in `CSV_COLUMNS` order; `more` are the cells of columns not read
 * from the product itself (its model's `pictures`: pictureColumn.ts).
 */
export function cellsOf(product: Product, more: { pictures: string }): string[] {
  const cell: Record<CsvColumn, string> = {
    ...more,
    sku: product.sku,
    name: product.name,
    description: product.description,
    price: product.price.toFixed(2),
    orderquantity: String(product.orderquantity),
    availablequantity: String(product.availablequantity),
    img: product.img,
    category: product.category,
    width: number(product.width),
    aspect: number(product.aspect),
    rim: number(product.rim),
    season: product.season ?? '',
    loadIndex: number(product.loadIndex),
    speedRating: product.speedRating ?? '',
    ...labelCells(product.euLabel),
    ...markCells(product.category === 'tyre' ? product.marks : null),
    status: product.status,
    version: String(product.version),
  };
  return CSV_COLUMNS.map((column) => escapeCell(cell[column]));
}

/**
 * The columns a file's first line names (the catalogue's, the car fitments'): each one of
 * `columns`, none twice, and none `lacking` names; a file that breaks a rule is refused whole.
 */
export function checkCsvHeader<Column extends string>(
  names: readonly string[],
  columns: readonly Column[],
  lacking: (seen: ReadonlySet<string>) => string | null,
): Column[] {
  const known = new Set<string>(columns);
  const seen = new Set<string>();
  for (const raw of names) {
    const name = raw.trim();
    if (!known.has(name)) {
      throw new Invalid(
        `The file has a column "${name.slice(0, 40)}" the store does not know. The first line ` +
          `must name the columns, from: ${columns.join(', ')}.`,
        'file',
      );
    }
    if (seen.has(name)) throw new Invalid(refusals.catalog.columnTwice(name), 'file');
    seen.add(name);
  }
  const problem = lacking(seen);
  if (problem) throw new Invalid(problem, 'file');
  return names.map((name) => name.trim() as Column);
}
