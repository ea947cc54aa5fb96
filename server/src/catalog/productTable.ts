import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, gt, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { ProductStatus, StatusFilter } from '../../../contract/catalogTerms';
import { AMOUNT_MAX } from '../../../contract/limits';
import type { EuLabel } from '../../../contract/euLabel';
import type { Product } from '../../../contract/products';
import type { Db } from '../db/client';
import { fromDriverRow } from '../db/rows';
import { products } from '../db/schema';
import { NO_MARKS, type TyreMarks } from '../../../contract/tyreMarks';
import { attributesFromName, type ProductAttributes } from './productAttributes';
import {
  markColumnsAfter,
  markColumnsFromText,
  markColumnsOf,
  marksOfRow,
  type MarkColumns,
} from './productMarks';
import { searchWordsColumn } from './searchWords';
import { modelOfProduct, type ProductForModel } from '../models/modelKey';
import { ensureModels } from '../models/modelTable';

export type ProductRow = typeof products.$inferSelect;

/** The label's columns of a row (all null: no label). */
export type LabelColumns = Pick<
  ProductRow,
  | 'labelFuel'
  | 'labelWetGrip'
  | 'labelNoiseDb'
  | 'labelNoiseClass'
  | 'labelSnow'
  | 'labelIce'
  | 'labelEprel'
>;

/** A row's EU tyre label, or null when its columns are empty. */
export function euLabelOf(row: LabelColumns): EuLabel | null {
  if (row.labelFuel === null) return null;
  return {
    fuel: row.labelFuel,
    wetGrip: row.labelWetGrip!,
    noiseDb: row.labelNoiseDb!,
    noiseClass: row.labelNoiseClass!,
    snow: row.labelSnow!,
    ice: row.labelIce!,
    eprel: row.labelEprel,
  };
}

/** A label as the row's columns (null: every one empty). */
export function labelColumnsOf(label: EuLabel | null): LabelColumns {
  return {
    labelFuel: label?.fuel ?? null,
    labelWetGrip: label?.wetGrip ?? null,
    labelNoiseDb: label?.noiseDb ?? null,
    labelNoiseClass: label?.noiseClass ?? null,
    labelSnow: label?.snow ?? null,
    labelIce: label?.ice ?? null,
    labelEprel: label?.eprel ?? null,
  };
}

/** A database row as the API shows it: the spec's fields, then what the shop filters on. */
export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    img: row.img,
    description: row.description,
    price: row.priceCents / 100,
    orderquantity: row.orderQuantity,
    availablequantity: row.availableQuantity,
    category: row.category,
    width: row.width,
    aspect: row.aspect,
    rim: row.rim,
    season: row.season,
    loadIndex: row.loadIndex,
    speedRating: row.speedRating,
    euLabel: euLabelOf(row),
    marks: marksOfRow(row),
    sku: row.sku,
    status: row.status,
    version: row.version,
  };
}

/** The shop's products: retired ones are kept for their orders but never listed or searched. */
const ACTIVE = eq(products.status, 'active');

export const STATUS_CONDITION: Record<StatusFilter, SQL | undefined> = {
  active: ACTIVE,
  retired: eq(products.status, 'retired'),
  all: undefined,
};

/** The shop's catalogue in the spec's order (oldest first), all of it or one page. */
export async function readCatalogue(
  db: Db,
  page?: { limit: number; offset: number },
): Promise<Product[]> {
  const query = db
    .select()
    .from(products)
    .where(ACTIVE)
    .orderBy(asc(products.createdAt), asc(products.id));
  const rows = await (page ? query.limit(page.limit).offset(page.offset) : query);
  return rows.map(toProduct);
}

/**
 * The shop's products with these ids, in any order; an id that is not one (or is retired) is
 * left out.
 */
export async function readProducts(db: Db, ids: readonly string[]): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .where(and(ACTIVE, inArray(products.id, [...ids])));
  return rows.map(toProduct);
}

/** One product, retired or not (its page says when it is no longer sold). */
export async function findProduct(db: Db, id: string): Promise<Product | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row ? toProduct(row) : null;
}

/** A model's sizes on sale (issue 51), smallest rim first, then width, aspect and name. */
export async function readSizesOfModel(db: DbOrTx, modelId: string): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .where(and(ACTIVE, eq(products.modelId, modelId)))
    .orderBy(
      sql`${products.rim} nulls first`,
      sql`${products.width} nulls first`,
      sql`${products.aspect} nulls first`,
      asc(products.name),
      asc(products.id),
    );
  return rows.map(toProduct);
}

/**
 * For each of these products on sale: its model and how many of the model's sizes are on sale
 * (issue 51, the shop cards' link to their model). Products not on sale are left out.
 */
export async function modelSizeCounts(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Array<{ productId: string; modelId: string; sizes: number }>> {
  if (ids.length === 0) return [];
  // Counted per model by its index (products_model_idx), only for the models asked about.
  // `products` is the outer row (the inner one is `s`).
  const sizes = sql<number>`(select count(*)::int from products s
    where s.model_id = products.model_id and s.status = 'active')`;
  const rows = await db
    .select({ productId: products.id, modelId: products.modelId, sizes })
    .from(products)
    .where(and(ACTIVE, inArray(products.id, [...ids])));
  return rows.flatMap((row) =>
    row.modelId === null
      ? []
      : [{ productId: row.productId, modelId: row.modelId, sizes: row.sizes }],
  );
}

/** The model a product is a size of, retired or not; null for no such product. */
export async function modelIdOfProduct(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db
    .select({ modelId: products.modelId })
    .from(products)
    .where(eq(products.id, id));
  return row?.modelId ?? null;
}

/** The ids of the shop's products, oldest first, at most `limit`: their pages, for the sitemap. */
export async function listedProductIds(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(ACTIVE)
    .orderBy(asc(products.createdAt), asc(products.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** How many products the shop lists. */
export async function countProducts(db: Db): Promise<number> {
  const [total] = await db.select({ n: count() }).from(products).where(ACTIVE);
  return total?.n ?? 0;
}

/** Products on sale with `units` or fewer left, fewest first (the admins' overview). */
export async function lowInStock(
  db: Db,
  units: number,
  limit: number,
): Promise<Pick<ProductRow, 'id' | 'name' | 'availableQuantity'>[]> {
  return db
    .select({ id: products.id, name: products.name, availableQuantity: products.availableQuantity })
    .from(products)
    .where(and(ACTIVE, sql`${products.availableQuantity} <= ${units}`))
    .orderBy(asc(products.availableQuantity), asc(products.name))
    .limit(limit);
}

/** Whether any product is stored, retired ones too: the seed fills an empty store only. */
export async function hasProducts(db: Db): Promise<boolean> {
  const [stored] = await db.select({ n: count() }).from(products);
  return (stored?.n ?? 0) > 0;
}

/** What an order is checked against: the product's price, whether it is sold, its stock. */
export async function orderTermsOf(db: Db, id: string) {
  const [terms] = await db
    .select({
      priceCents: products.priceCents,
      status: products.status,
      availablequantity: products.availableQuantity,
      orderquantity: products.orderQuantity,
    })
    .from(products)
    .where(eq(products.id, id));
  return terms ?? null;
}

/** Puts the units of a paid order that gave them up (cancelled, returned) back in stock. */
export async function giveBackStock(db: Db, id: string, units: number): Promise<void> {
  await db
    .update(products)
    .set({ availableQuantity: sql`${products.availableQuantity} + ${units}` })
    .where(eq(products.id, id));
}

/**
 * Units of the product unpaid orders hold: those whose hold still runs (`live`), and all that
 * are out of its stock (`taken`: with holds that ran out but are not swept yet).
 */
export async function heldUnitsOf(db: Db, id: string): Promise<{ live: number; taken: number }> {
  const [held] = await db
    .select({
      live: sql<number>`${products.heldQuantity} - held_but_run_out(${products.id})`,
      taken: products.heldQuantity,
    })
    .from(products)
    .where(eq(products.id, id));
  return held ?? { live: 0, taken: 0 };
}

/**
 * Ends the hold of unpaid orders on `units` of the product: they are no longer counted as held,
 * and, unless the orders were paid (`paid`), they are back on sale.
 */
export async function endHold(
  db: Db,
  id: string,
  units: number,
  { paid }: { paid: boolean },
): Promise<void> {
  await db
    .update(products)
    .set({
      heldQuantity: sql`${products.heldQuantity} - ${units}`,
      ...(paid ? {} : { availableQuantity: sql`${products.availableQuantity} + ${units}` }),
    })
    .where(eq(products.id, id));
}

/**
 * Takes the units of an order from the product's stock in one statement, if the stock still
 * holds them (an order paid after its hold ran out); false when it does not.
 */
export async function takeBackStock(db: Db, id: string, units: number): Promise<boolean> {
  const [taken] = await db
    .update(products)
    .set({ availableQuantity: sql`${products.availableQuantity} - ${units}` })
    .where(and(eq(products.id, id), sql`${products.availableQuantity} >= ${units}`))
    .returning({ id: products.id });
  return taken !== undefined;
}

/** A product to store; without attributes, they are read from its name. */
export interface NewProduct {
  name: string;
  description: string;
  priceCents: number;
  orderQuantity: number;
  availableQuantity: number;
  img: string;
  attributes?: ProductAttributes;
  /** The EU tyre label (tyres only); left out, none. */
  euLabel?: EuLabel | null;
  /** The sidewall's marks a price list gave; left out, read from the name (tyreMarks.ts). */
  marks?: Partial<TyreMarks>;
  /** Left out, the next P000123. */
  sku?: string;
  status?: ProductRow['status'];
  createdAt?: Date;
}

function rowOf(product: NewProduct): typeof products.$inferInsert {
  const { attributes, euLabel, marks, ...fields } = product;
  const row = {
    ...fields,
    ...(attributes ?? attributesFromName(product.name)),
    ...labelColumnsOf(euLabel ?? null),
  };
  const markColumns =
    row.category === 'tyre' ? { ...markColumnsFromText(row), ...marks } : markColumnsOf(NO_MARKS);
  return {
    // Made here, not by the database: a product that is a model of its own is keyed by it.
    id: randomUUID(),
    ...row,
    ...markColumns,
    searchWords: searchWordsColumn(product.name, product.description, markColumns),
  };
}

/**
 * Stores new products (in one statement) and returns their rows in the order given, each a size
 * of the model its name tells (made when the store has none yet: models/modelKey.ts).
 */
export async function insertProducts(
  db: DbOrTx,
  list: readonly NewProduct[],
): Promise<ProductRow[]> {
  if (list.length === 0) return [];
  const rows = list.map(rowOf);
  const models = rows.map((row) => modelOfProduct(row as ProductForModel));
  const modelIds = await ensureModels(db, models);
  return db
    .insert(products)
    .values(rows.map((row, i) => ({ ...row, modelId: modelIds.get(models[i]!.key)! })))
    .returning();
}

/** Where a keyset read stopped: the last row's creation (as the database wrote it) and id. */
export interface ReadPosition {
  createdAt: string;
  id: string;
}

/** Rows after a position in the order of creation (a Date would lose the microseconds). */
const afterPosition = (after: ReadPosition) =>
  sql`(${products.createdAt}, ${products.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`;

/**
 * Up to `limit` products that are no model's size yet, oldest first, after `after`: the models
 * migration's batches (the oldest product of a model gives it its description).
 */
export async function productsWithoutModel(
  db: DbOrTx,
  limit: number,
  after: ReadPosition | null,
): Promise<{ rows: ProductForModel[]; last: ReadPosition | null }> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      category: products.category,
      season: products.season,
      createdAt: sql<string>`${products.createdAt}::text`,
    })
    .from(products)
    .where(and(isNull(products.modelId), after === null ? undefined : afterPosition(after)))
    .orderBy(asc(products.createdAt), asc(products.id))
    .limit(limit);
  const lastRow = rows[rows.length - 1];
  return { rows, last: lastRow ? { createdAt: lastRow.createdAt, id: lastRow.id } : null };
}

/**
 * Every product, retired too, oldest first, as the models' grouping reads it, `size` at a time.
 * Only columns the store had before models, so a dry run also reads a store not upgraded yet.
 */
export async function* everyProductForModel(
  db: DbOrTx,
  size = 5000,
): AsyncGenerator<ProductForModel[]> {
  let after: ReadPosition | null = null;
  for (;;) {
    const rows: Array<ProductForModel & { createdAt: string }> = await db
      .select({
        id: products.id,
        name: products.name,
        description: products.description,
        category: products.category,
        season: products.season,
        createdAt: sql<string>`${products.createdAt}::text`,
      })
      .from(products)
      .where(after === null ? undefined : afterPosition(after))
      .orderBy(asc(products.createdAt), asc(products.id))
      .limit(size);
    const last = rows[rows.length - 1];
    if (!last) return;
    yield rows;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** Makes each product a size of its model, in one statement. */
export async function setModelIds(
  db: DbOrTx,
  pairs: ReadonlyArray<{ productId: string; modelId: string }>,
): Promise<void> {
  if (pairs.length === 0) return;
  const values = pairs.map((p) => sql`(${p.productId}::uuid, ${p.modelId}::uuid)`);
  await db.execute(sql`
    update ${products} p set model_id = v.model_id
    from (values ${sql.join(values, sql`, `)}) as v(id, model_id)
    where p.id = v.id`);
}

/** Rows per statement when every product is written again. */
const BATCH = 1000;

/**
 * Gives every stored product the attributes its name tells and its search words: the data
 * migration for the products stored before attributes existed.
 */
export async function fillAttributesFromNames(db: Db): Promise<void> {
  let after: string | null = null;
  for (;;) {
    const batch: Array<Pick<ProductRow, 'id' | 'name' | 'description'>> = await db
      .select({ id: products.id, name: products.name, description: products.description })
      .from(products)
      .where(after === null ? undefined : gt(products.id, after))
      .orderBy(asc(products.id))
      .limit(BATCH);
    if (batch.length === 0) return;
    const values = batch.map((row) => {
      const a = attributesFromName(row.name);
      return sql`(${row.id}::uuid, ${a.category}, ${a.width}::int, ${a.aspect}::int,
        ${a.rim}::numeric, ${a.season}, ${a.loadIndex}::int, ${a.speedRating},
        ${searchWordsColumn(row.name, row.description, NO_MARKS)})`;
    });
    await db.execute(sql`
      update ${products} p set category = v.category, width = v.width, aspect = v.aspect,
        rim = v.rim, season = v.season, load_index = v.load_index,
        speed_rating = v.speed_rating, search_words = v.search_words
      from (values ${sql.join(values, sql`, `)})
        as v(id, category, width, aspect, rim, season, load_index, speed_rating, search_words)
      where p.id = v.id`);
    after = batch[batch.length - 1]!.id;
  }
}

/** What a statement runs on: the database, or a transaction of it. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A product's row, locked until the transaction ends: the start of an edit. No edit changes the
 * key, so bag lines (whose foreign key takes KEY SHARE) never wait for it (db/functions/place_order.sql says why).
 */
export async function lockProduct(tx: DbOrTx, id: string): Promise<ProductRow | null> {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for('no key update');
  return row ?? null;
}

/** The columns an edit may set (stock moves by increments only: `moveStock`). */
export type EditableColumns = Partial<
  Pick<
    ProductRow,
    | 'name'
    | 'description'
    | 'priceCents'
    | 'orderQuantity'
    | 'img'
    | 'sku'
    | 'category'
    | 'width'
    | 'aspect'
    | 'rim'
    | 'season'
    | 'loadIndex'
    | 'speedRating'
    | keyof LabelColumns
    | keyof MarkColumns
  >
>;

/**
 * Writes an edit of a locked row and moves its version on; the search words follow the name
 * and description.
 */
export async function writeEdit(
  tx: DbOrTx,
  row: ProductRow,
  columns: EditableColumns,
): Promise<ProductRow> {
  const next = { ...row, ...markColumnsAfter(row, { ...row, ...columns }), ...columns };
  const [updated] = await tx
    .update(products)
    .set({
      ...columns,
      ...markColumnsOf(marksOfRow(next)),
      searchWords: searchWordsColumn(next.name, next.description, next),
      version: sql`${products.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(products.id, row.id))
    .returning();
  if (!updated) throw new Error(`product ${row.id} vanished under its lock`);
  return updated;
}

/**
 * Adds `delta` units (fewer when negative) in one statement, so it adds to whatever orders did
 * meanwhile instead of setting what was read. Null when the product is missing or the stock
 * would go below zero or above the most a product may have.
 */
export async function moveStock(tx: DbOrTx, id: string, delta: number): Promise<ProductRow | null> {
  const [row] = await tx
    .update(products)
    .set({ availableQuantity: sql`${products.availableQuantity} + ${delta}` })
    .where(
      and(
        eq(products.id, id),
        sql`${products.availableQuantity} + ${delta} between 0 and ${AMOUNT_MAX}`,
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Retires or restores a product (a new version), unless it already has that status or, with
 * `version`, was changed since: null then.
 */
export async function writeStatus(
  tx: DbOrTx,
  id: string,
  status: ProductStatus,
  version?: number,
): Promise<ProductRow | null> {
  const [row] = await tx
    .update(products)
    .set({ status, version: sql`${products.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(products.id, id),
        ne(products.status, status),
        version === undefined ? undefined : eq(products.version, version),
      ),
    )
    .returning();
  return row ?? null;
}

/** The rows with these SKUs, locked until the transaction ends (an import batch). */
export async function lockProductsBySku(tx: DbOrTx, skus: readonly string[]) {
  if (skus.length === 0) return [];
  return (
    tx
      .select()
      .from(products)
      .where(inArray(products.sku, [...skus]))
      // One order for every locker: two imports sharing SKUs wait for each other, never deadlock.
      .orderBy(asc(products.id))
      .for('no key update')
  );
}

/** The rows with these SKUs, unlocked (a dry run). */
export async function readProductsBySku(db: DbOrTx, skus: readonly string[]) {
  if (skus.length === 0) return [];
  return db
    .select()
    .from(products)
    .where(inArray(products.sku, [...skus]));
}

/** Every product, retired too, oldest first, `size` rows at a time: the CSV export. */
export async function* everyProduct(db: Db, size = 1000): AsyncGenerator<ProductRow[]> {
  // The position of the last row as the database wrote it: a JavaScript Date keeps
  // milliseconds, PostgreSQL microseconds, so a Date would find the same rows again.
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const rows: Array<{ row: ProductRow; createdAt: string }> = await db
      .select({ row: products, createdAt: sql<string>`${products.createdAt}::text` })
      .from(products)
      .where(
        after === null
          ? undefined
          : sql`(${products.createdAt}, ${products.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
      )
      .orderBy(asc(products.createdAt), asc(products.id))
      .limit(size);
    if (rows.length === 0) return;
    yield rows.map(({ row }) => row);
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.row.id };
  }
}

/**
 * Writes whole rows a price list changed, in one statement, each with a new version; the
 * search words follow the name and description.
 */
export async function writeImportedUpdates(
  tx: DbOrTx,
  rows: readonly ProductRow[],
): Promise<ProductRow[]> {
  if (rows.length === 0) return [];
  const values = rows.map(
    (r) => sql`(${r.id}::uuid, ${r.name}, ${r.description}, ${r.priceCents}::int,
      ${r.orderQuantity}::int, ${r.availableQuantity}::int, ${r.img}, ${r.sku}, ${r.category},
      ${r.width}::int, ${r.aspect}::int, ${r.rim}::numeric, ${r.season}, ${r.loadIndex}::int,
      ${r.speedRating}, ${r.labelFuel}, ${r.labelWetGrip}, ${r.labelNoiseDb}::int,
      ${r.labelNoiseClass}, ${r.labelSnow}::boolean, ${r.labelIce}::boolean, ${r.labelEprel},
      ${r.oeMark}, ${r.runFlat}::boolean, ${r.reinforced}::boolean, ${r.threePeak}::boolean,
      ${r.mudSnow}::boolean, ${r.status}, ${searchWordsColumn(r.name, r.description, r)})`,
  );
  const result = await tx.execute(sql`
    update ${products} p set name = v.name, description = v.description,
      price_cents = v.price_cents, order_quantity = v.order_quantity,
      available_quantity = v.available_quantity, img = v.img, sku = v.sku,
      category = v.category, width = v.width, aspect = v.aspect, rim = v.rim,
      season = v.season, load_index = v.load_index, speed_rating = v.speed_rating,
      label_fuel = v.label_fuel, label_wet_grip = v.label_wet_grip,
      label_noise_db = v.label_noise_db, label_noise_class = v.label_noise_class,
      label_snow = v.label_snow, label_ice = v.label_ice, label_eprel = v.label_eprel,
      oe_mark = v.oe_mark, run_flat = v.run_flat, reinforced = v.reinforced,
      three_peak = v.three_peak, mud_snow = v.mud_snow, status = v.status, search_words = v.search_words, version = p.version + 1,
      updated_at = now()
    from (values ${sql.join(values, sql`, `)})
      as v(id, name, description, price_cents, order_quantity, available_quantity, img, sku,
        category, width, aspect, rim, season, load_index, speed_rating, label_fuel,
        label_wet_grip, label_noise_db, label_noise_class, label_snow, label_ice, label_eprel,
        oe_mark, run_flat, reinforced, three_peak, mud_snow, status, search_words)
    where p.id = v.id
    returning p.*`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) =>
    fromDriverRow(products, row),
  );
}
