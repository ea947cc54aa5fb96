import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ModelCard, ModelPicture, TyreModel } from '../../../contract/models';
import type { Product } from '../../../contract/products';
import type { CatalogCache, CatalogNotice, CatalogSnapshot } from '../catalog/catalogCache';
import type { Db } from '../db/client';
import { modelPictures, products, tyreModels } from '../db/schema';
import { cardOf, modelFace, readModelCards } from './modelCards';
import type { ModelPictureRow } from './modelPictureTable';
import { picturesOf } from './modelPictures';
import { readModel } from './modelPage';

/** A model's own fields, its gallery and every product of it (on sale or not), as one read saw them. */
interface ModelHead {
  id: string;
  brand: string;
  pattern: string;
  category: TyreModel['category'];
  season: TyreModel['season'];
  description: string;
  features: string[];
  pictures: ModelPicture[];
  productIds: string[];
}

/** Beyond this many models kept, the next one read starts the cache afresh (bounds memory). */
const KEPT_MAX = 20_000;

type GalleryRow = Pick<ModelPictureRow, 'id' | 'productId' | 'url' | 'alt'>;

/** The gallery in order, as picture rows (JSON keys named as `ModelPictureRow`'s fields). */
const gallery = sql<GalleryRow[]>`coalesce((select json_agg(json_build_object(
    'id', p.id, 'productId', p.product_id, 'url', p.url, 'alt', p.alt)
    order by p.position, p.id)
  from ${modelPictures} p where p.model_id = tyre_models.id), '[]'::json)`;

/**
 * Every product of the model, retired ones too (by products_model_idx). The outer row is named
 * in full: drizzle writes a column of a one-table select without its table.
 */
const members = sql<string[]>`array(select s.id::text from ${products} s
  where s.model_id = tyre_models.id)`;

/** Nulls first, then ascending: the SQL order of `readSizesOfModel`. */
const byNumber = (a: number | null, b: number | null) =>
  a === b ? 0 : a === null ? -1 : b === null ? 1 : a - b;

/**
 * A model's sizes in the order `readSizesOfModel` reads them: rim, width, aspect (no value
 * first), then name (by code unit, as the store's C collation orders them) and id.
 */
function inSizeOrder(sizes: Product[]): Product[] {
  return sizes.sort(
    (a, b) =>
      byNumber(a.rim, b.rim) ||
      byNumber(a.width, b.width) ||
      byNumber(a.aspect, b.aspect) ||
      (a.name === b.name ? 0 : a.name < b.name ? -1 : 1) ||
      (a._id < b._id ? -1 : 1),
  );
}

/**
 * `GET /api/models/{id}` from memory (issue 51: the model page's one call for its data): each
 * model's own fields, gallery and products are read once, in one statement, and its sizes'
 * stock and prices come from the cached catalogue, which the notifications keep fresh. A
 * model's gallery changed (`G:<id>`) reads it again; products added or removed (a full change
 * of the catalogue) read every model again, as a product never moves to another model. While
 * the catalogue is not trusted, every call reads the database.
 */
export class ModelHeads {
  private readonly kept = new Map<string, { since: number; head: Promise<ModelHead | null> }>();
  private changes = 0;

  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogCache,
    private readonly catalogue: () => Promise<CatalogSnapshot>,
  ) {}

  notified(notice: CatalogNotice) {
    if (notice.what === 'model') this.forget(notice.id);
  }

  /** The model's gallery changed in this process: read it again at once. */
  forget(id: string) {
    this.kept.delete(id.toLowerCase());
    this.changes += 1;
  }

  /** Changes with every model forgotten: what is made from the heads is keyed by it. */
  get generation(): number {
    return this.changes;
  }

  /** A model with its sizes on sale, as `readModel` answers it. */
  async model(id: string): Promise<TyreModel | null> {
    if (!this.catalog.isTrusted) return readModel(this.db, id);
    const [head, snapshot] = await Promise.all([this.head(id.toLowerCase()), this.catalogue()]);
    if (!head) return null;
    const sizes = inSizeOrder(
      head.productIds.flatMap((productId) => snapshot.find(productId) ?? []),
    );
    if (sizes.length === 0) return null;
    return {
      ...modelFace(head, head.pictures[0]?.cardUrl ?? null, sizes),
      description: head.description,
      features: head.features,
      pictures: head.pictures,
    };
  }

  /**
   * The shop's cards of these models (`GET /product?by=model`), each with the sizes a search
   * matched, in the order given: the models' own fields and first pictures from the heads kept
   * here, those not kept yet read in one statement. While the catalogue is not trusted, from
   * the database.
   */
  async cards(
    listed: ReadonlyArray<{ id: string; sizes: readonly Product[] }>,
  ): Promise<ModelCard[]> {
    if (!this.catalog.isTrusted) return readModelCards(this.db, listed);
    const since = this.catalog.lastFullChange;
    const ids = listed.map((model) => model.id.toLowerCase());
    // What is kept, looked up before anything is added (adding may start the cache afresh).
    const known = ids.map((id) => {
      const entry = this.kept.get(id);
      return entry?.since === since ? entry.head : null;
    });
    const missing = ids.filter((_, i) => known[i] === null);
    const read = missing.length > 0 ? this.readAll(inArray(tyreModels.id, missing)) : null;
    const heads = await Promise.all(
      ids.map(
        (id, i) =>
          known[i] ??
          this.keep(
            id,
            since,
            read!.then((all) => all.get(id) ?? null),
          ),
      ),
    );
    return listed.flatMap(({ sizes }, i) => {
      const head = heads[i];
      return head ? cardOf(head, head.pictures[0]?.cardUrl ?? null, sizes) : [];
    });
  }

  private head(id: string): Promise<ModelHead | null> {
    const since = this.catalog.lastFullChange;
    const known = this.kept.get(id);
    if (known?.since === since) return known.head;
    return this.keep(
      id,
      since,
      this.readAll(eq(tyreModels.id, id)).then((heads) => heads.get(id) ?? null),
    );
  }

  private keep(id: string, since: number, read: Promise<ModelHead | null>) {
    if (this.kept.size >= KEPT_MAX) this.kept.clear();
    const entry = { since, head: read };
    this.kept.set(id, entry);
    // Neither a failed read nor "no such model" is kept: ids asked for are anyone's to choose.
    const drop = () => {
      if (this.kept.get(id) === entry) this.kept.delete(id);
    };
    read.then((head) => head ?? drop(), drop);
    return read;
  }

  /** The heads of the models `where` picks, by id, in one statement. */
  private async readAll(where: SQL): Promise<Map<string, ModelHead>> {
    const rows = await this.db
      .select({
        id: tyreModels.id,
        brand: tyreModels.brand,
        pattern: tyreModels.pattern,
        category: tyreModels.category,
        season: tyreModels.season,
        description: tyreModels.description,
        features: tyreModels.features,
        gallery,
        members,
      })
      .from(tyreModels)
      .where(where);
    return new Map(
      rows.map(({ gallery: pictureRows, members: productIds, ...model }) => [
        model.id,
        { ...model, pictures: picturesOf(pictureRows), productIds },
      ]),
    );
  }
}
