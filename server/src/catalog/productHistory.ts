import { desc, eq } from 'drizzle-orm';
import type { HistoryAction } from '../../../contract/catalogTerms';
import type { HistoryEntry, ProductHistory } from '../../../contract/productChanges';
import type { EuLabel } from '../../../contract/euLabel';
import { euLabelSummary } from '../../../contract/euLabelCopy';
import { markWords, type TyreMarks } from '../../../contract/tyreMarks';
import type { Product } from '../../../contract/products';
import { MARKET_PRICE_COLUMN, type MarketPriceColumn } from '../../../contract/marketPriceColumns';
import { productChanges } from '../db/schema';
import type { Db } from '../db/client';
import type { DbOrTx } from './productTable';
import { recordAudit, type AuditActor, type AuditRecord } from '../audit/auditTrail';

/**
 * The owner of `product_changes`, every staff write to a product: who, when, and the fields
 * before and after, named as in the product JSON (price in dollars). Each product's history is
 * read from it. Each change is also a row of the store's audit trail, written in the same
 * statement's transaction (docs/decisions/0002-audit-trail.md).
 */

/** The person who made a change, and from where (an Identity of the guards). */
export type Actor = AuditActor;

/**
 * A product's fields as the audit keeps them, and its own prices per market (`price_DE`, major
 * units as `price`; null: none, markets/ownPrices.ts).
 */
export type AuditedFields = Partial<Omit<Product, '_id' | 'version'>> & {
  [ownPrice: MarketPriceColumn]: number | null;
};

export interface ProductChange {
  productId: string;
  action: HistoryAction;
  before?: AuditedFields;
  after?: AuditedFields;
  delta?: number;
  reason?: string;
}

/** Values alike: the label is an object, the other fields plain values. */
const same = (a: unknown, b: unknown) =>
  a === b || (typeof a === 'object' && JSON.stringify(a) === JSON.stringify(b));

/** The fields that differ between two versions of a product, each side with only those. */
export function difference(
  before: Product,
  after: Product,
): { before: AuditedFields; after: AuditedFields } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after) as Array<keyof Product>) {
    if (key === '_id' || key === 'version' || same(before[key], after[key])) continue;
    was[key] = before[key];
    now[key] = after[key];
  }
  return { before: was as AuditedFields, after: now as AuditedFields };
}

const isPriceField = (field: string) => field === 'price' || MARKET_PRICE_COLUMN.test(field);

/** The audit trail's kind of a product change: a price is told apart from other edits. */
function kindOf(change: ProductChange): AuditRecord['kind'] {
  if (change.action === 'stock') return 'stock';
  if (change.action === 'import') return 'import';
  if (change.action === 'edit' && change.after && Object.keys(change.after).some(isPriceField)) {
    return 'price';
  }
  return 'product';
}

/** Keeps changes by one person, in the product histories and in the audit trail. */
export async function recordChanges(
  tx: DbOrTx,
  actor: Actor,
  changes: readonly ProductChange[],
): Promise<void> {
  if (changes.length === 0) return;
  await recordAudit(
    tx,
    actor,
    changes.map((change) => ({
      kind: kindOf(change),
      action: change.action,
      objectType: 'product',
      objectId: change.productId,
      before: change.before ?? null,
      after: change.after ?? null,
      details:
        change.delta !== undefined || change.reason !== undefined
          ? { delta: change.delta ?? null, reason: change.reason ?? null }
          : null,
    })),
  );
  await tx.insert(productChanges).values(
    changes.map((change) => ({
      productId: change.productId,
      userId: actor.userId,
      actorEmail: actor.email,
      action: change.action,
      before: change.before ?? {},
      after: change.after ?? {},
      delta: change.delta ?? null,
      reason: change.reason ?? null,
    })),
  );
}

type FieldValue = HistoryEntry['changes'][number]['from'];
/** A field's value in words: the marks as the sidewall writes them, the label in short. */
const valueOf = (value: unknown, field: string): FieldValue => {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (!value || typeof value !== 'object') return null;
  if (field === 'marks') return markWords(value as TyreMarks).join(' · ') || 'none';
  return euLabelSummary(value as EuLabel);
};

/** A product's history, newest first, each change field by field. */
export async function readHistory(db: Db, productId: string): Promise<ProductHistory> {
  const rows = await db
    .select()
    .from(productChanges)
    .where(eq(productChanges.productId, productId))
    .orderBy(desc(productChanges.createdAt), desc(productChanges.id));
  return rows.map((row) => {
    const before = row.before as Record<string, unknown>;
    const after = row.after as Record<string, unknown>;
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return {
      at: row.createdAt.toISOString(),
      by: row.actorEmail,
      action: row.action,
      changes: fields.map((field) => ({
        field,
        from: valueOf(before[field], field),
        to: valueOf(after[field], field),
      })),
      delta: row.delta,
      reason: row.reason,
    };
  });
}
