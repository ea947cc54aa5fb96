import type { ModelOfProduct, TyreModel } from '../../../contract/models';
import type { Db } from '../db/client';
import { modelSizeCounts, readSizesOfModel } from '../catalog/productTable';
import { findModel, findModels } from './modelTable';
import { listPictures } from './modelPictureTable';
import { modelFace, modelName } from './modelCards';
import { picturesOf } from './modelPictures';

/** A model with its sizes on sale; null when there is no such model or none of it is sold. */
export async function readModel(db: Db, id: string): Promise<TyreModel | null> {
  const [model, sizes, pictureRows] = await Promise.all([
    findModel(db, id),
    readSizesOfModel(db, id),
    listPictures(db, id),
  ]);
  if (!model || sizes.length === 0) return null;
  const pictures = picturesOf(pictureRows);
  return {
    ...modelFace(model, pictures[0]?.cardUrl ?? null, sizes),
    description: model.description,
    features: model.features,
    pictures,
  };
}

/**
 * The models of these products on sale, with how many of their sizes are on sale (a card's
 * link to its model page); products not on sale, or not ids, are left out.
 */
export async function readModelsOfProducts(
  db: Db,
  ids: readonly string[],
): Promise<ModelOfProduct[]> {
  const counts = await modelSizeCounts(db, ids);
  const models = new Map(
    (await findModels(db, [...new Set(counts.map((row) => row.modelId))])).map((model) => [
      model.id,
      model,
    ]),
  );
  return counts.flatMap((row) => {
    const model = models.get(row.modelId);
    return model
      ? [
          {
            productId: row.productId,
            modelId: row.modelId,
            name: modelName(model),
            sizes: row.sizes,
          },
        ]
      : [];
  });
}
