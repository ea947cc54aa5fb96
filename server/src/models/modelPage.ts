import type { TyreModel } from '../../../contract/models';
import type { Db } from '../db/client';
import { modelIdOfProduct, readSizesOfModel } from '../catalog/productTable';
import { findModel } from './modelTable';
import { listPictures } from './modelPictureTable';
import { picturesOf } from './modelPictures';

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
    name: model.brand === model.pattern ? model.brand : `${model.brand} ${model.pattern}`,
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

/** The model a product is a size of, as `readModel` answers it. */
export async function readModelOfProduct(db: Db, productId: string): Promise<TyreModel | null> {
  const modelId = await modelIdOfProduct(db, productId);
  return modelId === null ? null : readModel(db, modelId);
}
