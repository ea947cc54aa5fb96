import { and, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import { auditEvents } from '../db/schema';
import type { Db } from '../db/client';
import type { AuditEntry, AuditKind, AuditQuery } from '../../../contract/staff';

/**
 * The owner of `audit_events` (migration 0032): every staff action, written by the change's own
 * transaction (pass its `tx`), so a change that fails leaves no row and one that commits always
 * has its row. There is no call here that changes or removes a row, and the database refuses it.
 */

/** Who acted and how: an Identity of the guards carries all of it. */
export interface AuditActor {
  userId: string;
  email: string;
  /** Absent for what the store does on its own behalf. */
  address?: string;
  call?: string;
}

export interface AuditRecord {
  kind: AuditKind;
  /** What was done: `edit`, `ship`, `grant`, … */
  action: string;
  objectType: string;
  objectId: string | null;
  before?: unknown;
  after?: unknown;
  /** What else tells the action: a file's name and counts, a reason, an amount. */
  details?: unknown;
}

/** Writes in `tx`, the transaction of the change it records. */
export async function recordAudit(
  tx: Pick<Db, 'insert'>,
  actor: AuditActor,
  records: readonly AuditRecord[],
): Promise<void> {
  if (records.length === 0) return;
  await tx.insert(auditEvents).values(
    records.map((record) => ({
      actorUserId: actor.userId,
      actorEmail: actor.email,
      address: actor.address ?? null,
      call: actor.call ?? 'store',
      kind: record.kind,
      action: record.action,
      objectType: record.objectType,
      objectId: record.objectId,
      before: record.before ?? null,
      after: record.after ?? null,
      details: record.details ?? null,
    })),
  );
}

/** `%`, `_` and `\` typed in a filter match themselves. */
const literally = (typed: string) => typed.replace(/[\\%_]/g, (c) => `\\${c}`);

function filterOf(query: AuditQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.person) conditions.push(ilike(auditEvents.actorEmail, `%${literally(query.person)}%`));
  if (query.object) conditions.push(eq(auditEvents.objectId, query.object));
  if (query.kind) conditions.push(eq(auditEvents.kind, query.kind));
  if (query.from) conditions.push(gte(auditEvents.at, new Date(query.from)));
  if (query.to) conditions.push(lte(auditEvents.at, new Date(query.to)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

type AuditRow = typeof auditEvents.$inferSelect;

const toEntry = (row: AuditRow): AuditEntry => ({
  _id: String(row.id),
  at: row.at.toISOString(),
  by: row.actorEmail,
  address: row.address,
  call: row.call,
  kind: row.kind,
  action: row.action,
  objectType: row.objectType,
  objectId: row.objectId,
  before: row.before,
  after: row.after,
  details: row.details,
});

/** One page of the trail, newest first, and how many rows match in all. */
export async function readAudit(
  db: Db,
  query: AuditQuery,
): Promise<{ entries: AuditEntry[]; total: number }> {
  const where = filterOf(query);
  const perPage = query.perPage ?? 50;
  const rows = await db
    .select()
    .from(auditEvents)
    .where(where)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(perPage)
    .offset(((query.page ?? 1) - 1) * perPage);
  const total = await db.$count(auditEvents, where);
  return { entries: rows.map(toEntry), total };
}

/** Every matching row, newest first, in pages: the CSV export streams them. */
export async function* everyAuditEntry(db: Db, query: AuditQuery): AsyncGenerator<AuditEntry> {
  const where = filterOf(query);
  const pageSize = 1000;
  for (let offset = 0; ; offset += pageSize) {
    const rows = await db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(pageSize)
      .offset(offset);
    for (const row of rows) yield toEntry(row);
    if (rows.length < pageSize) return;
  }
}
