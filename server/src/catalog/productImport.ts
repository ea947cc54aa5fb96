import type { ImportReport, RejectedRow } from '../../../contract/productChanges';
import { batchAudit, runBatchedImport, type ImportRun } from '../csvImport/batchedImport';
import type { Db } from '../db/client';
import { Conflict, DomainError, Invalid } from '../domainErrors';
import { assertPictureOfThisStore } from '../images/imageTable';
import { STORE_SKU, STORE_SKU_PROBLEM } from '../../../contract/catalogTerms';
import type { CheckedRow, RowValues } from './importRows';
import {
  galleryUrlsOf,
  pictureResolver,
  sameGallery,
  writeGallery,
  type GalleryPicture,
  type PictureSources,
} from './pictureColumn';
import { attributesOfEdit, attributesOfNewProduct, labelOfCategory } from './productAttributes';
import { assertOrderable, labelColumnsOfEdit } from './productEditing';
import { markColumnsAfter } from './productMarks';
import { difference, recordChanges, type Actor, type ProductChange } from './productHistory';
import { recordAudit } from '../audit/auditTrail';
import type { OwnPriceColumns } from '../markets/ownPriceCsv';
import {
  changedMarkets,
  changeOwnPrices,
  ownPricesOf,
  type OwnPrices,
  type WantedPrices,
} from '../markets/ownPrices';
import {
  insertProducts,
  lockProductsBySku,
  readProductsBySku,
  toProduct,
  writeImportedUpdates,
  type DbOrTx,
  type NewProduct,
  type ProductRow,
} from './productTable';

/**
 * What a price list does to the catalogue, batch by batch: each row with a known SKU updates
 * that product, a new SKU adds one, a row equal to its product changes nothing. A dry run only
 * counts; an import stores each batch in one transaction (all of it or none), with its history,
 * so a failure stops at a batch boundary and the same file run again finishes the job.
 */

/** The picture of a product added by a price list without one (a bundled placeholder). */
export const NO_PICTURE = '/images/products/no-picture.svg';

const idsOf = (rows: readonly ProductRow[]) => rows.map((row) => row.id);

/** Rows per transaction. */
export const IMPORT_BATCH = 1000;

type ValidRow = Extract<CheckedRow, { values: RowValues }>;
type ProblemRow = Extract<CheckedRow, { problem: string }>;

interface Plan {
  added: NewProduct[];
  /** The galleries the `pictures` cells give the added products' models, by their index. */
  addedGalleries: Map<number, GalleryPicture[]>;
  /** Known products' models whose gallery the `pictures` cells change. */
  galleries: Array<{ modelId: string; pictures: GalleryPicture[]; alt: string }>;
  /** Rows that change their model's gallery and nothing else of the product. */
  galleryOnly: number;
  updated: Array<{ row: ProductRow; next: ProductRow }>;
  unchanged: number;
  /** Known products whose stock cell differed from their stock: left as it is. */
  stockKept: number;
  rejected: RejectedRow[];
  /** Own prices per market to write, by SKU (markets/ownPrices), and rows changing only them. */
  ownPrices: Array<{ sku: string; wanted: WantedPrices }>;
  pricesOnly: number;
}

/** Checks pictures once per address: a price list names the same few again and again. */
function pictureChecker(db: Db) {
  const checked = new Map<string, Promise<string | null>>();
  return (img: string) => {
    let result = checked.get(img);
    if (!result) {
      result = assertPictureOfThisStore(db, img, 'img', 'img').then(
        () => null,
        (error: unknown) => (error instanceof DomainError ? error.message : Promise.reject(error)),
      );
      checked.set(img, result);
    }
    return result;
  };
}

/** The columns of a new product, or why it cannot be added. */
function newProductOf(values: RowValues): NewProduct | string {
  const missing = (
    ['name', 'description', 'priceCents', 'orderQuantity', 'availableQuantity'] as const
  ).find((key) => values[key] === undefined);
  if (missing) {
    const column = {
      name: 'name',
      description: 'description',
      priceCents: 'price',
      orderQuantity: 'orderquantity',
      availableQuantity: 'availablequantity',
    }[missing];
    return `${column} is required for a new product (no product has the sku ${values.sku}).`;
  }
  if (STORE_SKU.test(values.sku)) return `sku ${STORE_SKU_PROBLEM}.`;
  const name = values.name!;
  // As Add Product: no attribute given, all of them read from the name; else as given.
  const attributes = attributesOfNewProduct({ name, ...values.attributes });
  assertOrderable(values.orderQuantity!, values.availableQuantity!);
  return {
    sku: values.sku,
    name,
    description: values.description!,
    priceCents: values.priceCents!,
    orderQuantity: values.orderQuantity!,
    availableQuantity: values.availableQuantity!,
    img: values.img ?? NO_PICTURE,
    attributes,
    euLabel: labelOfCategory(attributes.category, values.euLabel),
    ...(values.marks && { marks: values.marks }),
    status: values.status ?? 'active',
  };
}

/**
 * The row after the price list's values, or null when they change nothing. Its stock stays:
 * stock moves by increments (restocks, orders), never to a count read earlier.
 */
function updatedRow(row: ProductRow, values: RowValues): ProductRow | null {
  const next: ProductRow = {
    ...row,
    name: values.name ?? row.name,
    description: values.description ?? row.description,
    priceCents: values.priceCents ?? row.priceCents,
    orderQuantity: values.orderQuantity ?? row.orderQuantity,
    img: values.img ?? row.img,
    status: values.status ?? row.status,
  };
  // As an edit: the attributes the row gives, checked with those the product keeps. A new name
  // does not read them again (the Edit page does not either): the file says what to change.
  if (values.attributes) Object.assign(next, attributesOfEdit(row, values.attributes));
  Object.assign(next, labelColumnsOfEdit(next.category, values.euLabel));
  // The marks follow a new name, season or label, unless the row says them.
  Object.assign(next, markColumnsAfter(row, next));
  if (values.marks && next.category === 'tyre') Object.assign(next, values.marks);
  if (next.orderQuantity !== row.orderQuantity) {
    assertOrderable(next.orderQuantity, next.availableQuantity);
  }
  const same = (Object.keys(next) as Array<keyof ProductRow>).every(
    (key) => next[key] === row[key],
  );
  if (same) return null;
  // The file's row is from an older product: applying it would undo another admin's change.
  if (values.version !== undefined && values.version !== row.version) {
    throw new Conflict(
      `sku ${row.sku} changed since this file was exported (version ${values.version} in the ` +
        `file, ${row.version} now): export again, or leave the version column out to apply ` +
        'the file over the changes.',
    );
  }
  return next;
}

/** What one batch of checked rows would do, against the products with their SKUs. */
async function planBatch(
  tx: DbOrTx,
  rows: readonly ValidRow[],
  existing: readonly ProductRow[],
  pictureProblem: (img: string) => Promise<string | null>,
  resolvePictures: (urls: readonly string[]) => Promise<GalleryPicture[] | string>,
  own: OwnPrices,
): Promise<Plan> {
  const bySku = new Map(existing.map((row) => [row.sku, row]));
  const plan: Plan = {
    added: [],
    addedGalleries: new Map(),
    galleries: [],
    galleryOnly: 0,
    updated: [],
    unchanged: 0,
    stockKept: 0,
    rejected: [],
    ownPrices: [],
    pricesOnly: 0,
  };
  const withPictures = rows.filter((row) => row.values.pictures);
  const galleries = await galleryUrlsOf(
    tx,
    withPictures.flatMap((row) => bySku.get(row.sku)?.modelId ?? []),
  );
  for (const { line, sku, values } of rows) {
    const row = bySku.get(sku);
    try {
      if (values.img !== undefined && values.img !== row?.img) {
        const problem = await pictureProblem(values.img);
        if (problem) throw new Invalid(problem);
      }
      const pictures = values.pictures ? await resolvePictures(values.pictures) : null;
      if (typeof pictures === 'string') throw new Invalid(pictures);
      if (!row) {
        const added = newProductOf(values);
        if (typeof added === 'string') throw new Invalid(added);
        if (pictures) plan.addedGalleries.set(plan.added.length, pictures);
        plan.added.push(added);
        if (values.ownPrices) plan.ownPrices.push({ sku, wanted: values.ownPrices });
        continue;
      }
      const next = updatedRow(row, values);
      const prices = values.ownPrices;
      const pricesMove = prices !== undefined && changedMarkets(own.get(row.id), prices).length > 0;
      if (pricesMove) plan.ownPrices.push({ sku, wanted: prices });
      const modelId = row.modelId;
      const newGallery =
        pictures !== null &&
        modelId !== null &&
        !sameGallery(galleries.get(modelId) ?? [], pictures);
      if (newGallery) {
        plan.galleries.push({ modelId, pictures, alt: (next ?? row).name });
        // Later rows of the same model compare with this gallery.
        galleries.set(
          modelId,
          pictures.map((picture) => picture.url),
        );
      }
      if (next) plan.updated.push({ row, next });
      else if (pricesMove) plan.pricesOnly += 1;
      else if (newGallery) plan.galleryOnly += 1;
      else plan.unchanged += 1;
      if (
        values.availableQuantity !== undefined &&
        values.availableQuantity !== row.availableQuantity
      ) {
        plan.stockKept += 1;
      }
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      plan.rejected.push({ line, sku, message: error.message });
    }
  }
  return plan;
}

/** Stores one batch's plan, its history and its line in the audit trail, in the caller's transaction. */
async function storePlan(
  tx: DbOrTx,
  plan: Plan,
  actor: Actor,
  fileName: string,
  rows: readonly ValidRow[],
  existing: { products: readonly ProductRow[]; own: OwnPrices; ownColumns: OwnPriceColumns },
): Promise<void> {
  const inserted = await insertProducts(tx, plan.added);
  const idOf = new Map([...existing.products, ...inserted].map((row) => [row.sku, row.id]));
  for (const { sku, wanted } of plan.ownPrices) {
    const id = idOf.get(sku)!;
    await changeOwnPrices(
      tx,
      actor,
      id,
      wanted,
      existing.ownColumns.markets,
      'import',
      existing.own.get(id),
    );
  }
  for (const [at, pictures] of plan.addedGalleries) {
    const product = inserted[at]!;
    await writeGallery(tx, product.modelId!, pictures, product.name);
  }
  for (const { modelId, pictures, alt } of plan.galleries) {
    await writeGallery(tx, modelId, pictures, alt);
  }
  const updated = await writeImportedUpdates(
    tx,
    plan.updated.map(({ next }) => next),
  );
  const before = new Map(plan.updated.map(({ row }) => [row.id, toProduct(row)]));
  const changes: ProductChange[] = [
    ...inserted.map((row) => {
      const { _id, version: _version, ...after } = toProduct(row);
      return { productId: _id, action: 'import' as const, after };
    }),
    ...updated.map((row) => {
      const after = toProduct(row);
      return {
        productId: row.id,
        action: 'import' as const,
        ...difference(before.get(row.id)!, after),
      };
    }),
  ];
  await recordChanges(tx, actor, changes);
  await recordAudit(tx, actor, [
    batchAudit('import', 'price list', fileName, rows, {
      added: plan.added.length,
      updated: plan.updated.length + plan.pricesOnly + plan.galleryOnly,
      unchanged: plan.unchanged,
      rejected: plan.rejected.length,
    }),
  ]);
}

export interface ProductImportRun extends ImportRun {
  db: Db;
  actor: Actor;
  /** The markets' own-price columns the file may have (markets/ownPriceCsv). */
  ownColumns?: OwnPriceColumns;
  /** The price list's file name, as the audit trail keeps it. */
  fileName?: string;
  /** Where the `pictures` column may take pictures from; left out, only the store's own. */
  pictureSources?: Omit<PictureSources, 'uploader'>;
}

/** Runs checked rows through the catalogue (or, dry, counts what they would do). */
export async function importRows(
  rows: readonly CheckedRow[],
  run: ProductImportRun,
): Promise<ImportReport> {
  const { db, actor } = run;
  const pictureProblem = pictureChecker(db);
  const resolvePictures = pictureResolver(
    db,
    {
      hosts: [],
      policy: { quotaBytes: 0, unusedSeconds: 0 },
      ...run.pictureSources,
      uploader: actor.email,
    },
    run.dryRun,
  );
  let stockKept = 0;
  const tally = await runBatchedImport<ValidRow, ProblemRow, RejectedRow>(rows, run, {
    batchSize: IMPORT_BATCH,
    refusal: (row) => ({ line: row.line, sku: row.sku, message: row.problem }),
    keyOf: (row) => row.sku,
    duplicate: (row, first) => ({
      line: row.line,
      sku: row.sku,
      message: `sku ${row.sku} is on line ${first} already.`,
    }),
    async store(batch, dryRun) {
      const skus = batch.map((row) => row.sku);
      // Checked (and kept) before the batch's transaction, which they would otherwise hold open.
      const pictures = new Set(batch.flatMap((row) => (row.values.img ? [row.values.img] : [])));
      await Promise.all([...pictures].map(pictureProblem));
      // Another host's pictures are fetched here too, outside the transaction.
      await Promise.all(
        batch.flatMap((row) => (row.values.pictures ? [resolvePictures(row.values.pictures)] : [])),
      );
      const ownColumns = run.ownColumns ?? { markets: [], columns: [] };
      // Own prices are read only for a file that sets some (most price lists do not).
      const setsOwn = batch.some((row) => row.values.ownPrices !== undefined);
      const ownOf = (tx: DbOrTx, products: readonly ProductRow[]) =>
        setsOwn ? ownPricesOf(tx, idsOf(products)) : Promise.resolve<OwnPrices>(new Map());
      const plan = dryRun
        ? await readProductsBySku(db, skus).then(async (products) =>
            planBatch(
              db,
              batch,
              products,
              pictureProblem,
              resolvePictures,
              await ownOf(db, products),
            ),
          )
        : await db.transaction(async (tx) => {
            const products = await lockProductsBySku(tx, skus);
            const own = await ownOf(tx, products);
            const planned = await planBatch(
              tx,
              batch,
              products,
              pictureProblem,
              resolvePictures,
              own,
            );
            await storePlan(tx, planned, actor, run.fileName ?? 'price list', batch, {
              products,
              own,
              ownColumns,
            });
            return planned;
          });
      stockKept += plan.stockKept;
      return {
        added: plan.added.length,
        updated: plan.updated.length + plan.pricesOnly + plan.galleryOnly,
        unchanged: plan.unchanged,
        rejected: plan.rejected,
      };
    },
  });
  return { ...tally, stockKept };
}
