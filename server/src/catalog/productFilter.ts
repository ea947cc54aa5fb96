import {
  PRODUCT_CATEGORIES,
  TYRE_SEASONS,
  type ProductCategory,
  type ProductSort,
  type TyreSeason,
} from '../contract/catalogTerms';
import { refusals } from '../contract/refusals';
import type { ProductFacets, ProductFacetsQuery, ProductPageQuery } from '../contract/products';
import type { SizeOnly } from '../contract/sizeAlternatives';
import { HttpError } from '../http/errors';
import { parseSearchQuery, type SearchQuery } from './searchWords';

/** The facets a filter panel counts, each one of the product's attributes. */
export const FACETS = ['category', 'season', 'width', 'aspect', 'rim'] as const;
export type FacetName = (typeof FACETS)[number];
export type FacetValue = string | number;

/** Facets whose every value is listed, with or without products. */
const LISTED_IN_FULL: Partial<Record<FacetName, readonly FacetValue[]>> = {
  category: PRODUCT_CATEGORIES,
  season: TYRE_SEASONS,
};

/**
 * The filter panel's counts from each facet's counts by value (a value left out counts 0), as
 * the contract's ProductFacets lists them: every category and season; of the sizes, those with
 * products and those picked, smallest first. The index and the database both answer with it.
 */
export function facetsOf(
  filter: ProductFilter,
  counts: Record<FacetName, ReadonlyMap<FacetValue, number>>,
  price: ProductFacets['price'],
): ProductFacets {
  const list = (facet: FacetName) => {
    const counted = counts[facet];
    const every = LISTED_IN_FULL[facet];
    const values =
      every ??
      [
        ...new Set([
          ...[...counted].filter(([, n]) => n > 0).map(([value]) => value),
          ...(filter[facet] as readonly FacetValue[]),
        ]),
      ].sort((a, b) => (a as number) - (b as number));
    return values.map((value) => ({ value, count: counted.get(value) ?? 0 }));
  };
  // The values are the facet's own: categories, seasons, numbers.
  return {
    category: list('category') as ProductFacets['category'],
    season: list('season') as ProductFacets['season'],
    width: list('width') as ProductFacets['width'],
    aspect: list('aspect') as ProductFacets['aspect'],
    rim: list('rim') as ProductFacets['rim'],
    price,
  };
}

/**
 * A search as the index and the database both run it: every list empty means any, and a
 * product matches when it matches every part.
 */
export interface ProductFilter {
  text: SearchQuery;
  category: readonly ProductCategory[];
  season: readonly TyreSeason[];
  width: readonly number[];
  aspect: readonly number[];
  rim: readonly number[];
  minPriceCents: number | null;
  maxPriceCents: number | null;
  /** At least one unit can be ordered: stock above the order quantity (the spec's rule). */
  inStock: boolean;
  /** Tyres in any of these sizes (a car's, or the others that fit it); null: any product. */
  sizes: readonly SizeOnly[] | null;
}

const SEARCH_PARAMETERS = [
  'q',
  'category',
  'season',
  'width',
  'aspect',
  'rim',
  'minPrice',
  'maxPrice',
  'inStock',
  'sort',
  'status',
  'vehicle',
  'alternatives',
] as const;

/** Whether a list query asks for a search (then newest first) rather than the spec's list. */
export function isSearch(query: ProductPageQuery): boolean {
  return SEARCH_PARAMETERS.some((name) => query[name] !== undefined);
}

export function sortOf(query: ProductPageQuery): ProductSort {
  return query.sort ?? 'newest';
}

const cents = (dollars: number | undefined) =>
  dollars === undefined ? null : Math.round(dollars * 100);

/**
 * The query's filter; a price range upside down is refused, naming the parameter. `sizes` are
 * those of the query's vehicle (the route looks the car up).
 */
export function filterOf(
  query: ProductFacetsQuery,
  sizes: readonly SizeOnly[] | null = null,
): ProductFilter {
  const minPriceCents = cents(query.minPrice);
  const maxPriceCents = cents(query.maxPrice);
  if (minPriceCents !== null && maxPriceCents !== null && minPriceCents > maxPriceCents) {
    throw new HttpError(400, refusals.catalog.priceRange, 'minPrice');
  }
  return {
    text: parseSearchQuery(query.q ?? ''),
    category: [...new Set(query.category ?? [])],
    season: [...new Set(query.season ?? [])],
    width: [...new Set(query.width ?? [])],
    aspect: [...new Set(query.aspect ?? [])],
    rim: [...new Set(query.rim ?? [])],
    minPriceCents,
    maxPriceCents,
    inStock: query.inStock === true,
    sizes,
  };
}
