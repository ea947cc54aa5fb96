import { copy } from '../../../contract/copy';
import { refusals } from '../refusals';
import type { CreateProductBody, Product } from '../../../contract/products';
import type { Db } from '../db/client';
import { Invalid } from '../domainErrors';
import { attributesOfNewProduct, labelOfCategory } from './productAttributes';
import { assertOrderable, assertSkuFree, skuOf, withSkuUnique } from './productEditing';
import { recordChanges, type Actor } from './productHistory';
import { insertProducts, toProduct, type NewProduct } from './productTable';

/**
 * An admin's new product (the Add Product form): the body checked by the form's rules, then
 * stored under an SKU no other product has, and kept in the product's history.
 */

const labels = copy.addProduct.fields;
const refused = refusals.product;

/** The product a create body describes; refused (400) when the form would refuse it. */
export function newProductOf(body: CreateProductBody): NewProduct {
  // The spec's field has a typo (availableauantity); either spelling is taken.
  const available = body.availableauantity ?? body.availablequantity;
  if (available === undefined) {
    throw new Invalid(refused.fieldRequired(labels.availableQuantity), 'availablequantity');
  }
  if (
    body.availableauantity !== undefined &&
    body.availablequantity !== undefined &&
    body.availableauantity !== body.availablequantity
  ) {
    throw new Invalid(refused.quantitiesDisagree, 'availablequantity');
  }
  assertOrderable(body.orderquantity, available);
  const name = body.name.trim();
  const attributes = attributesOfNewProduct({ ...body, name });
  return {
    name,
    description: body.description.trim(),
    priceCents: Math.round(body.price * 100),
    orderQuantity: body.orderquantity,
    availableQuantity: available,
    img: body.img,
    attributes,
    euLabel: labelOfCategory(attributes.category, body.euLabel),
    sku: body.sku === undefined ? undefined : skuOf(body.sku),
  };
}

/** Stores a new product and its creation in its history, all or nothing. */
export async function createProduct(db: Db, product: NewProduct, actor: Actor): Promise<Product> {
  const row = await withSkuUnique(product.sku, () =>
    db.transaction(async (tx) => {
      if (product.sku !== undefined) await assertSkuFree(tx, product.sku);
      const [created] = await insertProducts(tx, [product]);
      if (!created) throw new Error('product insert returned nothing');
      const { _id, version: _version, ...fields } = toProduct(created);
      await recordChanges(tx, actor, [{ productId: _id, action: 'create', after: fields }]);
      return created;
    }),
  );
  return toProduct(row);
}
