/**
 * The bench's supplier price list: the bench catalogue's products under supplier SKUs, as CSV in
 * the import's own columns (`CSV_COLUMNS`). Each row is written by column name, so a column the
 * import gains is a type error here, not 100,000 rows refused at the bench's end
 * (server/test/benchPriceList.test.ts reads it with the import's reader).
 */
import { stringify } from 'csv-stringify/sync';
import { CSV_COLUMNS, type CsvColumn } from '../contract/catalogTerms';
import { labelCells, markCells } from '../server/src/catalog/csvCells';
import { benchProduct } from './bigCatalogue';

export const supplierSku = (n: number) => `SUP-${String(n).padStart(6, '0')}`;

const ATTRIBUTES = [
  'category',
  'width',
  'aspect',
  'rim',
  'season',
  'loadIndex',
  'speedRating',
] as const satisfies readonly CsvColumn[];

/** The attribute cells of product `n` as the export writes them (in CSV_COLUMNS order). */
export function attributeCells(n: number): string[] {
  const a = benchProduct(n, '').attributes!;
  return ATTRIBUTES.map((column) => (a[column] === null ? '' : String(a[column])));
}

/** Row `n` of the price list, cell by column. */
export function priceListRow(n: number): Record<CsvColumn, string> {
  const p = benchProduct(n, '');
  // Every other row leaves its attribute and label cells empty, as a supplier who writes the
  // size and season only in the name: the store reads them from it (the names tell the same).
  const full = n % 2 === 0;
  const attributes = attributeCells(n);
  return {
    sku: supplierSku(n),
    name: p.name,
    description: p.description,
    price: (p.priceCents / 100).toFixed(2),
    orderquantity: String(p.orderQuantity),
    availablequantity: String(p.availableQuantity),
    img: '',
    pictures: '',
    ...(Object.fromEntries(
      ATTRIBUTES.map((column, i) => [column, full ? attributes[i]! : '']),
    ) as Record<(typeof ATTRIBUTES)[number], string>),
    ...labelCells(full ? (p.euLabel ?? null) : null),
    ...markCells(null),
    status: 'active',
    // No version: every row is a new product.
    version: '',
  };
}

/** The price list of `rows` rows, with its header. */
export function priceList(rows: number): string {
  return stringify(
    Array.from({ length: rows }, (_, n) => priceListRow(n)),
    { header: true, columns: [...CSV_COLUMNS] },
  );
}
