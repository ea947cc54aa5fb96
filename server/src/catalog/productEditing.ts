import { copy } from '../../../contract/copy';
import { refusals } from '../refusals';
import { STORE_SKU, STORE_SKU_PROBLEM } from '../../../contract/catalogTerms';
import { ORDER_QUANTITY_ABOVE_STOCK } from '../../../contract/limits';
import type { EuLabel } from '../../../contract/euLabel';
import type { EditProductBody } from '../../../contract/productChanges';
import type { Product } from '../../../contract/products';
import { stockedButUnorderable } from '../../../contract/stockRule';
import type { Db } from '../db/client';
import { Conflict, Invalid, NotFound } from '../domainErrors';
import { attributesOfEdit, labelOfCategory } from './productAttributes';
import { difference, recordChanges, type Actor } from './productHistory';
import {
  labelColumnsOf,
  lockProduct,
  readProductsBySku,
  toProduct,
  writeEdit,
  type DbOrTx,
  type EditableColumns,
  type LabelColumns,
  type ProductRow,
} from './productTable';

/**
 * An admin's edit of a product, all or nothing: refused (409) when another admin saved since
 * the version it started from, checked by the rules of the Add Product form, written with a
 * new version and kept in the product's history.
 */

const labels = copy.addProduct.fields;
const refused = refusals.product;

/** Refused because the product moved on: what it is now, for the form to show what changed. */
export class StaleEdit extends Conflict {
  constructor(
    readonly current: Product,
    sent: number,
  ) {
    super(refused.changedWhileEditing(current.version, sent), 'version');
  }
}

/** The spec's stock rule: with stock, an order must be able to take something above the minimum. */
export function assertOrderable(orderQuantity: number, available: number) {
  if (stockedButUnorderable({ availablequantity: available, orderquantity: orderQuantity })) {
    throw new Invalid(`${labels.orderQuantity} ${ORDER_QUANTITY_ABOVE_STOCK}.`, 'orderquantity');
  }
}

/** An SKU as the store keeps it: in capitals (`abc-1` is ABC-1). */
export const skuOf = (typed: string) => typed.trim().toUpperCase();

/**
 * Refuses an SKU another product has, and one of the store's own numbers (P000123) that is not
 * this product's: the next product added without an SKU could be given it.
 */
export async function assertSkuFree(tx: DbOrTx, sku: string, ownId?: string) {
  const [other] = await readProductsBySku(tx, [sku]);
  if (other && other.id !== ownId) {
    throw new Conflict(refused.skuTaken(sku, other.name), 'sku');
  }
  if (!other && STORE_SKU.test(sku)) {
    throw new Invalid(`${labels.sku} ${STORE_SKU_PROBLEM}.`, 'sku');
  }
}

/**
 * The same SKU saved by two admins at once passes both checks; the unique index refuses the
 * second, which is then told as the check would have.
 */
export async function withSkuUnique<T>(sku: string | undefined, write: () => Promise<T>) {
  try {
    return await write();
  } catch (error) {
    const cause = ((error as { cause?: unknown }).cause ?? error) as {
      code?: string;
      constraint?: string;
    };
    if (cause.code === '23505' && cause.constraint === 'products_sku_key') {
      throw new Conflict(refused.skuTakenMeanwhile(sku ?? ''), 'sku');
    }
    throw error;
  }
}

/**
 * The label's columns after an edit or a price list's row (none to write: {}): a label given is
 * checked against the category after the change; moving a tyre to another category removes its
 * label, as it clears its size.
 */
export function labelColumnsOfEdit(
  category: ProductRow['category'],
  label: EuLabel | null | undefined,
): Partial<LabelColumns> {
  if (label === undefined) return category === 'tyre' ? {} : labelColumnsOf(null);
  return labelColumnsOf(labelOfCategory(category, label));
}

/** The edit's columns: only what differs from the row. */
function columnsOf(row: ProductRow, edit: EditProductBody): EditableColumns {
  const columns: EditableColumns = {};
  if (edit.name !== undefined) columns.name = edit.name.trim();
  if (edit.description !== undefined) columns.description = edit.description.trim();
  if (edit.price !== undefined) columns.priceCents = Math.round(edit.price * 100);
  if (edit.orderquantity !== undefined) columns.orderQuantity = edit.orderquantity;
  if (edit.img !== undefined) columns.img = edit.img;
  if (edit.sku !== undefined) columns.sku = skuOf(edit.sku);
  const attributes = attributesOfEdit(row, edit);
  if (attributes) Object.assign(columns, attributes);
  Object.assign(columns, labelColumnsOfEdit(columns.category ?? row.category, edit.euLabel));
  for (const key of Object.keys(columns) as Array<keyof EditableColumns>) {
    if (columns[key] === row[key]) delete columns[key];
  }
  return columns;
}

/** Applies an edit; the product unchanged (same version) when it changes nothing. */
export async function editProduct(
  db: Db,
  id: string,
  edit: EditProductBody,
  actor: Actor,
): Promise<Product> {
  return withSkuUnique(edit.sku && skuOf(edit.sku), () =>
    db.transaction(async (tx) => {
      const row = await lockProduct(tx, id);
      if (!row) throw new NotFound(refused.none);
      if (row.version !== edit.version) throw new StaleEdit(toProduct(row), edit.version);
      const columns = columnsOf(row, edit);
      if (Object.keys(columns).length === 0) return toProduct(row);
      if (columns.orderQuantity !== undefined) {
        assertOrderable(columns.orderQuantity, row.availableQuantity);
      }
      if (columns.sku !== undefined) await assertSkuFree(tx, columns.sku, row.id);
      const before = toProduct(row);
      const after = toProduct(await writeEdit(tx, row, columns));
      await recordChanges(tx, actor, [
        { productId: id, action: 'edit', ...difference(before, after) },
      ]);
      return after;
    }),
  );
}
