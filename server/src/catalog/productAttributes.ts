import { copy } from '../../../contract/copy';
import { refusals } from '../refusals';
import {
  NO_TYRE_ATTRIBUTES,
  TYRES_ONLY,
  type ProductCategory,
  type TyreSeason,
} from '../../../contract/catalogTerms';
import type { EuLabel } from '../../../contract/euLabel';
import { euLabelCopy } from '../../../contract/euLabelCopy';
import type { CreateProductBody } from '../../../contract/products';
import { findTyreSize, isTyreSize, TYRE_SIZE_RULE } from '../../../contract/tyreSize';
import { Invalid } from '../domainErrors';

/** What the shop filters on, beside the spec's fields; null where it does not apply. */
export interface ProductAttributes {
  category: ProductCategory;
  width: number | null;
  aspect: number | null;
  rim: number | null;
  season: TyreSeason | null;
  loadIndex: number | null;
  speedRating: string | null;
}

const TYRE_WORD = /\b(?:tyres?|tires?)\b/i;
const WHEEL_WORD = /\b(?:wheels?|rims?)\b/i;
const SEASON_WORDS: Array<[TyreSeason, RegExp]> = [
  ['all-season', /\b(?:all[- ]?seasons?|all[- ]?weather|(?:4|four)[- ]?seasons?)\b/i],
  ['winter', /\b(?:winter|snow|ice|nordic)\b/i],
  ['summer', /\bsummer\b/i],
];

/**
 * The attributes a product's name tells: a tyre by its size (or the word tyre), its season by
 * the words on its label; a wheel by the word; anything else is a part. Used for the products
 * stored before attributes existed, and for a new product whose form leaves them out.
 */
export function attributesFromName(name: string): ProductAttributes {
  const size = findTyreSize(name);
  if (size || TYRE_WORD.test(name)) {
    return {
      category: 'tyre',
      width: size?.width ?? null,
      aspect: size?.aspect ?? null,
      rim: size?.rim ?? null,
      season: SEASON_WORDS.find(([, words]) => words.test(name))?.[0] ?? null,
      loadIndex: size?.loadIndex ?? null,
      speedRating: size?.speedRating ?? null,
    };
  }
  return { category: WHEEL_WORD.test(name) ? 'wheel' : 'part', ...NO_TYRE_ATTRIBUTES };
}

const labels = copy.addProduct.fields;

const TYRE_FIELDS = ['width', 'aspect', 'rim', 'season', 'loadIndex', 'speedRating'] as const;

/**
 * The attributes after an edit: the product's own unless the edit names some; the result is
 * checked as a whole. Moving a tyre to another category clears the tyre fields the edit leaves
 * out.
 */
export function attributesOfEdit(
  current: ProductAttributes,
  edit: Partial<{ [K in keyof ProductAttributes]: ProductAttributes[K] | undefined }>,
): ProductAttributes | null {
  const named = edit.category !== undefined || TYRE_FIELDS.some((f) => edit[f] !== undefined);
  if (!named) return null;
  const category = edit.category ?? current.category;
  const merged: Record<string, unknown> = { category };
  for (const field of TYRE_FIELDS) {
    const value =
      edit[field] !== undefined ? edit[field] : category === 'tyre' ? current[field] : null;
    merged[field] = value ?? undefined;
  }
  return attributesOfNewProduct({ name: '', ...(merged as Omit<AttributeFields, 'name'>) });
}

type AttributeFields = Pick<
  CreateProductBody,
  'name' | 'category' | 'width' | 'aspect' | 'rim' | 'season' | 'loadIndex' | 'speedRating'
>;

/**
 * The attributes of a product an admin adds: as the form gave them, or, when it gave none, as
 * the name tells them. A size or season belongs to a tyre, and a size is whole or absent.
 */
export function attributesOfNewProduct(body: AttributeFields): ProductAttributes {
  const { width, aspect, rim, season, loadIndex, speedRating } = body;
  const tyreFields = [width, aspect, rim, season, loadIndex, speedRating];
  if (body.category === undefined && tyreFields.every((value) => value === undefined)) {
    return attributesFromName(body.name);
  }
  const category = body.category ?? 'tyre';
  if (category !== 'tyre') {
    if (tyreFields.some((value) => value !== undefined)) {
      throw new Invalid(TYRES_ONLY, 'category');
    }
    return { category, ...NO_TYRE_ATTRIBUTES };
  }
  const size = [width, aspect, rim];
  if (size.some((value) => value === undefined) && size.some((value) => value !== undefined)) {
    throw new Invalid(refusals.catalog.sizeParts(labels.size), 'width');
  }
  if (width !== undefined && !isTyreSize(width, aspect!, rim!)) {
    throw new Invalid(`${labels.size} ${TYRE_SIZE_RULE}.`, 'width');
  }
  if ((loadIndex !== undefined || speedRating !== undefined) && width === undefined) {
    throw new Invalid(refusals.catalog.sizeForRating(labels.size), 'width');
  }
  return {
    category,
    width: width ?? null,
    aspect: aspect ?? null,
    rim: rim ?? null,
    season: season ?? null,
    loadIndex: loadIndex ?? null,
    speedRating: speedRating ?? null,
  };
}

/**
 * The label a product of `category` may carry: a tyre its own (or none), a wheel or part none;
 * a label given to one is refused, as a size is.
 */
export function labelOfCategory(
  category: ProductCategory,
  label: EuLabel | null | undefined,
): EuLabel | null {
  if (category === 'tyre') return label ?? null;
  if (label) throw new Invalid(euLabelCopy.tyresOnly, 'euLabel');
  return null;
}
