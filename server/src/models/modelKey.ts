import type { ProductCategory, TyreSeason } from '../../../contract/catalogTerms';
import { findTyreSize } from '../../../contract/tyreSize';

/** What a product tells of the model it is a size of. */
export interface ProductForModel {
  id: string;
  name: string;
  description: string;
  category: ProductCategory;
  season: TyreSeason | null;
}

/** A model as a product describes it: its grouping key and the fields a new model starts with. */
export interface ModelOfProduct {
  /** Products with the same key are sizes of one model. */
  key: string;
  brand: string;
  pattern: string;
  category: ProductCategory;
  season: TyreSeason | null;
  description: string;
}

/** The words before the size in a tyre's name (`Velocity Sport` of `Velocity Sport 225/45 R17`). */
function namePrefixOfTyre(name: string): string | null {
  const size = findTyreSize(name);
  if (!size) return null;
  const prefix = name.slice(0, size.start).replace(/\s+/g, ' ').trim();
  return prefix === '' ? null : prefix;
}

/** `Velocity Sport UHP` → brand `Velocity`, pattern `Sport UHP`; one word is both. */
function brandAndPattern(words: string): { brand: string; pattern: string } {
  const [brand = words, ...rest] = words.split(' ');
  return { brand, pattern: rest.length > 0 ? rest.join(' ') : brand };
}

/**
 * The model a product belongs to. Tyres whose names share the words before the size (as the
 * search reads the size) share a model, whatever the case or spacing; anything else (a wheel, a
 * part, a tyre whose name has no size or nothing before it) is a model of its own, keyed by the
 * product's id.
 */
export function modelOfProduct(product: ProductForModel): ModelOfProduct {
  const prefix = product.category === 'tyre' ? namePrefixOfTyre(product.name) : null;
  const own = prefix === null;
  const words = prefix ?? product.name.replace(/\s+/g, ' ').trim();
  return {
    key: own ? `own:${product.id}` : `tyre:${prefix.normalize('NFKC').toLocaleLowerCase('en')}`,
    ...brandAndPattern(words),
    category: product.category,
    season: product.season,
    description: product.description,
  };
}
