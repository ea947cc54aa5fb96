import * as yup from 'yup';
import { AMOUNT_MAX, ORDER_QUANTITY_ABOVE_STOCK, TEXT_MAX } from '@contract/limits';
import {
  SKU,
  SKU_PROBLEM,
  TYRES_ONLY,
  type ProductCategory,
  type TyreSeason,
} from '@contract/catalogTerms';
import {
  EPREL,
  FUEL_CLASSES,
  NOISE_CLASSES,
  NOISE_DB,
  WET_GRIP_CLASSES,
  type EuLabel,
  type FuelClass,
  type NoiseClass,
  type WetGripClass,
} from '@contract/euLabel';
import { euLabelCopy } from '@contract/euLabelCopy';
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
} from '../../shared/forms/formSchemas';

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
  /** The EU tyre label (tyres only): whether there is one, then its fields ('' while empty). */
  hasLabel: boolean;
  labelFuel: FuelClass | '';
  labelWetGrip: WetGripClass | '';
  labelNoiseDb: number | '';
  labelNoiseClass: NoiseClass | '';
  labelSnow: boolean;
  labelIce: boolean;
  labelEprel: string;
}

/** The label's fields of a form without a label. */
export const NO_LABEL_VALUES = {
  hasLabel: false,
  labelFuel: '',
  labelWetGrip: '',
  labelNoiseDb: '',
  labelNoiseClass: '',
  labelSnow: false,
  labelIce: false,
  labelEprel: '',
} as const satisfies Partial<ProductValues>;

/** A label's fields in the form. */
export function labelValuesOf(
  label: EuLabel | null,
): Pick<ProductValues, keyof typeof NO_LABEL_VALUES> {
  if (!label) return NO_LABEL_VALUES;
  return {
    hasLabel: true,
    labelFuel: label.fuel,
    labelWetGrip: label.wetGrip,
    labelNoiseDb: label.noiseDb,
    labelNoiseClass: label.noiseClass,
    labelSnow: label.snow,
    labelIce: label.ice,
    labelEprel: label.eprel ?? '',
  };
}

/** The label the form gives: none unless it describes a tyre with "has a label" ticked. */
export function euLabelOf(values: ProductValues, isTyre: boolean): EuLabel | null {
  if (!isTyre || !values.hasLabel) return null;
  return {
    fuel: values.labelFuel as FuelClass,
    wetGrip: values.labelWetGrip as WetGripClass,
    noiseDb: Number(values.labelNoiseDb),
    noiseClass: values.labelNoiseClass as NoiseClass,
    snow: values.labelSnow,
    ice: values.labelIce,
    eprel: values.labelEprel.trim() || null,
  };
}

/** The API's upper bound for prices and quantities. */
export const MAX_AMOUNT = AMOUNT_MAX;

const labels = copy.addProduct.fields;
const labelWords = euLabelCopy.fields;

/** A class of the label: needed while the form has a label (the fields show for tyres only). */
const labelClass = (values: readonly string[], label: string) =>
  yup
    .string()
    .oneOf(['', ...values], `${label} must be one of: ${values.join(', ')}.`)
    .test('required', `${euLabelCopy.required(label)}.`, function (value) {
      return !(this.parent as ProductValues).hasLabel || Boolean(value);
    });

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
  hasLabel: yup.boolean(),
  labelFuel: labelClass(FUEL_CLASSES, labelWords.fuel),
  labelWetGrip: labelClass(WET_GRIP_CLASSES, labelWords.wetGrip),
  labelNoiseDb: yup
    .number()
    .transform((value: number, text: unknown) => (text === '' ? undefined : value))
    .typeError(`${labelWords.noiseDb} ${euLabelCopy.noiseRange}.`)
    .test('noise', `${labelWords.noiseDb} ${euLabelCopy.noiseRange}.`, function (value) {
      if (!(this.parent as ProductValues).hasLabel) return true;
      return (
        value !== undefined &&
        Number.isInteger(value) &&
        value >= NOISE_DB.min &&
        value <= NOISE_DB.max
      );
    }),
  labelNoiseClass: labelClass(NOISE_CLASSES, labelWords.noiseClass),
  labelSnow: yup.boolean(),
  labelIce: yup.boolean(),
  labelEprel: yup
    .string()
    .trim()
    .max(EPREL.maxLength, `${labelWords.eprel} ${euLabelCopy.eprelProblem}.`)
    .matches(new RegExp(EPREL.pattern), {
      message: `${labelWords.eprel} ${euLabelCopy.eprelProblem}.`,
      excludeEmptyString: true,
    }),
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
