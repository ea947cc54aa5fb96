import {
  PRODUCT_CATEGORIES,
  TYRE_SEASONS,
  type ProductCategory,
  type ProductSort,
  type TyreSeason,
} from '../../../contract/catalogTerms';
import {
  classOrBetter,
  FUEL_CLASSES,
  NOISE_DB,
  WET_GRIP_CLASSES,
  type FuelClass,
  type WetGripClass,
} from '../../../contract/euLabel';
import { oeMarkOf } from '../../../contract/carFitment';
import { refusals } from '../refusals';
import {
  ProductPageQuery,
  type Product,
  type ProductFacets,
  type ProductFacetsQuery,
} from '../../../contract/products';
import type { SizeOnly } from '../../../contract/sizeAlternatives';
import { Invalid } from '../domainErrors';
import type { ShelfScale } from '../markets/shelfScale';
import { NO_SYNONYMS, withSynonyms, type Synonyms } from './searchSynonyms';
import { parseSearchQuery, type SearchQuery } from './searchWords';

/**
 * The facets a filter panel counts, each one of the product's attributes (the last four its
 * EU tyre label's: fuel class, wet-grip class, noise in dB, the snow symbol).
 */
export const FACETS = [
  'category',
  'season',
  'width',
  'aspect',
  'rim',
  'fuel',
  'wetGrip',
  'maxNoise',
  'snow',
  // The sidewall's marks (tyreMarks.ts); `snow` above is its 3PMSF.
  'oeMark',
  'runFlat',
  'reinforced',
  'mudSnow',
] as const;
export type FacetName = (typeof FACETS)[number];
export type FacetValue = string | number | boolean;

/** A product's value of a facet; null when it has none (no label, no snow symbol). */
export function facetValue(product: Product, facet: FacetName): FacetValue | null {
  const label = product.euLabel;
  switch (facet) {
    case 'fuel':
      return label?.fuel ?? null;
    case 'wetGrip':
      return label?.wetGrip ?? null;
    case 'maxNoise':
      return label?.noiseDb ?? null;
    case 'snow':
      return product.marks.threePeak ? true : null;
    case 'oeMark':
      return product.marks.oeMark;
    case 'runFlat':
    case 'reinforced':
    case 'mudSnow':
      return product.marks[facet] ? true : null;
    default:
      return product[facet];
  }
}

/** Facets whose every value is listed, with or without products. */
const LISTED_IN_FULL: Partial<Record<FacetName, readonly FacetValue[]>> = {
  category: PRODUCT_CATEGORIES,
  season: TYRE_SEASONS,
  fuel: FUEL_CLASSES,
  wetGrip: WET_GRIP_CLASSES,
};

const NOISES = Array.from({ length: NOISE_DB.max - NOISE_DB.min + 1 }, (_, i) => NOISE_DB.min + i);

/**
 * Facets picked as "this or better", each with its values best first: a value counts the
 * products of it and of those before it.
 */
export const CUMULATIVE_ORDER: Partial<Record<FacetName, readonly FacetValue[]>> = {
  fuel: FUEL_CLASSES,
  wetGrip: WET_GRIP_CLASSES,
  maxNoise: NOISES,
};

/**
 * The values of a facet a product may have to pass the filter (empty: any). The label's are
 * ranges: a class picked passes it and the better ones, a noise picked every quieter one.
 */
export function valuesPicked(filter: ProductFilter, facet: FacetName): readonly FacetValue[] {
  switch (facet) {
    case 'fuel':
      return filter.fuel ? classOrBetter(FUEL_CLASSES, filter.fuel) : [];
    case 'wetGrip':
      return filter.wetGrip ? classOrBetter(WET_GRIP_CLASSES, filter.wetGrip) : [];
    case 'maxNoise': {
      const most = filter.maxNoiseDb;
      return most === null ? [] : NOISES.filter((db) => db <= most);
    }
    case 'snow':
    case 'runFlat':
    case 'reinforced':
    case 'mudSnow':
      return filter[facet] ? [true] : [];
    default:
      return filter[facet];
  }
}

/** The values a panel lists as picked (the noise picked, not every quieter one). */
function shownPicked(filter: ProductFilter, facet: FacetName): readonly FacetValue[] {
  if (facet === 'maxNoise') return filter.maxNoiseDb === null ? [] : [filter.maxNoiseDb];
  return valuesPicked(filter, facet);
}

/**
 * The filter panel's counts from each facet's counts by value (a value left out counts 0), as
 * the contract's ProductFacets lists them: every category and season; of the sizes, those with
 * products and those picked, smallest first. The index and the database both answer with it.
 * `upTo` gives a "this or better" facet's counts already summed (models: a model with sizes of
 * two classes counts once, so its counts are not sums of the values').
 */
export function facetsOf(
  filter: ProductFilter,
  counts: Record<FacetName, ReadonlyMap<FacetValue, number>>,
  price: ProductFacets['price'],
  suggestion: string | null,
  upTo: Partial<Record<FacetName, ReadonlyMap<FacetValue, number>>> = {},
): ProductFacets {
  const list = (facet: FacetName) => {
    const counted = counts[facet];
    const every = LISTED_IN_FULL[facet];
    const values =
      every ??
      [
        ...new Set([
          ...[...counted].filter(([, n]) => n > 0).map(([value]) => value),
          ...shownPicked(filter, facet),
        ]),
      ].sort((a, b) =>
        typeof a === 'string' ? a.localeCompare(String(b), 'en') : (a as number) - (b as number),
      );
    const ordered = CUMULATIVE_ORDER[facet];
    if (!ordered) return values.map((value) => ({ value, count: counted.get(value) ?? 0 }));
    const summed = upTo[facet];
    if (summed) return values.map((value) => ({ value, count: summed.get(value) ?? 0 }));
    // "This or better": the values are in order, best first, so each adds to the one before;
    // a noise adds every quieter one, listed or not.
    const running = new Map<FacetValue, number>();
    let sum = 0;
    for (const value of ordered) running.set(value, (sum += counted.get(value) ?? 0));
    return values.map((value) => ({ value, count: running.get(value) ?? 0 }));
  };
  // The values are the facet's own: categories, seasons, numbers.
  return {
    category: list('category') as ProductFacets['category'],
    season: list('season') as ProductFacets['season'],
    width: list('width') as ProductFacets['width'],
    aspect: list('aspect') as ProductFacets['aspect'],
    rim: list('rim') as ProductFacets['rim'],
    fuel: list('fuel') as ProductFacets['fuel'],
    wetGrip: list('wetGrip') as ProductFacets['wetGrip'],
    maxNoise: list('maxNoise') as ProductFacets['maxNoise'],
    snow: counts.snow.get(true) ?? 0,
    oeMark: list('oeMark') as ProductFacets['oeMark'],
    runFlat: counts.runFlat.get(true) ?? 0,
    reinforced: counts.reinforced.get(true) ?? 0,
    mudSnow: counts.mudSnow.get(true) ?? 0,
    price,
    suggestion,
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
  /** The price range, in cents, or with `shelf` in its market's minor units. */
  minPriceCents: number | null;
  maxPriceCents: number | null;
  /** The market's shelf prices the range is in (the shopper's); null: the spec's dollars. */
  shelf: ShelfScale | null;
  /** At least one unit can be ordered: stock above the order quantity (the spec's rule). */
  inStock: boolean;
  /** The EU tyre label: this fuel class or better, this wet-grip class or better. */
  fuel: FuelClass | null;
  wetGrip: WetGripClass | null;
  /** At most this loud (dB). */
  maxNoiseDb: number | null;
  /** The snow symbol (3PMSF), on the label or the sidewall. */
  snow: boolean;
  /** Any of these OE marks (empty: any tyre). */
  oeMark: readonly string[];
  runFlat: boolean;
  reinforced: boolean;
  mudSnow: boolean;
  /** Tyres in any of these sizes (a car's, or the others that fit it); null: any product. */
  sizes: readonly SizeOnly[] | null;
  /** The car's OE marks: tyres with one are listed first (not a filter). */
  oeFirst: readonly string[];
}

/**
 * Every parameter of the list but its paging, what it lists and its market: any of them makes
 * the call a search (`by=size` alone is the spec's list; `by=model` is answered apart).
 */
const SEARCH_PARAMETERS = Object.keys(ProductPageQuery.properties).filter(
  (name) => name !== 'limit' && name !== 'offset' && name !== 'by' && name !== 'market',
) as Array<keyof ProductPageQuery>;

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
 * those of the query's vehicle (the route looks the car up), `oeFirst` its OE marks; `synonyms`
 * the search's; `shelf` the market's prices the range is in (minPrice and maxPrice then in its
 * major units: euros).
 */
export function filterOf(
  query: ProductFacetsQuery,
  sizes: readonly SizeOnly[] | null = null,
  synonyms: Synonyms = NO_SYNONYMS,
  oeFirst: readonly string[] = [],
  shelf: ShelfScale | null = null,
): ProductFilter {
  const minPriceCents = cents(query.minPrice);
  const maxPriceCents = cents(query.maxPrice);
  if (minPriceCents !== null && maxPriceCents !== null && minPriceCents > maxPriceCents) {
    throw new Invalid(refusals.catalog.priceRange, 'minPrice');
  }
  return {
    text: withSynonyms(parseSearchQuery(query.q ?? ''), synonyms),
    category: [...new Set(query.category ?? [])],
    season: [...new Set(query.season ?? [])],
    width: [...new Set(query.width ?? [])],
    aspect: [...new Set(query.aspect ?? [])],
    rim: [...new Set(query.rim ?? [])],
    minPriceCents,
    maxPriceCents,
    shelf,
    inStock: query.inStock === true,
    fuel: query.fuel ?? null,
    wetGrip: query.wetGrip ?? null,
    maxNoiseDb: query.maxNoise ?? null,
    snow: query.snow === true,
    oeMark: [...new Set((query.oeMark ?? []).map((mark) => oeMarkOf(mark) ?? mark))],
    runFlat: query.runFlat === true,
    reinforced: query.reinforced === true,
    mudSnow: query.mudSnow === true,
    sizes,
    oeFirst,
  };
}
