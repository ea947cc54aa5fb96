import type { TypedFastBitSet } from 'typedfastbitset';
import { CUMULATIVE_ORDER, FACETS, type FacetName, type FacetValue } from './productFilter';

/** A facet's products per value: the index's sets. */
export type FacetSets = Record<FacetName, ReadonlyMap<FacetValue, TypedFastBitSet>>;

/** Counts per facet and value, as facetsOf takes them. */
export type FacetCounts = Record<FacetName, Map<FacetValue, number>>;

/** How a panel's counts are worked out: the cheaper of the two, or one forced (tests). */
export type Counting = 'cheaper' | 'walk' | 'sets';

/**
 * Relative cost of one set position walked (its value looked up and counted, per facet)
 * against one 32-bit word of two sets ANDed and its bits counted: measured on the bench's
 * catalogue (docs/performance.md).
 */
const WALK_COST = 1.5;

/**
 * Every product's value of every facet as a small number (a code), products one after the
 * other: walking a set of products counts the values of all its facets in one pass. Code
 * `offset[f]` is "no value" for facet f; its values follow.
 */
export class FacetCodes {
  private constructor(
    readonly codes: Uint16Array | Uint32Array,
    /** Per facet, its first code (its "no value"). */
    readonly offset: Int32Array,
    /** Per code, its value (undefined for "no value"). */
    readonly valueOf: FacetValue[],
  ) {}

  static build(count: number, sets: FacetSets): FacetCodes {
    const offset = new Int32Array(FACETS.length);
    const valueOf: FacetValue[] = [];
    let next = 0;
    FACETS.forEach((facet, f) => {
      offset[f] = next;
      next += 1 + sets[facet].size;
    });
    const stride = FACETS.length;
    const codes =
      next <= 0xffff ? new Uint16Array(count * stride) : new Uint32Array(count * stride);
    FACETS.forEach((facet, f) => {
      for (let at = 0; at < count; at += 1) codes[at * stride + f] = offset[f]!;
      let code = offset[f]! + 1;
      for (const [value, set] of sets[facet]) {
        valueOf[code] = value;
        set.forEach((at) => {
          codes[at * stride + f] = code;
        });
        code += 1;
      }
    });
    return new FacetCodes(codes, offset, valueOf);
  }

  get size() {
    return this.valueOf.length;
  }
}

/**
 * The counts of `facets` over the products in `base`: by walking its products once (each
 * product's codes counted), or by counting its intersection with each value's set, whichever
 * costs less for its size.
 */
export function countOver(
  base: TypedFastBitSet,
  facets: readonly FacetName[],
  sets: FacetSets,
  codes: FacetCodes,
  counting: Counting,
  into: FacetCounts,
): void {
  if (facets.length === 0) return;
  const words = base.words.length;
  const bySets = facets.reduce((sum, facet) => sum + sets[facet].size * words, 0);
  const byWalk = counting === 'cheaper' ? base.size() * facets.length * WALK_COST : 0;
  if (counting === 'sets' || (counting === 'cheaper' && bySets < byWalk)) {
    for (const facet of facets) {
      const counts = into[facet];
      for (const [value, set] of sets[facet]) counts.set(value, base.intersection_size(set));
    }
    return;
  }
  const stride = FACETS.length;
  const columns = Int32Array.from(facets, (facet) => FACETS.indexOf(facet));
  const counted = new Uint32Array(codes.size + 1);
  const all = codes.codes;
  const bits = base.words;
  for (let k = 0; k < bits.length; k += 1) {
    let word = bits[k]!;
    while (word !== 0) {
      const lowest = word & -word;
      const row = ((k << 5) + 31 - Math.clz32(lowest)) * stride;
      for (let j = 0; j < columns.length; j += 1) counted[all[row + columns[j]!]!]! += 1;
      word ^= lowest;
    }
  }
  for (const facet of facets) {
    const f = FACETS.indexOf(facet);
    const counts = into[facet];
    const first = codes.offset[f]! + 1;
    const end = first + sets[facet].size;
    for (let code = first; code < end; code += 1) counts.set(codes.valueOf[code]!, counted[code]!);
  }
}

/** Each product's model as a small number, and a mark per model for counting them once. */
export interface ModelNumbers {
  of: Int32Array;
  count: number;
}

/**
 * Per value, the models with a product of that value in `base` (a model counts once however
 * many of its sizes have it). For the "this or better" facets, `upTo` counts the models with a
 * product of that value or a better one (not a sum: a model of two classes counts once).
 */
export function countModelsOver(
  base: TypedFastBitSet,
  facets: readonly FacetName[],
  sets: FacetSets,
  models: ModelNumbers,
  into: FacetCounts,
  upTo: Partial<FacetCounts>,
): void {
  const seen = new Int32Array(models.count);
  let mark = 0;
  const bits = base.words;
  /** Models of `base` ∧ `set` not seen under the current mark, marking them. */
  const newModels = (set: TypedFastBitSet) => {
    let found = 0;
    const other = set.words;
    const end = Math.min(bits.length, other.length);
    for (let k = 0; k < end; k += 1) {
      let word = bits[k]! & other[k]!;
      while (word !== 0) {
        const lowest = word & -word;
        const model = models.of[(k << 5) + 31 - Math.clz32(lowest)]!;
        if (seen[model] !== mark) {
          seen[model] = mark;
          found += 1;
        }
        word ^= lowest;
      }
    }
    return found;
  };
  for (const facet of facets) {
    const counts = into[facet];
    for (const [value, set] of sets[facet]) {
      mark += 1;
      counts.set(value, newModels(set));
    }
    const order = CUMULATIVE_ORDER[facet];
    if (!order) continue;
    // One mark for the whole run: each value adds the models not seen at a better one.
    mark += 1;
    let running = 0;
    const cumulative = new Map<FacetValue, number>();
    for (const value of order) {
      const set = sets[facet].get(value);
      if (set) running += newModels(set);
      cumulative.set(value, running);
    }
    upTo[facet] = cumulative;
  }
}

/** Empty counts of every facet. */
export const noCounts = (): FacetCounts =>
  Object.fromEntries(FACETS.map((facet) => [facet, new Map()])) as unknown as FacetCounts;
