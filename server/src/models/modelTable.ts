import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tyreModels } from '../db/schema';
import type { ModelOfProduct } from './modelKey';

export type ModelRow = typeof tyreModels.$inferSelect;

/** What a statement runs on: the database, or a transaction of it. */
type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The ids of the models with these keys, each made (from the first product naming it) when the
 * store has none yet. Safe beside another writer: a key made meanwhile is read, not made twice.
 */
export async function ensureModels(
  db: DbOrTx,
  models: readonly ModelOfProduct[],
): Promise<Map<string, string>> {
  const firstOfKey = new Map<string, ModelOfProduct>();
  for (const model of models) if (!firstOfKey.has(model.key)) firstOfKey.set(model.key, model);
  if (firstOfKey.size === 0) return new Map();
  const keys = [...firstOfKey.keys()];
  await db
    .insert(tyreModels)
    .values([...firstOfKey.values()])
    .onConflictDoNothing({ target: tyreModels.key });
  const rows = await db
    .select({ id: tyreModels.id, key: tyreModels.key })
    .from(tyreModels)
    .where(inArray(tyreModels.key, keys));
  return new Map(rows.map((row) => [row.key, row.id]));
}

/** One model, or null. */
export async function findModel(db: DbOrTx, id: string): Promise<ModelRow | null> {
  const [row] = await db.select().from(tyreModels).where(eq(tyreModels.id, id));
  return row ?? null;
}

/** These models, in no order. */
export async function findModels(db: DbOrTx, ids: readonly string[]): Promise<ModelRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(tyreModels)
    .where(inArray(tyreModels.id, [...ids]));
}

/** How many models the store has. */
export async function countModels(db: DbOrTx): Promise<number> {
  return db.$count(tyreModels);
}
