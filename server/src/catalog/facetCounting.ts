import type { TypedFastBitSet } from 'typedfastbitset';
import { CUMULATIVE_ORDER, FACETS, type FacetName, type FacetValue } from './productFilter';

/** A facet's products per value: the index's sets. */
export type FacetSets = Record<FacetName, ReadonlyMap<FacetValue, TypedFastBitSet>>;

/** Counts per facet and value, as facetsOf takes them. */
export type FacetCounts = Record<FacetName, Map<FacetValue, number>>;

/** How a panel's counts are worked out: the cheaper of the two, or one forced (tests). */
export type Counting = 'cheaper' | 'walk' | 'sets';

/**
 * Relative costs of one product walked (per group of facets) and of one combination of values
 * added to its facets' counts, against one 32-bit word of two sets ANDed and its bits counted.
 */
const WALK_COST = 1.5;
const COMBINATION_COST = 1;

/** The sizes' facets, counted together: their combinations are a catalogue's sizes. */
const SIZE_FACETS: readonly FacetName[] = ['width', 'aspect', 'rim'];

/**
 * A group of facets counted together: each product's combination of their values (a number),
 * and each combination's value codes. Walking a set of products counts combinations (one
 * increment a product), then adds each combination's count to its values': a GROUP BY.
 */
interface FacetGroup {
  facets: readonly FacetName[];
  /** Per product, its combination. */
  at: Uint32Array;
  /** Combination c's code of the group's facet j is `codes[c * facets.length + j]`. */
  codes: Int32Array;
  combinations: number;
}

/**
 * Every product's value of every facet as a small number (a code), grouped: the sizes' three
 * facets, and all the others. Code `offset[f]` is "no value" for facet f; its values follow.
 */
export class FacetCodes {
  /**
   * Each group's tallies and the counts per code, reused by every count (each zeroed before
   * use; counting is synchronous): typed arrays made per search cost a collection every few
   * dozen searches.
   */
  readonly tallies: Uint32Array[];
  readonly counted: Uint32Array;

  private constructor(
    readonly groups: readonly FacetGroup[],
    /** Per facet, its first code (its "no value"). */
    readonly offset: Int32Array,
    /** Per code, its value (undefined for "no value"). */
    readonly valueOf: FacetValue[],
  ) {
    this.tallies = groups.map((group) => new Uint32Array(group.combinations));
    this.counted = new Uint32Array(valueOf.length + 1);
  }

  static build(count: number, sets: FacetSets): FacetCodes {
    const offset = new Int32Array(FACETS.length);
    const valueOf: FacetValue[] = [];
    let next = 0;
    FACETS.forEach((facet, f) => {
      offset[f] = next;
      next += 1 + sets[facet].size;
    });
    const codeOf = FACETS.map((facet, f) => {
      const codes = new Int32Array(count).fill(offset[f]!);
      let code = offset[f]! + 1;
      for (const [value, set] of sets[facet]) {
        valueOf[code] = value;
        const mine = code;
        set.forEach((at) => {
          codes[at] = mine;
        });
        code += 1;
      }
      return codes;
    });
    const groups = [FACETS.filter((facet) => !SIZE_FACETS.includes(facet)), SIZE_FACETS].map(
      (facets): FacetGroup => {
        const columns = facets.map((facet) => codeOf[FACETS.indexOf(facet)]!);
        const numberOf = new Map<string, number>();
        const codes: number[] = [];
        const at = new Uint32Array(count);
        for (let product = 0; product < count; product += 1) {
          const key = columns.map((column) => column[product]).join(',');
          let combination = numberOf.get(key);
          if (combination === undefined) {
            combination = numberOf.size;
            numberOf.set(key, combination);
            for (const column of columns) codes.push(column[product]!);
          }
          at[product] = combination;
        }
        return { facets, at, codes: Int32Array.from(codes), combinations: numberOf.size };
      },
    );
    return new FacetCodes(groups, offset, valueOf);
  }

  get size() {
    return this.valueOf.length;
  }
}

/**
 * The counts of `facets` over the products in `base`: by walking its products once (counting
 * each group's combinations, then adding them up per value), or by counting its intersection
 * with each value's set, whichever costs less for its size.
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
  const groups = codes.groups.filter((group) => group.facets.some((f) => facets.includes(f)));
  const words = base.words.length;
  const bySets = facets.reduce((sum, facet) => sum + sets[facet].size * words, 0);
  const byWalk =
    counting === 'cheaper'
      ? base.size() * groups.length * WALK_COST +
        groups.reduce(
          (sum, group) =>
            sum +
            group.combinations *
              group.facets.filter((f) => facets.includes(f)).length *
              COMBINATION_COST,
          0,
        )
      : 0;
  if (counting === 'sets' || (counting === 'cheaper' && bySets < byWalk)) {
    for (const facet of facets) {
      const counts = into[facet];
      for (const [value, set] of sets[facet]) counts.set(value, base.intersection_size(set));
    }
    return;
  }
  const tallies = groups.map((group) => codes.tallies[codes.groups.indexOf(group)]!.fill(0));
  const bits = base.words;
  if (groups.length === 1) {
    const at = groups[0]!.at;
    const tally = tallies[0]!;
    for (let k = 0; k < bits.length; k += 1) {
      let word = bits[k]!;
      while (word !== 0) {
        const lowest = word & -word;
        tally[at[(k << 5) + 31 - Math.clz32(lowest)]!]! += 1;
        word ^= lowest;
      }
    }
  } else {
    for (let k = 0; k < bits.length; k += 1) {
      let word = bits[k]!;
      while (word !== 0) {
        const lowest = word & -word;
        const product = (k << 5) + 31 - Math.clz32(lowest);
        for (let g = 0; g < groups.length; g += 1) tallies[g]![groups[g]!.at[product]!]! += 1;
        word ^= lowest;
      }
    }
  }
  const counted = codes.counted.fill(0);
  groups.forEach((group, g) => {
    const tally = tallies[g]!;
    const width = group.facets.length;
    const columns = group.facets.flatMap((facet, j) => (facets.includes(facet) ? [j] : []));
    for (let combination = 0; combination < group.combinations; combination += 1) {
      const n = tally[combination]!;
      if (n === 0) continue;
      const row = combination * width;
      for (const j of columns) counted[group.codes[row + j]!]! += n;
    }
  });
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
  /**
   * Per model, the mark of the last count that met it: kept from one search to the next, each
   * count taking marks above all before it, so no search zeroes (or allocates) it.
   */
  seen: Int32Array;
  /** The last mark taken. */
  mark: number;
}

/**
 * Per value, the models with a product of that value in `base` (a model counts once however
 * many of its sizes have it). For the "this or better" facets, `upTo` counts the models with a
 * product of that value or a better one (not a sum: a model of two classes counts once), and
 * the value's own count is 1 when `base` has it, else 0 (all facetsOf reads of it).
 */
export function countModelsOver(
  base: TypedFastBitSet,
  facets: readonly FacetName[],
  sets: FacetSets,
  models: ModelNumbers,
  into: FacetCounts,
  upTo: Partial<FacetCounts>,
): void {
  const seen = models.seen;
  // Marks go up to 2^31 - 1; well before, the marks start again from a zeroed list.
  if (models.mark > 2 ** 30) {
    seen.fill(0);
    models.mark = 0;
  }
  let mark = models.mark;
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
    const order = CUMULATIVE_ORDER[facet];
    // A "this or better" facet shows `upTo`; its own counts only say which values are there
    // (facetsOf), which a product of `base` with the value tells without counting models.
    for (const [value, set] of sets[facet]) {
      if (order) {
        counts.set(value, base.intersects(set) ? 1 : 0);
        continue;
      }
      mark += 1;
      counts.set(value, newModels(set));
    }
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
  models.mark = mark;
}

/** Empty counts of every facet. */
export const noCounts = (): FacetCounts =>
  Object.fromEntries(FACETS.map((facet) => [facet, new Map()])) as unknown as FacetCounts;
