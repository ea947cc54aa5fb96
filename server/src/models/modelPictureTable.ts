import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { modelPictures, tyreModels } from '../db/schema';

export type ModelPictureRow = typeof modelPictures.$inferSelect;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A model's pictures in gallery order. */
export async function listPictures(db: Db | Tx, modelId: string): Promise<ModelPictureRow[]> {
  return db
    .select()
    .from(modelPictures)
    .where(eq(modelPictures.modelId, modelId))
    .orderBy(asc(modelPictures.position), asc(modelPictures.id));
}

/**
 * Locks the model until the transaction ends, so two admins changing its gallery take turns;
 * false when there is no such model.
 */
export async function lockModel(tx: Tx, modelId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: tyreModels.id })
    .from(tyreModels)
    .where(eq(tyreModels.id, modelId))
    .for('update');
  return row !== undefined;
}

/** Adds a picture at the end of the gallery (the model locked). */
export async function appendPicture(
  tx: Tx,
  picture: Pick<ModelPictureRow, 'modelId' | 'productId' | 'url' | 'alt'> &
    Partial<Pick<ModelPictureRow, 'sourceUrl'>>,
): Promise<ModelPictureRow> {
  const [row] = await tx
    .insert(modelPictures)
    .values({
      ...picture,
      position: sql`(select coalesce(max(${modelPictures.position}) + 1, 0) from ${modelPictures} where ${modelPictures.modelId} = ${picture.modelId})`,
    })
    .returning();
  if (!row) throw new Error('picture insert returned nothing');
  return row;
}

/** Puts the gallery in this order: `ids` are every picture of the model (the model locked). */
export async function writeOrder(tx: Tx, modelId: string, ids: readonly string[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await tx
      .update(modelPictures)
      .set({ position })
      .where(and(eq(modelPictures.modelId, modelId), eq(modelPictures.id, id)));
  }
}

/** A picture's alt text; null when the model has no such picture. */
export async function writeAlt(
  tx: Tx,
  modelId: string,
  id: string,
  alt: string,
): Promise<ModelPictureRow | null> {
  const [row] = await tx
    .update(modelPictures)
    .set({ alt })
    .where(and(eq(modelPictures.modelId, modelId), eq(modelPictures.id, id)))
    .returning();
  return row ?? null;
}

/** Removes a picture; false when the model has no such picture (the model locked). */
export async function deletePicture(tx: Tx, modelId: string, id: string): Promise<boolean> {
  const removed = await tx
    .delete(modelPictures)
    .where(and(eq(modelPictures.modelId, modelId), eq(modelPictures.id, id)))
    .returning({ id: modelPictures.id });
  return removed.length > 0;
}
