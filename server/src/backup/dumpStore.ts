/**
 * The logical copy a backup holds: every table of the store's schemas, read with
 * `COPY … TO STDOUT` (PostgreSQL's text format, which any later version reads) in one
 * `REPEATABLE READ READ ONLY` transaction, so the copy is one consistent moment of a store that
 * keeps running. Each table goes into a file of its own; nothing here runs a program.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import {
  qualified,
  queryOf,
  quote,
  storeSequences,
  storeTables,
  MIGRATIONS_TABLE,
  type StoreSequence,
} from './storeTables';

export interface DumpedTable {
  schema: string;
  name: string;
  /** The archive's file of its rows (COPY text format). */
  file: string;
  columns: string[];
  rows: number;
}

export interface DumpedDatabase {
  serverVersion: string;
  migrations: number;
  tables: DumpedTable[];
  sequences: StoreSequence[];
}

/** The file name of a table's rows: `database/<schema>.<table>.copy`. */
export const tableFile = (schema: string, name: string) => `database/${schema}.${name}.copy`;

/** Copies the store at `url` into `stageDir/database/` (made here); what it copied. */
export async function dumpStore(url: string, stageDir: string): Promise<DumpedDatabase> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const query = queryOf(client);
    const info = (
      await client.query<{ version: string; migrations: number }>(
        `select current_setting('server_version') as version,
                (select count(*) from ${qualified(MIGRATIONS_TABLE.schema, MIGRATIONS_TABLE.name)})::int
                  as migrations`,
      )
    ).rows[0]!;
    const tables = await storeTables(query);
    fs.mkdirSync(path.join(stageDir, 'database'), { mode: 0o700 });
    const dumped: DumpedTable[] = [];
    for (const table of tables) {
      const file = tableFile(table.schema, table.name);
      const columns = table.columns.map(quote).join(', ');
      const stream = client.query(
        copyTo(`copy ${qualified(table.schema, table.name)} (${columns}) to stdout`),
      );
      await pipeline(
        stream,
        fs.createWriteStream(path.join(stageDir, file), { flags: 'wx', mode: 0o600 }),
      );
      dumped.push({ ...table, file, rows: stream.rowCount });
    }
    const sequences = await storeSequences(query);
    await client.query('commit');
    return {
      serverVersion: info.version,
      migrations: info.migrations,
      tables: dumped,
      sequences,
    };
  } finally {
    await client.end().catch(() => {});
  }
}
