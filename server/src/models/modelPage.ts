import type { ModelOfProduct, TyreModel } from '../../../contract/models';
import type { Db } from '../db/client';
import { modelSizeCounts, readSizesOfModel } from '../catalog/productTable';
import { findModel, findModels, type ModelRow } from './modelTable';
import { listPictures } from './modelPictureTable';
import { picturesOf } from './modelPictures';

/** Brand and pattern as the shop writes them (`Velocity Sport`). */
const modelName = (model: Pick<ModelRow, 'brand' | 'pattern'>) =>
  model.brand === model.pattern ? model.brand : `${model.brand} ${model.pattern}`;

/** A model with its sizes on sale; null when there is no such model or none of it is sold. */
export async function readModel(db: Db, id: string): Promise<TyreModel | null> {
  const [model, sizes, pictureRows] = await Promise.all([
    findModel(db, id),
    readSizesOfModel(db, id),
    listPictures(db, id),
  ]);
  const first = sizes[0];
  if (!model || !first) return null;
  const pictures = picturesOf(pictureRows);
  return {
    _id: model.id,
    brand: model.brand,
    pattern: model.pattern,
    name: modelName(model),
    category: model.category,
    season: model.season,
    description: model.description,
    features: model.features,
    img: pictures[0]?.cardUrl ?? first.img,
    pictures,
    sizes,
    priceFrom: Math.min(...sizes.map((size) => size.price)),
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
