import type { Db } from '../db/client';
import {
  everyProductForModel,
  productsWithoutModel,
  setModelIds,
  type ReadPosition,
} from '../catalog/productTable';
import { modelOfProduct, type ProductForModel } from './modelKey';
import { ensureModels } from './modelTable';

/** A model the grouping makes of several products. */
export interface GroupedModel {
  brand: string;
  pattern: string;
  /** Its sizes' product names, as stored. */
  names: string[];
}

/** What grouping a catalogue into models does (the dry run's report). */
export interface GroupingReport {
  products: number;
  models: number;
  /** Models of two sizes or more, and the products in them. */
  grouped: { models: number; products: number };
  /** Products that stay a model of their own (wheels, parts, tyres without a model in the name). */
  ownModels: number;
  /** The grouped models, by brand and pattern, at most `listed` of them. */
  groups: GroupedModel[];
  /** Grouped models left out of `groups`. */
  more: number;
}

/** The grouping of these products, by the rule every new product follows too (modelKey.ts). */
export function planGrouping(
  everyProduct: Iterable<ProductForModel>,
  listed = Number.POSITIVE_INFINITY,
): GroupingReport {
  const byKey = new Map<string, GroupedModel>();
  let products = 0;
  for (const product of everyProduct) {
    products += 1;
    const model = modelOfProduct(product);
    const group = byKey.get(model.key);
    if (group) group.names.push(product.name);
    else
      byKey.set(model.key, { brand: model.brand, pattern: model.pattern, names: [product.name] });
  }
  const grouped = [...byKey.values()]
    .filter((group) => group.names.length > 1)
    .sort((a, b) => a.brand.localeCompare(b.brand) || a.pattern.localeCompare(b.pattern));
  const groupedProducts = grouped.reduce((sum, group) => sum + group.names.length, 0);
  const groups = grouped.slice(0, listed);
  return {
    products,
    models: byKey.size,
    grouped: { models: grouped.length, products: groupedProducts },
    ownModels: byKey.size - grouped.length,
    groups,
    more: grouped.length - groups.length,
  };
}

/** The dry run on a stored catalogue: nothing is written (a store not upgraded yet too). */
export async function planStoredGrouping(db: Db, listed?: number): Promise<GroupingReport> {
  const all: ProductForModel[] = [];
  for await (const batch of everyProductForModel(db)) all.push(...batch);
  return planGrouping(all, listed);
}

const BATCH = 2000;

/**
 * Makes every product that is no model's size yet a size of its model (made as needed): the
 * data migration `tyre-models-from-names`, and safe to run again (it finds nothing left).
 * Answers how many products it placed.
 */
export async function groupProductsIntoModels(db: Db): Promise<number> {
  let placed = 0;
  let after: ReadPosition | null = null;
  for (;;) {
    const { rows, last } = await productsWithoutModel(db, BATCH, after);
    if (rows.length === 0) return placed;
    const models = rows.map(modelOfProduct);
    const ids = await ensureModels(db, models);
    await setModelIds(
      db,
      rows.map((row, i) => ({ productId: row.id, modelId: ids.get(models[i]!.key)! })),
    );
    placed += rows.length;
    after = last;
  }
}
