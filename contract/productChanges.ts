import { importReportOf } from './importReport';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { ErrorResponse, NonBlank } from './common';
import { HISTORY_ACTIONS, STOCK_REASON_MAX, type HistoryAction } from './catalogTerms';
import { AMOUNT_MAX } from './limits';
import { Product, ProductFields } from './products';

/**
 * How admins run the catalogue after adding a product: edit it (with the version the edit
 * started from), move its stock by increments, retire and restore it, read its history, and
 * import or export the whole catalogue as CSV.
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The version an edit or a status change started from: a stale one gets 409. */
const Version = Type.Integer({
  minimum: 1,
  maximum: 2_147_483_647,
  title: 'version',
  description: 'The product version the change started from (from the product JSON)',
});

/**
 * `PATCH /product/{id}`: the fields to change, and the version the edit started from. Stock is
 * not among them: it moves by `POST /product/{id}/stock` increments only. A tyre attribute
 * given as null clears it; the attributes that result are checked as a whole.
 */
export const EditProductBody = Type.Object(
  {
    version: Version,
    name: Type.Optional(ProductFields.name),
    description: Type.Optional(ProductFields.description),
    price: Type.Optional(ProductFields.price),
    orderquantity: Type.Optional(ProductFields.orderquantity),
    img: Type.Optional(ProductFields.img),
    sku: Type.Optional(ProductFields.sku),
    category: Type.Optional(ProductFields.category),
    width: Type.Optional(Nullable(ProductFields.width)),
    aspect: Type.Optional(Nullable(ProductFields.aspect)),
    rim: Type.Optional(Nullable(ProductFields.rim)),
    season: Type.Optional(Nullable(ProductFields.season)),
    loadIndex: Type.Optional(Nullable(ProductFields.loadIndex)),
    speedRating: Type.Optional(Nullable(ProductFields.speedRating)),
    // null removes the label.
    euLabel: Type.Optional(ProductFields.euLabel),
  },
  { additionalProperties: false },
);
export type EditProductBody = Static<typeof EditProductBody>;

/** The fields an edit may change (all of `EditProductBody` but the version). */
export type EditableField = Exclude<keyof EditProductBody, 'version'>;

/** `POST /product/{id}/stock`: units in (positive) or out (negative), and why. */
export const StockChangeBody = Type.Object(
  {
    delta: Type.Integer({
      minimum: -AMOUNT_MAX,
      maximum: AMOUNT_MAX,
      not: { const: 0 },
      title: 'Units',
      description: 'Units added (positive) or taken out (negative); never zero',
      errorMessage: { not: 'cannot be 0: add or take out at least one unit' },
    }),
    reason: NonBlank(STOCK_REASON_MAX, 'Reason'),
  },
  { additionalProperties: false },
);
export type StockChangeBody = Static<typeof StockChangeBody>;

/** `POST /product/{id}/retire` and `/restore`: optionally the version the admin saw. */
export const StatusChangeBody = Type.Object(
  { version: Type.Optional(Version) },
  { additionalProperties: false },
);
export type StatusChangeBody = Static<typeof StatusChangeBody>;

/**
 * The 409 of an edit: a stale one carries the product as it is now, so the form can show what
 * changed; an SKU another product has does not.
 */
export const EditConflict = Type.Composite(
  [
    ErrorResponse,
    Type.Object({
      current: Type.Optional(Product),
    }),
  ],
  { $id: 'EditConflict' },
);
export type EditConflict = Static<typeof EditConflict>;

const FieldValue = Type.Union([Type.String(), Type.Number(), Type.Null()]);

/** One admin change of a product: who, when, and each field from → to. */
export const HistoryEntry = Type.Object({
  at: Type.String({ format: 'date-time' }),
  by: Nullable(Type.String({ description: "The admin's email at the time" })),
  action: Type.Unsafe<HistoryAction>(Type.String({ enum: [...HISTORY_ACTIONS] })),
  changes: Type.Array(Type.Object({ field: Type.String(), from: FieldValue, to: FieldValue }), {
    description: 'Fields as the product JSON names them; price in dollars',
  }),
  delta: Nullable(Type.Integer({ description: 'Units in or out, for a stock change' })),
  reason: Nullable(Type.String({ description: 'Why the stock moved' })),
});
export type HistoryEntry = Static<typeof HistoryEntry>;

/** `GET /product/{id}/history`: newest first. */
export const ProductHistory = Type.Array(HistoryEntry, { $id: 'ProductHistory' });
export type ProductHistory = Static<typeof ProductHistory>;

export const ImportQuery = Type.Object(
  {
    dryRun: Type.Optional(
      Type.Boolean({
        title: 'dryRun',
        description: 'true: check the file and report what it would do, storing nothing',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ImportQuery = Static<typeof ImportQuery>;

/** A row the import refused: its line in the file (the header is line 1) and why. */
export const RejectedRow = Type.Object({
  line: Type.Integer({ minimum: 2 }),
  sku: Nullable(Type.String()),
  message: Type.String(),
});
export type RejectedRow = Static<typeof RejectedRow>;

/** What an import did, or (dry run) would do. */
export const ImportReport = importReportOf('ImportReport', RejectedRow, {
  stockKept: Type.Integer({
    minimum: 0,
    description:
      'Rows of products already in the catalogue whose availablequantity differed from the ' +
      'stock now: stock moves by restocks only, so it was left as it is',
  }),
});
export type ImportReport = Static<typeof ImportReport>;

/** A line of the import's progress stream (`Accept: application/x-ndjson`). */
export interface ImportProgress {
  phase: 'checking' | 'storing';
  done: number;
  total: number;
}

/** `POST /product/import`: the price list, a CSV file with a header row. */
export const ImportForm = Type.Object({
  file: Type.String({
    format: 'binary',
    contentMediaType: 'text/csv',
    description: 'A CSV file whose first line names its columns (sku and any others of the export)',
    examples: ['sku,price\nP000001,89.99\n'],
  }),
});
