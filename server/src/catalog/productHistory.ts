import { desc, eq } from 'drizzle-orm';
import type { HistoryAction } from '../../../contract/catalogTerms';
import type { HistoryEntry, ProductHistory } from '../../../contract/productChanges';
import type { EuLabel } from '../../../contract/euLabel';
import { euLabelSummary } from '../../../contract/euLabelCopy';
import { markWords, type TyreMarks } from '../../../contract/tyreMarks';
import type { Product } from '../../../contract/products';
import { productChanges } from '../db/schema';
import type { Db } from '../db/client';
import type { DbOrTx } from './productTable';

/**
 * The owner of `product_changes`, the audit of every admin write to a product: who, when, and
 * the fields before and after, named as in the product JSON (price in dollars). Each product's
 * history is read from it.
 */

/** The admin who made a change. */
export interface Actor {
  userId: string;
  email: string;
}

/** A product's fields as the audit keeps them. */
export type AuditedFields = Partial<Omit<Product, '_id' | 'version'>>;

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

/** Keeps changes by one admin, in one statement. */
export async function recordChanges(
  tx: DbOrTx,
  actor: Actor,
  changes: readonly ProductChange[],
): Promise<void> {
  if (changes.length === 0) return;
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
