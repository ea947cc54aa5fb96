/**
 * The old embedded database (PGlite, PostgreSQL compiled to WebAssembly) read once more: an old
 * data folder's `pglite/` when a store moves over, and the plain SQL of an old backup file
 * (`pglite-sql`), which runs only inside a PGlite held in memory (WebAssembly: no program, no
 * file of this machine is within its reach). Its tables then go through the store's one loader.
 * This is the only module that loads PGlite.
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { PGlite as PGliteType } from '@electric-sql/pglite';
import type { StoreCopy } from './loadStore';
import {
  MIGRATIONS_TABLE,
  qualified,
  quote,
  storeSequences,
  storeTables,
  type Query,
} from './storeTables';

export interface LegacyDatabase {
  copy: StoreCopy;
  close(): Promise<void>;
}

/** Whether `dir` is a folder the old embedded database made (PostgreSQL's PG_VERSION inside). */
export function isPgliteFolder(dir: string): boolean {
  return fs.existsSync(`${dir}/PG_VERSION`);
}

async function read(db: PGliteType): Promise<LegacyDatabase> {
  const query: Query = (text, params) => db.query(text, params as unknown[]);
  const tables = await storeTables(query);
  const migrations = Number(
    (
      await db.query<{ n: number }>(
        `select count(*)::int as n from ${qualified(MIGRATIONS_TABLE.schema, MIGRATIONS_TABLE.name)}`,
      )
    ).rows[0]!.n,
  );
  const counted = [];
  for (const table of tables) {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from ${qualified(table.schema, table.name)}`,
    );
    counted.push({
      ...table,
      rows: Number(rows[0]!.n),
      open: async () => {
        const columns = table.columns.map(quote).join(', ');
        const result = await db.query(
          `copy ${qualified(table.schema, table.name)} (${columns}) to '/dev/blob'`,
        );
        // No rows: PGlite gives no blob at all.
        const rows = result.blob ? Buffer.from(await result.blob.arrayBuffer()) : Buffer.alloc(0);
        // An empty chunk would be sent as an empty COPY message, which stalls the copy.
        return Readable.from(rows.length > 0 ? [rows] : []);
      },
    });
  }
  return {
    copy: { migrations, tables: counted, sequences: await storeSequences(query) },
    close: () => db.close(),
  };
}

/** The old embedded database in `dir` (the data folder's `pglite/`), opened to be read. */
export async function openPgliteFolder(dir: string): Promise<LegacyDatabase> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(dir);
  await db.waitReady;
  return read(db);
}

/** An old backup's SQL (`pglite-sql`), run in a PGlite in memory, to be read. */
export async function openPgliteSql(sqlFile: string): Promise<LegacyDatabase> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite();
  await db.waitReady;
  try {
    await db.exec(fs.readFileSync(sqlFile, 'utf8'));
  } catch (err) {
    await db.close();
    throw new Error(
      `the backup's SQL could not be read into a database: ${(err as Error).message}`,
    );
  }
  return read(db);
}
