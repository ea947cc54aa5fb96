import { asc, inArray } from 'drizzle-orm';
import type { ModelCard } from '../../../contract/models';
import type { Product } from '../../../contract/products';
import type { Db } from '../db/client';
import { modelPictures, tyreModels } from '../db/schema';
import { picturesOf } from './modelPictures';

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
 * The shop's cards of these models (issue 51), in the order given, each with the sizes that
 * matched a search; a model no longer stored is left out.
 */
export async function readModelCards(
  db: Db,
  listed: ReadonlyArray<{ id: string; sizes: readonly Product[] }>,
): Promise<ModelCard[]> {
  const ids = listed.map((model) => model.id);
  if (ids.length === 0) return [];
  const [models, pictures] = await Promise.all([
    db.select().from(tyreModels).where(inArray(tyreModels.id, ids)),
    db
      .selectDistinctOn([modelPictures.modelId])
      .from(modelPictures)
      .where(inArray(modelPictures.modelId, ids))
      .orderBy(modelPictures.modelId, asc(modelPictures.position), asc(modelPictures.id)),
  ]);
  const modelOf = new Map(models.map((model) => [model.id, model]));
  const pictureOf = new Map(picturesOf(pictures).map((p, i) => [pictures[i]!.modelId, p]));
  return listed.flatMap(({ id, sizes }) => {
    const model = modelOf.get(id);
    if (!model || sizes.length === 0) return [];
    const shown = sizesInModelOrder(sizes);
    return [
      {
        _id: id,
        brand: model.brand,
        pattern: model.pattern,
        name: model.brand === model.pattern ? model.brand : `${model.brand} ${model.pattern}`,
        category: model.category,
        season: model.season,
        img: pictureOf.get(id)?.cardUrl ?? shown[0]!.img,
        sizes: shown,
        priceFrom: Math.min(...shown.map((size) => size.price)),
      },
    ];
  });
}
