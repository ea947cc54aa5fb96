import { inArray, sql } from 'drizzle-orm';
import type { ModelCard } from '../../../contract/models';
import type { Product } from '../../../contract/products';
import type { Db } from '../db/client';
import { modelPictures, tyreModels } from '../db/schema';
import { cardUrlOf } from './modelPictures';

/** A model's sizes in the order its page shows them: smallest rim first, then width, aspect. */
export function sizesInModelOrder(sizes: readonly Product[]): Product[] {
  const rank = (value: number | null) => (value === null ? -Infinity : value);
  return [...sizes].sort(
    (a, b) =>
      rank(a.rim) - rank(b.rim) ||
      rank(a.width) - rank(b.width) ||
      rank(a.aspect) - rank(b.aspect) ||
      a.name.localeCompare(b.name, 'en') ||
      (a._id < b._id ? -1 : 1),
  );
}

/**
 * A model's first picture in its gallery's order (by its index model_pictures_model_idx). The
 * outer row is named in full: drizzle writes a column of a one-table select without its table.
 */
const firstPicture = sql<string | null>`(select p.url from ${modelPictures} p
  where p.model_id = tyre_models.id order by p.position, p.id limit 1)`;

/**
 * The shop's cards of these models (issue 51), in the order given, each with the sizes that
 * matched a search; a model no longer stored is left out. One read: the models with their
 * first pictures.
 */
export async function readModelCards(
  db: Db,
  listed: ReadonlyArray<{ id: string; sizes: readonly Product[] }>,
): Promise<ModelCard[]> {
  const ids = listed.map((model) => model.id);
  if (ids.length === 0) return [];
  const models = await db
    .select({
      id: tyreModels.id,
      brand: tyreModels.brand,
      pattern: tyreModels.pattern,
      category: tyreModels.category,
      season: tyreModels.season,
      picture: firstPicture,
    })
    .from(tyreModels)
    .where(inArray(tyreModels.id, ids));
  const modelOf = new Map(models.map((model) => [model.id, model]));
  return listed.flatMap(({ id, sizes }) => {
    const model = modelOf.get(id);
    return model
      ? cardOf(model, model.picture === null ? null : cardUrlOf(model.picture), sizes)
      : [];
  });
}

/** Brand and pattern as the shop writes them (`Velocity Sport`). */
export const modelName = (model: Pick<ModelCard, 'brand' | 'pattern'>) =>
  model.brand === model.pattern ? model.brand : `${model.brand} ${model.pattern}`;

/** A model's own fields as its card and its page both need them. */
type ModelFields = Pick<ModelCard, 'brand' | 'pattern' | 'category' | 'season'> & { id: string };

/**
 * What a model's card and its page both show, with these sizes in the order given (at least
 * one); `picture` is its first picture's card size, null for none (the first size's is shown).
 */
export function modelFace(model: ModelFields, picture: string | null, sizes: Product[]): ModelCard {
  return {
    _id: model.id,
    brand: model.brand,
    pattern: model.pattern,
    name: modelName(model),
    category: model.category,
    season: model.season,
    img: picture ?? sizes[0]!.img,
    sizes,
    priceFrom: Math.min(...sizes.map((size) => size.price)),
  };
}

/** A model's card with these sizes, in the card's order (none: no card). */
export function cardOf(
  model: ModelFields,
  picture: string | null,
  sizes: readonly Product[],
): ModelCard[] {
  return sizes.length === 0 ? [] : [modelFace(model, picture, sizesInModelOrder(sizes))];
}
