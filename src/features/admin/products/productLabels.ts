import type { HistoryAction, ProductStatus } from '@contract/catalogTerms';
import type { Product } from '@contract/products';
import { CATEGORY_SINGULAR, SEASON_LABELS } from '../../../ui/catalogLabels';

/** The back office's words for a product's state and changes (not the spec's: the store's). */

export const PRODUCTS_TITLE = 'Products';
export const IMPORT_TITLE = 'Import products';

export const STATUS_LABELS: Record<ProductStatus, string> = {
  active: 'In the shop',
  retired: 'Retired',
};

export const ACTION_LABELS: Record<HistoryAction, string> = {
  create: 'Added',
  edit: 'Edited',
  stock: 'Stock moved',
  retire: 'Retired',
  restore: 'Restored',
  import: 'Imported',
};

/** Product JSON fields by the names a person reads in a change ("Price 89.99 → 84.99"). */
const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  price: 'Price',
  orderquantity: 'Order quantity',
  availablequantity: 'Stock',
  img: 'Picture',
  sku: 'SKU',
  category: 'Category',
  width: 'Width',
  aspect: 'Aspect',
  rim: 'Rim',
  season: 'Season',
  loadIndex: 'Load index',
  speedRating: 'Speed rating',
  status: 'Status',
};

/** `price_DE` is the product's own price in the DE market ("Price in DE"). */
const OWN_PRICE = /^price_([A-Z]{2})$/;

export const fieldLabel = (field: string) =>
  FIELD_LABELS[field] ?? field.replace(OWN_PRICE, 'Price in $1');

const SHORT_TEXT = 60;

/** A value as a change shows it: prices with cents, words for categories, "none" for null. */
export function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if ((field === 'price' || OWN_PRICE.test(field)) && typeof value === 'number') {
    return value.toFixed(2);
  }
  if (field === 'category') return CATEGORY_SINGULAR[value as Product['category']] ?? String(value);
  if (field === 'season')
    return SEASON_LABELS[value as NonNullable<Product['season']>] ?? String(value);
  if (field === 'status') return STATUS_LABELS[value as ProductStatus] ?? String(value);
  if (field === 'rim' && typeof value === 'number') return `R${value}`;
  const text = String(value);
  return text.length > SHORT_TEXT ? `${text.slice(0, SHORT_TEXT - 1)}…` : text;
}

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** "Price 89.99 → 84.99"; a picture or description is only said to have changed. */
export function changeText({ field, from, to }: FieldChange): string {
  if (field === 'img') return 'Picture replaced';
  if (field === 'description' && from !== null && to !== null) return 'Description changed';
  return `${fieldLabel(field)} ${valueText(field, from)} → ${valueText(field, to)}`;
}

/** "+40" or "−3" units. */
export const deltaText = (delta: number) => (delta > 0 ? `+${delta}` : `−${Math.abs(delta)}`);

/** The fields a product's version covers, in the order a change lists them. */
export const VERSIONED_FIELDS = [
  'name',
  'price',
  'orderquantity',
  'sku',
  'category',
  'width',
  'aspect',
  'rim',
  'loadIndex',
  'speedRating',
  'season',
  'description',
  'img',
  'status',
] as const satisfies readonly (keyof Product)[];

/** What differs between two states of a product, field by field. */
export function productChanges(before: Product, after: Product): FieldChange[] {
  return VERSIONED_FIELDS.filter((field) => before[field] !== after[field]).map((field) => ({
    field,
    from: before[field],
    to: after[field],
  }));
}
