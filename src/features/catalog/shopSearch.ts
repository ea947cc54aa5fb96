import {
  PRODUCT_CATEGORIES,
  PRODUCT_SORTS,
  type ProductListing,
  SEARCH_TEXT_MAX,
  TYRE_SEASONS,
  type ProductCategory,
  type ProductSort,
  type TyreSeason,
} from '@contract/catalogTerms';
import {
  FUEL_CLASSES,
  NOISE_DB,
  WET_GRIP_CLASSES,
  type FuelClass,
  type WetGripClass,
} from '@contract/euLabel';
import type { ProductFacetsQuery } from '@contract/products';
import type { PagedProductsArgs } from '../../store/api';
import { carParams, readCarParams } from '../../shared/vehicles/myCar';
import { PAGE_SIZE } from './shopPaging';

/** The sidewall marks the shop filters by as yes-or-no (3PMSF is the label's `snow`). */
const MARK_FLAGS = ['runFlat', 'reinforced', 'mudSnow'] as const;

/**
 * What the shop shows, as its URL says it (`/shop?q=winter&width=205&sort=price-asc&page=2`):
 * a link or a reload shows the same, and Back and Forward step through the searches.
 */
export interface ShopSearch {
  q: string;
  category: ProductCategory[];
  season: TyreSeason[];
  width: number[];
  aspect: number[];
  rim: number[];
  minPrice: number | null;
  maxPrice: number | null;
  inStock: boolean;
  /** The EU tyre label: this class or better, at most so loud (dB), the snow symbol. */
  fuel: FuelClass | null;
  wetGrip: WetGripClass | null;
  maxNoise: number | null;
  snow: boolean;
  /** The sidewall's marks (issue 50): these OE marks, run-flat, XL, M+S. */
  oeMark: string[];
  runFlat: boolean;
  reinforced: boolean;
  mudSnow: boolean;
  sort: ProductSort;
  /** Each size (the default), or each tyre model with its sizes that match (issue 51). */
  by: ProductListing;
  /** The shopper's car (features/vehicles): only tyres in its original sizes. */
  vehicle: string | null;
  /** The year the car was picked for (its label says it). */
  year: number | null;
  /** Show the other sizes that fit the car too, apart from its own. */
  alternatives: boolean;
}

export const NO_SEARCH: ShopSearch = {
  q: '',
  category: [],
  season: [],
  width: [],
  aspect: [],
  rim: [],
  minPrice: null,
  maxPrice: null,
  inStock: false,
  fuel: null,
  wetGrip: null,
  maxNoise: null,
  snow: false,
  oeMark: [],
  runFlat: false,
  reinforced: false,
  mudSnow: false,
  sort: 'newest',
  by: 'size',
  vehicle: null,
  year: null,
  alternatives: false,
};

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (text: string): T | null =>
    (values as readonly string[]).includes(text) ? (text as T) : null;

const positiveNumber = (text: string): number | null => {
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
};

/** Every valid value of a repeated parameter, once; junk (`width=abc`) is left out. */
function listOf<T>(params: URLSearchParams, name: string, read: (text: string) => T | null): T[] {
  const values = params.getAll(name).map(read);
  return [...new Set(values.filter((value): value is T => value !== null))];
}

/** A whole number of dB the label's filter takes, else null. */
function noiseOf(text: string | null): number | null {
  const value = text === null ? null : positiveNumber(text);
  return value !== null && Number.isInteger(value) && value >= NOISE_DB.min && value <= NOISE_DB.max
    ? value
    : null;
}

/** The search a URL's parameters ask for; what the shop cannot read is left out, not refused. */
export function readShopSearch(params: URLSearchParams): ShopSearch {
  const price = (name: string) => {
    const text = params.get(name);
    return text === null ? null : positiveNumber(text);
  };
  const car = readCarParams(params);
  let minPrice = price('minPrice');
  let maxPrice = price('maxPrice');
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) {
    [minPrice, maxPrice] = [maxPrice, minPrice];
  }
  return {
    q: (params.get('q') ?? '').slice(0, SEARCH_TEXT_MAX),
    category: listOf(params, 'category', oneOf(PRODUCT_CATEGORIES)),
    season: listOf(params, 'season', oneOf(TYRE_SEASONS)),
    width: listOf(params, 'width', positiveNumber).filter(Number.isInteger),
    aspect: listOf(params, 'aspect', positiveNumber).filter(Number.isInteger),
    rim: listOf(params, 'rim', positiveNumber),
    minPrice,
    maxPrice,
    inStock: params.get('inStock') === 'true',
    fuel: oneOf(FUEL_CLASSES)(params.get('fuel') ?? ''),
    wetGrip: oneOf(WET_GRIP_CLASSES)(params.get('wetGrip') ?? ''),
    maxNoise: noiseOf(params.get('maxNoise')),
    snow: params.get('snow') === 'true',
    oeMark: listOf(params, 'oeMark', (text) => (/^\S{1,4}$/u.test(text) ? text : null)),
    runFlat: params.get('runFlat') === 'true',
    reinforced: params.get('reinforced') === 'true',
    mudSnow: params.get('mudSnow') === 'true',
    sort: oneOf(PRODUCT_SORTS)(params.get('sort') ?? '') ?? 'newest',
    by: params.get('by') === 'model' ? 'model' : 'size',
    vehicle: car?.vehicle ?? null,
    year: car?.year ?? null,
    alternatives: car !== null && params.get('alternatives') === 'true',
  };
}

/** The shop's URL search string for a search and page; defaults are left out (`/shop`). */
export function shopSearchString(search: ShopSearch, page = 1): string {
  const params = new URLSearchParams();
  if (search.q.trim()) params.set('q', search.q);
  for (const name of ['category', 'season', 'width', 'aspect', 'rim'] as const) {
    for (const value of search[name]) params.append(name, String(value));
  }
  if (search.minPrice !== null) params.set('minPrice', String(search.minPrice));
  if (search.maxPrice !== null) params.set('maxPrice', String(search.maxPrice));
  if (search.inStock) params.set('inStock', 'true');
  if (search.fuel) params.set('fuel', search.fuel);
  if (search.wetGrip) params.set('wetGrip', search.wetGrip);
  if (search.maxNoise !== null) params.set('maxNoise', String(search.maxNoise));
  if (search.snow) params.set('snow', 'true');
  for (const mark of search.oeMark) params.append('oeMark', mark);
  for (const name of MARK_FLAGS) if (search[name]) params.set(name, 'true');
  if (search.sort !== 'newest') params.set('sort', search.sort);
  if (search.by === 'model') params.set('by', 'model');
  if (search.vehicle) {
    for (const [name, value] of carParams({ vehicle: search.vehicle, year: search.year })) {
      params.set(name, value);
    }
    if (search.alternatives) params.set('alternatives', 'true');
  }
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The filters of a search as the API takes them (for the facets, and with paging the list), in
 * the shopper's `market` (useListingMarket: its prices and price filter), if not the spec's US.
 */
export function facetArgs(search: ShopSearch, market?: string): ProductFacetsQuery {
  const list = <T>(values: T[]) => (values.length > 0 ? values : undefined);
  return {
    q: search.q.trim() || undefined,
    category: list(search.category),
    season: list(search.season),
    width: list(search.width),
    aspect: list(search.aspect),
    rim: list(search.rim),
    minPrice: search.minPrice ?? undefined,
    maxPrice: search.maxPrice ?? undefined,
    inStock: search.inStock || undefined,
    fuel: search.fuel ?? undefined,
    wetGrip: search.wetGrip ?? undefined,
    maxNoise: search.maxNoise ?? undefined,
    snow: search.snow || undefined,
    oeMark: list(search.oeMark),
    runFlat: search.runFlat || undefined,
    reinforced: search.reinforced || undefined,
    mudSnow: search.mudSnow || undefined,
    vehicle: search.vehicle ?? undefined,
    by: search.by === 'model' ? 'model' : undefined,
    market,
  };
}

/** A page of the search; the sort is always sent, so the API answers a search, newest first. */
export function pageArgs(search: ShopSearch, page: number, market?: string): PagedProductsArgs {
  return {
    ...facetArgs(search, market),
    sort: search.sort,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  };
}

/** Whether anything narrows the list (the sort and listing models do not). */
export function isFiltered(search: ShopSearch): boolean {
  return shopSearchString({ ...search, sort: 'newest', by: 'size' }) !== '';
}

/** How many filters are picked, for the phone's Filters button ("Filters (3)"). */
export function filterCount(search: ShopSearch): number {
  return (
    search.category.length +
    search.season.length +
    search.width.length +
    search.aspect.length +
    search.rim.length +
    (search.minPrice !== null || search.maxPrice !== null ? 1 : 0) +
    (search.inStock ? 1 : 0) +
    [search.fuel, search.wetGrip, search.maxNoise].filter((v) => v !== null).length +
    (search.snow ? 1 : 0) +
    search.oeMark.length +
    MARK_FLAGS.filter((name) => search[name]).length
  );
}
