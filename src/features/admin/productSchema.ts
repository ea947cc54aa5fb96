import * as yup from 'yup';
import { AMOUNT_MAX, ORDER_QUANTITY_ABOVE_STOCK, TEXT_MAX } from '@contract/limits';
import {
  SKU,
  SKU_PROBLEM,
  TYRES_ONLY,
  type ProductCategory,
  type TyreSeason,
} from '@contract/catalogTerms';
import type { CreateProductBody } from '@contract/products';
import { stockedButUnorderable } from '@contract/stockRule';
import { findTyreSize, TYRE_SIZE_RULE } from '@contract/tyreSize';
import { copy } from '@contract/copy';
import {
  optionalImage,
  requiredCount,
  requiredImage,
  requiredNumber,
  requiredText,
} from '../../ui/formSchemas';

export interface ProductValues {
  name: string;
  description: string;
  /** Number boxes are '' while empty. */
  price: number | '';
  orderquantity: number | '';
  availablequantity: number | '';
  image: File | null;
  /** '' leaves category, size and season to be read from the name. */
  category: ProductCategory | '';
  /** As on the sidewall: `205/55 R16 91V`. */
  size: string;
  season: TyreSeason | '';
  /** The stock-keeping unit; '' on Add has one assigned. */
  sku: string;
}

/** The API's upper bound for prices and quantities. */
export const MAX_AMOUNT = AMOUNT_MAX;

const labels = copy.addProduct.fields;

/** Said (by the API too) when no unit could be ordered above the order quantity. */
export const ORDER_QUANTITY_TOO_HIGH = `${labels.orderQuantity} ${ORDER_QUANTITY_ABOVE_STOCK}.`;

/** Two decimals at most: the store keeps prices in whole cents. */
function inCents(value: number | undefined) {
  return value === undefined || Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

/** A stock-keeping unit as the API takes it; empty is left to the caller. */
const skuRule = () =>
  yup
    .string()
    .trim()
    .max(SKU.maxLength, `${labels.sku} can be at most ${SKU.maxLength} characters.`)
    .matches(new RegExp(SKU.pattern), {
      message: `${labels.sku} ${SKU_PROBLEM}.`,
      excludeEmptyString: true,
    });

/**
 * Every message of the spec's section 5, each under its own field (the spec's form wired some
 * to the wrong names); numbers as the API takes them: a price of 0 or more in dollars and
 * cents, quantities whole and 0 or more.
 */
export const productSchema = yup.object({
  name: requiredText(copy.addProduct.nameRequired, labels.name, TEXT_MAX.productName),
  description: requiredText(
    copy.addProduct.descriptionRequired,
    labels.description,
    TEXT_MAX.description,
  ),
  price: requiredNumber(copy.addProduct.priceRequired, labels.price)
    .min(0, `${labels.price} must be 0 or more.`)
    .max(MAX_AMOUNT, `${labels.price} can be at most ${MAX_AMOUNT.toLocaleString('en-US')}.`)
    .test('cents', `${labels.price} can have at most two decimals (cents).`, inCents),
  orderquantity: requiredCount(
    copy.addProduct.orderQuantityRequired,
    labels.orderQuantity,
    0,
    MAX_AMOUNT,
  ).test('orderable', ORDER_QUANTITY_TOO_HIGH, (orderquantity, context) => {
    // The spec's stock rule: an order may take only what is above the order quantity.
    const available = (context.parent as ProductValues).availablequantity;
    if (typeof available !== 'number' || typeof orderquantity !== 'number') return true;
    return !stockedButUnorderable({ availablequantity: available, orderquantity });
  }),
  availablequantity: requiredCount(
    copy.addProduct.availableQuantityRequired,
    labels.availableQuantity,
    0,
    MAX_AMOUNT,
  ),
  image: requiredImage(copy.addProduct.imageRequired),
  // Formik hands '' over as undefined.
  category: yup.string().test('tyres-only', TYRES_ONLY, (category, context) => {
    const { size, season } = context.parent as Partial<ProductValues>;
    return !category || category === 'tyre' || (!size?.trim() && !season);
  }),
  size: yup
    .string()
    .test(
      'size',
      `${labels.size} ${TYRE_SIZE_RULE}.`,
      (size) => !size?.trim() || findTyreSize(size) !== null,
    ),
  season: yup.string(),
  sku: skuRule(),
});

/**
 * Editing a product: the same checks, but the picture it has is kept unless another is chosen,
 * and its SKU cannot be emptied (stock is not typed here: it moves by Restock).
 */
export const editProductSchema = productSchema.shape({
  image: optionalImage(),
  sku: skuRule().required(`${labels.sku} is required.`),
});

/**
 * The attributes as the API takes them: none when the form leaves them all out (then the API
 * reads them from the name), else the category (a tyre when only a size or season is given),
 * the size's parts and the season.
 */
export function attributesOf(
  values: Pick<ProductValues, 'category' | 'size' | 'season'>,
): Partial<CreateProductBody> {
  const size = values.size.trim() ? findTyreSize(values.size) : null;
  if (!values.category && !size && !values.season) return {};
  const category = values.category || 'tyre';
  if (category !== 'tyre') return { category };
  return {
    category,
    ...(size && {
      width: size.width,
      aspect: size.aspect,
      rim: size.rim,
      ...(size.loadIndex !== null && { loadIndex: size.loadIndex }),
      ...(size.speedRating !== null && { speedRating: size.speedRating }),
    }),
    ...(values.season && { season: values.season }),
  };
}
