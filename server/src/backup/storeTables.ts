/**
 * What of a database is the store's own, read from PostgreSQL's catalog: the tables of its
 * schemas with their columns (the generated ones left out: PostgreSQL makes them), the foreign
 * keys between them, and the sequences. A backup copies exactly this, and a restore loads only
 * into what this finds in the schema it made.
 *
 * graphile-worker's schema (`graphile_worker`, the email outbox's job queue) is not among them:
 * its jobs carry only an email's id, the `emails` rows are the truth, and a restore makes one
 * job again for every email still to send (`remakeEmailJobs`).
 */
import type pg from 'pg';

export const STORE_SCHEMAS = ['public', 'drizzle'] as const;

/** drizzle's record of the migrations applied: made by the restore's own migrations, not loaded. */
export const MIGRATIONS_TABLE = { schema: 'drizzle', name: '__drizzle_migrations' } as const;

export interface StoreTable {
  schema: string;
  name: string;
  columns: string[];
}

export interface StoreSequence {
  schema: string;
  name: string;
  /** As text: a bigint. */
  lastValue: string;
  isCalled: boolean;
}

/** A `pg` query: a pg.Client, a pool, or anything answering alike (PGlite's adapter). */
export type Query = (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

export const queryOf =
  (client: pg.ClientBase): Query =>
  (text, params) =>
    client.query(text, params as unknown[]);

/** `"schema"."name"`, quoted as PostgreSQL quotes identifiers. */
export const qualified = (schema: string, name: string) => `${quote(schema)}.${quote(name)}`;
export const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** The store's tables, each with its columns in order, sorted so a table follows those it references. */
export async function storeTables(query: Query): Promise<StoreTable[]> {
  const columns = (await query(
    `select n.nspname as schema, c.relname as name, a.attname as column
       from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       join pg_catalog.pg_attribute a on a.attrelid = c.oid
      where c.relkind in ('r', 'p') and n.nspname = any($1::text[])
        and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by n.nspname, c.relname, a.attnum`,
    [STORE_SCHEMAS],
  )) as { rows: Array<{ schema: string; name: string; column: string }> };
  const tables = new Map<string, StoreTable>();
  for (const row of columns.rows) {
    const key = `${row.schema}.${row.name}`;
    if (!tables.has(key)) tables.set(key, { schema: row.schema, name: row.name, columns: [] });
    tables.get(key)!.columns.push(row.column);
  }
  const references = (await query(
    `select fn.nspname || '.' || f.relname as "from", tn.nspname || '.' || t.relname as "to"
       from pg_catalog.pg_constraint k
       join pg_catalog.pg_class f on f.oid = k.conrelid
       join pg_catalog.pg_namespace fn on fn.oid = f.relnamespace
       join pg_catalog.pg_class t on t.oid = k.confrelid
       join pg_catalog.pg_namespace tn on tn.oid = t.relnamespace
      where k.contype = 'f' and fn.nspname = any($1::text[])`,
    [STORE_SCHEMAS],
  )) as { rows: Array<{ from: string; to: string }> };
  return referencedFirst(tables, references.rows);
}

function referencedFirst(
  tables: Map<string, StoreTable>,
  references: Array<{ from: string; to: string }>,
): StoreTable[] {
  const ordered: StoreTable[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (key: string) => {
    if (placed.has(key) || visiting.has(key) || !tables.has(key)) return;
    visiting.add(key);
    for (const ref of references) if (ref.from === key && ref.to !== key) place(ref.to);
    visiting.delete(key);
    placed.add(key);
    ordered.push(tables.get(key)!);
  };
  for (const key of [...tables.keys()].sort()) place(key);
  return ordered;
}

/** The store's sequences and where each stands. */
export async function storeSequences(query: Query): Promise<StoreSequence[]> {
  const found = (await query(
    `select schemaname as schema, sequencename as name
       from pg_catalog.pg_sequences where schemaname = any($1::text[])
      order by 1, 2`,
    [STORE_SCHEMAS],
  )) as { rows: Array<{ schema: string; name: string }> };
  const sequences: StoreSequence[] = [];
  for (const { schema, name } of found.rows) {
    const state = (await query(
      `select last_value::text as "lastValue", is_called as "isCalled" from ${qualified(schema, name)}`,
    )) as { rows: Array<{ lastValue: string; isCalled: boolean }> };
    sequences.push({ schema, name, ...state.rows[0]! });
  }
  return sequences;
}
