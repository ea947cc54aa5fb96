import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { CloneType, Type, type TSchema } from '@sinclair/typebox';
import {
  CSV_COLUMNS,
  NO_TYRE_ATTRIBUTES,
  PRODUCT_STATUSES,
  type CsvColumn,
} from '../../../contract/catalogTerms';
import { EditProductBody } from '../../../contract/productChanges';
import type { EuLabel } from '../../../contract/euLabel';
import { euLabelCopy } from '../../../contract/euLabelCopy';
import { OE_MARKS, oeMarkOf } from '../../../contract/carFitment';
import { MARK_FLAGS, type TyreMarks } from '../../../contract/tyreMarks';
import { CreateProductBody, EuLabel as EuLabelSchema } from '../../../contract/products';
import { validationError } from '../validation/schemaProblems';
import { CONTROL } from '../validation/controlCharacters';
import { checkCsvHeader, unescapeCell } from './csvCells';
import { readPictureCell } from './pictureColumn';
import type { ProductAttributes } from './productAttributes';
import type { MarketPriceColumn } from '../../../contract/marketPriceColumns';
import { isOwnPriceColumn, readOwnPriceCells, type OwnPriceColumns } from '../markets/ownPriceCsv';
import type { WantedPrices } from '../markets/ownPrices';

/**
 * The rows of a price list as the import reads them: the header checked, each row's cells
 * turned into values and checked by the contract's own limits, named by their column. What a
 * row does to the catalogue (add, update, nothing) is decided against the database later.
 */

/** The category and a tyre's attributes: what the shop filters on, as catalogTerms names them. */
const ATTRIBUTE_COLUMNS = [
  'category',
  ...(Object.keys(NO_TYRE_ATTRIBUTES) as Array<keyof typeof NO_TYRE_ATTRIBUTES>),
] satisfies CsvColumn[];
const NUMBER_COLUMNS: ReadonlySet<CsvColumn> = new Set([
  'version',
  'price',
  'orderquantity',
  'availablequantity',
  'width',
  'aspect',
  'rim',
  'loadIndex',
  'labelNoiseDb',
]);

/** The label's columns and the fields of `EuLabel` they fill. */
const LABEL_COLUMNS = {
  labelFuel: 'fuel',
  labelWetGrip: 'wetGrip',
  labelNoiseDb: 'noiseDb',
  labelNoiseClass: 'noiseClass',
  labelSnow: 'snow',
  labelIce: 'ice',
  labelEprel: 'eprel',
} as const satisfies Partial<Record<CsvColumn, keyof EuLabel>>;
type LabelColumn = keyof typeof LABEL_COLUMNS;
const isLabelColumn = (column: string): column is LabelColumn => column in LABEL_COLUMNS;
const YES_NO: Record<string, boolean> = { yes: true, no: false, true: true, false: false };
const MARK_COLUMNS: ReadonlySet<string> = new Set<CsvColumn>(['oeMark', ...MARK_FLAGS]);

/** A column of a price list: the catalogue's, or a market's own prices (markets/ownPriceCsv). */
export type PriceListColumn = CsvColumn | MarketPriceColumn;

/**
 * Which columns a file has; `sku` is needed, an unknown or repeated column refuses the file. The
 * markets' own-price columns are known when `own` names them.
 */
export function checkHeader(
  names: readonly string[],
  own: OwnPriceColumns = NO_OWN_PRICES,
): PriceListColumn[] {
  return checkCsvHeader<PriceListColumn>(names, [...CSV_COLUMNS, ...own.columns], (seen) =>
    seen.has('sku') ? null : 'The file needs an sku column: it says which product a row is.',
  );
}

/** A reader that knows no market's own prices (the bench's and the tests' price lists). */
const NO_OWN_PRICES: OwnPriceColumns = { markets: [], columns: [] };

/** A row's values, each only where its column is in the file. */
export interface RowValues {
  sku: string;
  name?: string;
  description?: string;
  priceCents?: number;
  orderQuantity?: number;
  availableQuantity?: number;
  /** Empty: keep the picture (a known product) or show the store's placeholder (a new one). */
  img?: string;
  /**
   * The attribute cells the row fills, when it fills any. An empty cell says nothing, as an
   * absent column: a known product keeps that attribute, a new one gets it as Add Product does.
   */
  attributes?: { [K in keyof ProductAttributes]?: NonNullable<ProductAttributes[K]> };
  /**
   * The EU tyre label, when the file has its columns: null when its cells are all empty (no
   * label, as the export writes a product without one).
   */
  euLabel?: EuLabel | null;
  /** The sidewall's marks the row fills (an empty cell says nothing; oeMark `none` clears it). */
  marks?: Partial<TyreMarks>;
  status?: (typeof PRODUCT_STATUSES)[number];
  /** The product's version when the file was exported. */
  version?: number;
  /** Its own prices per market, when the file has their columns (null: none). */
  ownPrices?: WantedPrices;
  /** The model's gallery by address (`pictures`: pictureColumn.ts); left out, kept. */
  pictures?: string[];
}

/** A row checked on its own: its values, or why it is refused. */
export type CheckedRow =
  | { line: number; sku: string; values: RowValues }
  | { line: number; sku: string | null; problem: string };

/** The contract's field rules with the columns' names, every field optional but the sku. */
const RowSchema = (() => {
  const fields = CreateProductBody.properties as Record<string, TSchema>;
  // CloneType's options do not replace a title the schema has: set it on the copy.
  const named = (column: CsvColumn, schema: TSchema) =>
    Object.assign(CloneType(schema), { title: column });
  const optional = (column: CsvColumn, key: string = column) =>
    Type.Optional(named(column, fields[key]!));
  return Type.Object({
    sku: named('sku', fields.sku!),
    name: optional('name'),
    description: optional('description'),
    price: optional('price'),
    orderquantity: optional('orderquantity'),
    availablequantity: optional('availablequantity', 'availablequantity'),
    img: optional('img'),
    category: optional('category'),
    width: optional('width'),
    aspect: optional('aspect'),
    rim: optional('rim'),
    season: optional('season'),
    loadIndex: optional('loadIndex'),
    speedRating: optional('speedRating'),
    ...Object.fromEntries(
      Object.entries(LABEL_COLUMNS).map(([column, field]) => {
        const schema = EuLabelSchema.properties[field];
        // The EPREL number is text or null in the contract; a cell is text (empty: none).
        const cell = field === 'eprel' ? EuLabelSchema.properties.eprel.anyOf[0] : schema;
        return [column, Type.Optional(named(column as CsvColumn, cell))];
      }),
    ),
    status: Type.Optional(
      Type.Unsafe<string>(Type.String({ enum: [...PRODUCT_STATUSES], title: 'status' })),
    ),
    version: Type.Optional(named('version', EditProductBody.properties.version)),
  });
})();

const ajv = new Ajv({ allErrors: false, verbose: true, strict: false });
addFormats(ajv);
const validateRow = ajv.compile(RowSchema);

/** A number as people write it in a spreadsheet: digits, one point, no thousands separators. */
const NUMBER = /^-?\d+(?:\.\d+)?$/;

/** One row of cells (by column) as values, or the first problem in words. */
export function checkRow(
  line: number,
  row: Partial<Record<PriceListColumn, string>>,
  own: OwnPriceColumns = NO_OWN_PRICES,
): CheckedRow {
  // As the file writes it, for a refusal; kept in capitals (`abc-1` is ABC-1) once valid.
  const sku = row.sku?.trim() || null;
  const ownPrices = readOwnPriceCells(row, own);
  if (ownPrices && 'problem' in ownPrices) return { line, sku, problem: ownPrices.problem };
  const cells = Object.fromEntries(
    Object.entries(row).filter(([column]) => !isOwnPriceColumn(column)),
  ) as Partial<Record<CsvColumn, string>>;
  const raw: Record<string, unknown> = {};
  const marks: Partial<TyreMarks> = {};
  let pictures: string[] | undefined;
  for (const [column, cell] of Object.entries(cells) as Array<[CsvColumn, string]>) {
    if (CONTROL.test(cell)) {
      return { line, sku, problem: `${column} must not contain control characters.` };
    }
    // What a decoder puts for bytes that are not UTF-8 (a file saved as Windows-1252).
    if (cell.includes('\uFFFD')) {
      return {
        line,
        sku,
        problem: `${column} is not UTF-8 text: save the file as "CSV UTF-8" and send it again.`,
      };
    }
    const text = unescapeCell(cell).trim();
    if (text === '') continue;
    if (column === 'pictures') {
      const urls = readPictureCell(text);
      if (typeof urls === 'string') return { line, sku, problem: urls };
      pictures = urls;
      continue;
    }
    if (MARK_COLUMNS.has(column)) {
      const problem = readMark(column as keyof TyreMarks, text, marks);
      if (problem) return { line, sku, problem };
      continue;
    }
    if (column === 'labelSnow' || column === 'labelIce') {
      const flag = YES_NO[text.toLowerCase()];
      if (flag === undefined) return { line, sku, problem: `${column} must be yes or no.` };
      raw[column] = flag;
      continue;
    }
    raw[column] = NUMBER_COLUMNS.has(column) && NUMBER.test(text) ? Number(text) : text;
  }
  if (!validateRow(raw)) {
    const problem = validationError({
      validation: validateRow.errors,
      validationContext: 'body',
    });
    return { line, sku, problem: problem.message };
  }
  const value = raw as Record<string, string | number | undefined>;
  const present = (column: CsvColumn) => column in cells;
  const values: RowValues = { sku: (value.sku as string).toUpperCase() };
  if (present('name')) values.name = (value.name as string | undefined) ?? '';
  if (present('description')) values.description = (value.description as string | undefined) ?? '';
  if (value.price !== undefined) values.priceCents = Math.round((value.price as number) * 100);
  if (value.orderquantity !== undefined) values.orderQuantity = value.orderquantity as number;
  if (value.availablequantity !== undefined) {
    values.availableQuantity = value.availablequantity as number;
  }
  if (value.img !== undefined) values.img = value.img as string;
  if (value.status !== undefined) values.status = value.status as RowValues['status'];
  if (value.version !== undefined) values.version = value.version as number;
  if (ownPrices) values.ownPrices = ownPrices.prices;
  const filled = ATTRIBUTE_COLUMNS.filter((column) => value[column] !== undefined);
  if (filled.length > 0) {
    values.attributes = Object.fromEntries(filled.map((column) => [column, value[column]]));
  }
  if (Object.keys(marks).length > 0) values.marks = marks;
  if (pictures) values.pictures = pictures;
  const label = labelOf(value, Object.keys(cells).some(isLabelColumn));
  if (typeof label === 'string') return { line, sku, problem: label };
  if (label !== undefined) values.euLabel = label;
  // A required text left empty: the same words as the form's.
  for (const column of ['name', 'description'] as const) {
    if (values[column] === '') return { line, sku, problem: `${column} cannot be empty.` };
  }
  return { line, sku: values.sku, values };
}

/** A mark's cell into `marks`, or the problem in words. */
function readMark(column: keyof TyreMarks, text: string, marks: Partial<TyreMarks>): string | null {
  if (column === 'oeMark') {
    const mark = text.toLowerCase() === 'none' ? null : oeMarkOf(text);
    if (mark === null && text.toLowerCase() !== 'none') {
      return `oeMark must be an OE mark the store knows (${Object.keys(OE_MARKS).join(', ')}; * for ★), or none.`;
    }
    marks.oeMark = mark;
    return null;
  }
  const flag = YES_NO[text.toLowerCase()];
  if (flag === undefined) return `${column} must be yes or no.`;
  marks[column] = flag;
  return null;
}

/**
 * The row's label: undefined when the file has none of its columns, null when its cells are all
 * empty, else whole (every cell but the EPREL number filled) or refused in words.
 */
function labelOf(
  value: Record<string, unknown>,
  hasColumns: boolean,
): EuLabel | null | undefined | string {
  if (!hasColumns) return undefined;
  const columns = Object.keys(LABEL_COLUMNS) as LabelColumn[];
  if (columns.every((column) => value[column] === undefined)) return null;
  const empty = columns.find((column) => column !== 'labelEprel' && value[column] === undefined);
  if (empty) return euLabelCopy.partial(empty);
  return {
    fuel: value.labelFuel,
    wetGrip: value.labelWetGrip,
    noiseDb: value.labelNoiseDb,
    noiseClass: value.labelNoiseClass,
    snow: value.labelSnow,
    ice: value.labelIce,
    eprel: value.labelEprel ?? null,
  } as EuLabel;
}
