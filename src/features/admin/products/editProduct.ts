import type { EditConflict, EditProductBody } from '@contract/productChanges';
import type { Product } from '@contract/products';
import { findTyreSize, formatTyreSize } from '@contract/tyreSize';
import { euLabelOf, labelValuesOf, type ProductValues } from '../productSchema';

/** The Edit form's fields filled with a product's values (its picture stays until replaced). */
export function valuesOf(product: Product): ProductValues {
  const { width, aspect, rim, loadIndex, speedRating } = product;
  return {
    name: product.name,
    description: product.description,
    price: product.price,
    orderquantity: product.orderquantity,
    // Shown read-only: stock moves by Restock; the form's order-quantity check reads it.
    availablequantity: product.availablequantity,
    image: null,
    category: product.category,
    size:
      width !== null && aspect !== null && rim !== null
        ? formatTyreSize({ width, aspect, rim, loadIndex, speedRating })
        : '',
    season: product.season ?? '',
    sku: product.sku,
    ...labelValuesOf(product.euLabel),
  };
}

type Editable = Omit<EditProductBody, 'version'>;

/** Every editable field as the form says it; a wheel or part has no tyre attributes (null). */
function editableOf(values: ProductValues, img: string, fallback: Product): Required<Editable> {
  const category = values.category || fallback.category;
  const size = category === 'tyre' && values.size.trim() ? findTyreSize(values.size) : null;
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    price: Number(values.price),
    orderquantity: Number(values.orderquantity),
    img,
    sku: values.sku.trim(),
    category,
    width: size?.width ?? null,
    aspect: size?.aspect ?? null,
    rim: size?.rim ?? null,
    loadIndex: size?.loadIndex ?? null,
    speedRating: size?.speedRating ?? null,
    season: category === 'tyre' ? values.season || null : null,
    euLabel: euLabelOf(values, category === 'tyre'),
  };
}

/**
 * The PATCH body: only the fields the admin changed from the product as opened (`base`), with
 * the version the save answers to. Fields the admin left alone are not sent, so saving over
 * another admin's change keeps what that admin changed in the other fields.
 */
export function editBody(
  values: ProductValues,
  img: string,
  base: Product,
  version: number,
): EditProductBody {
  const body: EditProductBody = { version };
  const next = editableOf(values, img, base);
  for (const key of Object.keys(next) as (keyof Editable)[]) {
    // The label is an object: compared by what it says.
    if (JSON.stringify(next[key]) !== JSON.stringify(base[key])) {
      Object.assign(body, { [key]: next[key] });
    }
  }
  return body;
}

/** The product as it is now, when a save was refused because it changed since it was opened. */
export function staleCurrent(error: unknown): Product | null {
  const { status, data } = (error ?? {}) as { status?: unknown; data?: Partial<EditConflict> };
  return status === 409 && data?.field === 'version' && data.current ? data.current : null;
}
