import type { TypedFastBitSet } from 'typedfastbitset';
import type { Product } from '../../../contract/products';
import type { ModelNumbers } from './facetCounting';

/** A page of models: each with the positions of its products that passed, in list order. */
export interface ModelHits {
  models: Array<{ id: string; positions: number[] }>;
  /** How many models have a product that passed. */
  total: number;
}

/**
 * The models of an index's products (issue 51): each product's model as a small number, and
 * each model's products, so a search can list models instead of sizes.
 */
export class IndexModels {
  private constructor(
    readonly numbers: ModelNumbers,
    /** Per model number, the model's id. */
    readonly ids: readonly string[],
    /** Model m's positions are `members[start[m]]` to `members[start[m + 1] - 1]`, ascending. */
    private readonly start: Int32Array,
    private readonly members: Int32Array,
  ) {}

  static build(products: readonly Product[], modelOf: (productId: string) => string): IndexModels {
    const numberOf = new Map<string, number>();
    const ids: string[] = [];
    const of = new Int32Array(products.length);
    products.forEach((product, at) => {
      const id = modelOf(product._id);
      let number = numberOf.get(id);
      if (number === undefined) {
        number = ids.length;
        numberOf.set(id, number);
        ids.push(id);
      }
      of[at] = number;
    });
    const start = new Int32Array(ids.length + 1);
    for (const number of of) start[number + 1]! += 1;
    for (let m = 0; m < ids.length; m += 1) start[m + 1]! += start[m]!;
    const filled = start.slice(0, ids.length);
    const members = new Int32Array(products.length);
    of.forEach((number, at) => {
      members[filled[number]!++] = at;
    });
    return new IndexModels(
      { of, count: ids.length, seen: new Int32Array(ids.length), mark: 0 },
      ids,
      start,
      members,
    );
  }

  /**
   * `limit` models from `offset` on, in the order `walk` visits the products of `matches`
   * (it stops when the visitor answers true), and how many models `matches` has.
   */
  page(
    matches: TypedFastBitSet,
    limit: number,
    offset: number,
    walk: (visit: (at: number) => boolean) => void,
  ): ModelHits {
    const { of, count } = this.numbers;
    const seen = new Uint8Array(count);
    let total = 0;
    matches.forEach((at) => {
      if (seen[of[at]!] === 0) {
        seen[of[at]!] = 1;
        total += 1;
      }
    });
    const listed: number[] = [];
    if (offset < total) {
      let met = 0;
      walk((at) => {
        const model = of[at]!;
        if (seen[model] !== 1) return false;
        seen[model] = 2;
        met += 1;
        if (met > offset) listed.push(model);
        return listed.length >= limit || met === total;
      });
    }
    return {
      total,
      models: listed.map((model) => ({
        id: this.ids[model]!,
        positions: Array.from(
          this.members.subarray(this.start[model]!, this.start[model + 1]!),
        ).filter((at) => matches.has(at)),
      })),
    };
  }
}
