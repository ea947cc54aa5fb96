/**
 * The one loader of every restore and of the move of an old embedded database: a copy of the
 * store's tables (a backup's files, a legacy PGlite database, a legacy pg_dump restored aside)
 * into a database whose schema the store's own migrations make here, up to the copy's migration
 * count (later ones run at the next start). No SQL of the copy is ever run: its rows go in with
 * `COPY … FROM STDIN`, only into tables and columns the schema has (named from the catalog and
 * quoted), sequences are set, every count is checked, all in one transaction.
 */
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { Logger, runMigrations as runQueueMigrations } from 'graphile-worker';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  MIGRATIONS_TABLE,
  qualified,
  queryOf,
  quote,
  storeSequences,
  storeTables,
  type StoreSequence,
} from './storeTables';

export interface SourceTable {
  schema: string;
  name: string;
  columns: string[];
  rows: number;
  /** Its rows in COPY's text format, in the order of `columns`. */
  open(): Readable | Promise<Readable>;
}

export interface StoreCopy {
  migrations: number;
  tables: SourceTable[];
  sequences: StoreSequence[];
}

/** A copy that does not fit this store's schema, or did not load whole: said in words. */
export class LoadRefused extends Error {}

export const MIGRATIONS_FOLDER = path.join(__dirname, '..', 'db', 'migrations');

/** How many migrations this store's code has. */
export const migrationsKnown = () =>
  readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length;

/** The store's tables and rows of a database, by `schema.name` (public only: what people count). */
export type LoadedCounts = Record<string, number>;

/**
 * Loads `copy` into the database at `url`, which holds none of the store's tables yet; with
 * `replace`, the store's schemas in it are dropped first, in the same transaction.
 */
export async function loadStore(
  url: string,
  copy: StoreCopy,
  { replace = false }: { replace?: boolean } = {},
): Promise<LoadedCounts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    if (replace) {
      await client.query(
        'drop schema if exists graphile_worker cascade; drop schema if exists drizzle cascade; ' +
          'drop schema if exists public cascade; create schema public',
      );
    }
    await migrate(client, copy.migrations);
    const counts = await loadRows(client, copy);
    await client.query('commit');
    await remakeEmailJobs(url);
    return counts;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The store's migrations 1..count, as drizzle's migrator applies them, in this transaction. */
async function migrate(client: pg.Client, count: number) {
  const all = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  if (!Number.isInteger(count) || count < 1 || count > all.length) {
    throw new LoadRefused(
      `the copy's database has ${count} migrations; this store's code knows ${all.length}` +
        (count > all.length ? ': update the store first' : ''),
    );
  }
  const table = qualified(MIGRATIONS_TABLE.schema, MIGRATIONS_TABLE.name);
  const existing = await client.query<{ found: string | null }>(
    `select to_regclass('public.products')::text as found`,
  );
  if (existing.rows[0]!.found) {
    throw new LoadRefused('the database already holds a store (its products table exists)');
  }
  await client.query(`create schema if not exists ${quote(MIGRATIONS_TABLE.schema)}`);
  await client.query(
    `create table if not exists ${table} (id serial primary key, hash text not null, created_at bigint)`,
  );
  for (const migration of all.slice(0, count)) {
    for (const statement of migration.sql) await client.query(statement);
    await client.query(`insert into ${table} (hash, created_at) values ($1, $2)`, [
      migration.hash,
      migration.folderMillis,
    ]);
  }
}

const key = (schema: string, name: string) => `${schema}.${name}`;

async function loadRows(client: pg.Client, copy: StoreCopy): Promise<LoadedCounts> {
  const query = queryOf(client);
  const target = await storeTables(query);
  const targetByKey = new Map(target.map((table) => [key(table.schema, table.name), table]));
  const sourceByKey = new Map<string, SourceTable>();
  for (const table of copy.tables) {
    const name = key(table.schema, table.name);
    if (sourceByKey.has(name)) throw new LoadRefused(`the copy names the table ${name} twice`);
    sourceByKey.set(name, table);
    const made = targetByKey.get(name);
    if (!made) {
      throw new LoadRefused(
        `the copy holds a table ${name} that the store's schema at migration ${copy.migrations} does not have`,
      );
    }
    const unknown = table.columns.filter((column) => !made.columns.includes(column));
    if (unknown.length > 0 || new Set(table.columns).size !== table.columns.length) {
      throw new LoadRefused(
        `the copy's table ${name} has columns the store's schema does not: ${unknown.join(', ') || '(a column twice)'}`,
      );
    }
    if (!Number.isSafeInteger(table.rows) || table.rows < 0) {
      throw new LoadRefused(`the copy gives no row count for ${name}`);
    }
  }

  // The migrations table is made by `migrate`: the copy's must only agree on the count.
  const migrationsKey = key(MIGRATIONS_TABLE.schema, MIGRATIONS_TABLE.name);
  const copiedMigrations = sourceByKey.get(migrationsKey);
  if (copiedMigrations && copiedMigrations.rows !== copy.migrations) {
    throw new LoadRefused(
      `the copy says ${copy.migrations} migrations and its migrations table holds ${copiedMigrations.rows}`,
    );
  }
  const loaded = target.filter(
    (table) =>
      sourceByKey.has(key(table.schema, table.name)) &&
      key(table.schema, table.name) !== migrationsKey,
  );

  // Rows the migrations made (fitting days) go: the copy has the store's own. No trigger fires
  // while loading (they only tell the running API of changes; none runs on this database).
  for (const table of loaded) {
    await client.query(`alter table ${qualified(table.schema, table.name)} disable trigger user`);
  }
  if (loaded.length > 0) {
    await client.query(
      `truncate ${loaded.map((table) => qualified(table.schema, table.name)).join(', ')}`,
    );
  }
  const counts: LoadedCounts = {};
  for (const table of loaded) {
    const source = sourceByKey.get(key(table.schema, table.name))!;
    const columns = source.columns.map(quote).join(', ');
    const name = key(table.schema, table.name);
    // Opened before the COPY starts: a source failing then leaves the connection usable.
    let input: Readable;
    try {
      input = await source.open();
    } catch (err) {
      throw new LoadRefused(`the rows of ${name} could not be read: ${(err as Error).message}`);
    }
    const stream = client.query(
      copyFrom(`copy ${qualified(table.schema, table.name)} (${columns}) from stdin`),
    );
    try {
      await pipeline(input, stream);
    } catch (err) {
      throw new LoadRefused(`the rows of ${name} could not be loaded: ${(err as Error).message}`);
    }
    const { rows } = await client.query<{ n: string }>(
      `select count(*)::text as n from ${qualified(table.schema, table.name)}`,
    );
    const count = Number(rows[0]!.n);
    if (count !== source.rows || stream.rowCount !== source.rows) {
      throw new LoadRefused(
        `${key(table.schema, table.name)} should hold ${source.rows} rows and holds ${count}`,
      );
    }
    counts[key(table.schema, table.name)] = count;
    await client.query(`alter table ${qualified(table.schema, table.name)} enable trigger user`);
  }

  const sequences = new Set(
    (await storeSequences(query))
      .filter((sequence) => sequence.schema !== MIGRATIONS_TABLE.schema)
      .map((sequence) => key(sequence.schema, sequence.name)),
  );
  for (const sequence of copy.sequences) {
    if (!sequences.has(key(sequence.schema, sequence.name))) continue;
    if (!/^-?\d{1,19}$/.test(String(sequence.lastValue))) {
      throw new LoadRefused(`the copy gives no number for the sequence ${sequence.name}`);
    }
    await client.query('select setval($1::regclass, $2::bigint, $3::boolean)', [
      qualified(sequence.schema, sequence.name),
      String(sequence.lastValue),
      sequence.isCalled === true,
    ]);
  }
  return counts;
}

/**
 * The email outbox's jobs: one for every email still queued, at its next attempt (now if none),
 * keyed by its id as the store adds them (emails/emailTable.ts), in graphile-worker's schema.
 */
export async function remakeEmailJobs(url: string): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  try {
    await runQueueMigrations({ pgPool: pool, logger: new Logger(() => () => {}) });
    const { rows } = await pool.query<{ found: string | null }>(
      `select to_regclass('public.emails')::text as found`,
    );
    if (!rows[0]!.found) return 0;
    const made = await pool.query(
      `select graphile_worker.add_job('send_email', json_build_object('id', id::text),
                run_at := next_attempt_at, job_key := id::text)
         from public.emails where status = 'queued'`,
    );
    return made.rowCount ?? 0;
  } finally {
    await pool.end();
  }
}
