import {
  MODEL_PICTURES_MAX,
  type AddModelPictureBody,
  type ModelPicture,
} from '../../../contract/models';
import type { ImageSize } from '../../../contract/imageLimits';
import { modelIdOfProduct } from '../catalog/productTable';
import type { Db } from '../db/client';
import { Conflict, Invalid, NotFound } from '../domainErrors';
import { assertPictureOfThisStore } from '../images/imageTable';
import { refusals } from '../refusals';
import {
  appendPicture,
  deletePicture,
  listPictures,
  lockModel,
  writeAlt,
  writeOrder,
  type ModelPictureRow,
} from './modelPictureTable';

const refused = refusals.model;

/** An upload of this store is served in each size (images routes); anything else as it is. */
const UPLOAD = /^\/api\/images\/[0-9a-f-]{36}$/i;
const sized = (url: string, size: ImageSize) => (UPLOAD.test(url) ? `${url}/${size}` : url);

/** A picture's address at the size a shop card shows it. */
export const cardUrlOf = (url: string) => sized(url, 'card');

/** The pictures as the API shows them, with their card and gallery sizes. */
export const picturesOf = (
  rows: ReadonlyArray<Pick<ModelPictureRow, 'id' | 'url' | 'alt' | 'productId'>>,
): ModelPicture[] =>
  rows.map((row) => ({
    _id: row.id,
    url: row.url,
    alt: row.alt,
    productId: row.productId,
    cardUrl: sized(row.url, 'card'),
    detailsUrl: sized(row.url, 'details'),
  }));

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Runs a change of a model's gallery with the model locked, and answers the gallery after it. */
async function changeGallery(
  db: Db,
  modelId: string,
  change: (tx: Tx, current: ModelPictureRow[]) => Promise<void>,
): Promise<ModelPicture[]> {
  return db.transaction(async (tx) => {
    if (!(await lockModel(tx, modelId))) throw new NotFound(refused.noSuchModel);
    await change(tx, await listPictures(tx, modelId));
    return picturesOf(await listPictures(tx, modelId));
  });
}

/** Adds a picture of this store at the end of the model's gallery, for one size or all. */
export async function addModelPicture(
  db: Db,
  modelId: string,
  body: AddModelPictureBody,
): Promise<ModelPicture[]> {
  await assertPictureOfThisStore(db, body.url, 'The picture', 'url');
  return changeGallery(db, modelId, async (tx, current) => {
    if (current.length >= MODEL_PICTURES_MAX) {
      throw new Conflict(refused.tooManyPictures(MODEL_PICTURES_MAX));
    }
    const productId = body.productId ?? null;
    if (productId !== null && (await modelIdOfProduct(tx, productId)) !== modelId) {
      throw new Invalid(refused.sizeOfAnotherModel, 'productId');
    }
    await appendPicture(tx, { modelId, productId, url: body.url, alt: body.alt.trim() });
  });
}

/** Puts the gallery in the order given: every picture of the model, each once. */
export async function reorderModelPictures(
  db: Db,
  modelId: string,
  ids: readonly string[],
): Promise<ModelPicture[]> {
  return changeGallery(db, modelId, async (tx, current) => {
    const given = ids.map((id) => id.toLowerCase());
    const whole =
      new Set(given).size === given.length &&
      given.length === current.length &&
      current.every((row) => given.includes(row.id));
    if (!whole) throw new Invalid(refused.orderNotWhole, 'pictures');
    await writeOrder(tx, modelId, given);
  });
}

/** Changes a picture's alt text. */
export async function setModelPictureAlt(
  db: Db,
  modelId: string,
  pictureId: string,
  alt: string,
): Promise<ModelPicture[]> {
  return changeGallery(db, modelId, async (tx) => {
    if (!(await writeAlt(tx, modelId, pictureId, alt.trim()))) {
      throw new NotFound(refused.noSuchPicture);
    }
  });
}

/** Removes a picture from the gallery (the upload itself goes with the unused-picture sweep). */
export async function removeModelPicture(
  db: Db,
  modelId: string,
  pictureId: string,
): Promise<ModelPicture[]> {
  return changeGallery(db, modelId, async (tx, current) => {
    if (!(await deletePicture(tx, modelId, pictureId))) throw new NotFound(refused.noSuchPicture);
    const left = current.filter((row) => row.id !== pictureId.toLowerCase());
    await writeOrder(
      tx,
      modelId,
      left.map((row) => row.id),
    );
  });
}
