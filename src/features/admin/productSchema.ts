import * as yup from 'yup';
import { copy } from '../../copy';
import { requiredCount, requiredImage, requiredNumber, requiredText } from '../../ui/formSchemas';

export interface ProductValues {
  name: string;
  description: string;
  /** Number boxes are '' while empty. */
  price: number | '';
  orderquantity: number | '';
  availablequantity: number | '';
  image: File | null;
}

/** The API's upper bound for prices and quantities. */
export const MAX_AMOUNT = 1_000_000;

/** Two decimals at most: the store keeps prices in whole cents. */
function inCents(value: number | undefined) {
  return value === undefined || Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

/**
 * Every message of the spec's section 5, each under its own field (the spec's form wired some
 * to the wrong names); numbers as the API takes them: a price of 0 or more in dollars and
 * cents, quantities whole and 0 or more.
 */
export const productSchema = yup.object({
  name: requiredText(copy.addProduct.nameRequired, 'Product Name', 200),
  description: requiredText(copy.addProduct.descriptionRequired, 'The description', 2000),
  price: requiredNumber(copy.addProduct.priceRequired, 'Price')
    .min(0, 'Price must be 0 or more.')
    .max(MAX_AMOUNT, `Price can be at most ${MAX_AMOUNT.toLocaleString('en-US')}.`)
    .test('cents', 'Price can have at most two decimals (cents).', inCents),
  orderquantity: requiredCount(
    copy.addProduct.orderQuantityRequired,
    'Order quantity',
    0,
    MAX_AMOUNT,
  ),
  availablequantity: requiredCount(
    copy.addProduct.availableQuantityRequired,
    'Available quantity',
    0,
    MAX_AMOUNT,
  ),
  image: requiredImage(copy.addProduct.imageRequired),
});
