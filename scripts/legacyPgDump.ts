/**
 * An old backup of a store on PostgreSQL (format 1, pg_dump's custom format) read once more:
 * pg_restore loads it into a scratch database of the target server AS A ROLE MADE FOR IT, which
 * is no superuser and in none of the roles that run programs or read and write the server's
 * files, without owners or privileges. Whatever SQL a crafted dump holds then runs with that
 * role's rights in that scratch database only. The store's own tables are then read from it by
 * the store's one loader; the scratch database and the role are dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { StoreCopy } from '../server/src/backup/loadStore';
import {
  MIGRATIONS_TABLE,
  qualified,
  queryOf,
  quote,
  storeSequences,
  storeTables,
} from '../server/src/backup/storeTables';
import { connection, pgTool, run } from './postgresTools';
import { Refusal } from './storeData';

const DANGEROUS_ROLES = [
  'pg_execute_server_program',
  'pg_write_server_files',
  'pg_read_server_files',
];

/** Runs `use` with the store's tables of `dumpFile`, restored aside on the server of `serverUrl`. */
export async function withLegacyPgDump<T>(
  serverUrl: string,
  dumpFile: string,
  use: (copy: StoreCopy) => Promise<T>,
): Promise<T> {
  const pgRestore = pgTool('pg_restore');
  const name = `store_restore_${randomBytes(6).toString('hex')}`;
  const password = randomBytes(24).toString('hex');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  let scratch: pg.Client | null = null;
  try {
    await admin.query(
      `create role ${quote(name)} login nosuperuser nocreatedb nocreaterole noreplication ` +
        `nobypassrls password ${admin.escapeLiteral(password)}`,
    );
    const { rows } = await admin.query<{ dangerous: boolean }>(
      `select rolsuper or exists (select 1 from unnest($2::text[]) as r(name)
                                   where pg_has_role($1, r.name, 'member')) as dangerous
         from pg_roles where rolname = $1`,
      [name, DANGEROUS_ROLES],
    );
    if (rows[0]?.dangerous !== false) {
      throw new Refusal('a role that can neither run programs nor write files could not be made');
    }
    await admin.query(`create database ${quote(name)} owner ${quote(name)}`);
    const url = new URL(serverUrl);
    url.username = name;
    url.password = password;
    url.pathname = `/${name}`;
    const { dbname, env } = connection(url.toString());
    try {
      await run(
        pgRestore,
        [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          '--single-transaction',
          `--dbname=${dbname}`,
          dumpFile,
        ],
        { env },
      );
    } catch (err) {
      throw new Refusal(
        `the backup's PostgreSQL dump could not be restored (as a role that may run no ` +
          `program and write no file): ${(err as Error).message}`,
      );
    }
    scratch = new pg.Client({ connectionString: url.toString() });
    await scratch.connect();
    const client = scratch;
    await client.query('begin isolation level repeatable read read only');
    const query = queryOf(client);
    const tables = [];
    for (const table of await storeTables(query)) {
      const counted = await client.query<{ n: string }>(
        `select count(*)::text as n from ${qualified(table.schema, table.name)}`,
      );
      tables.push({
        ...table,
        rows: Number(counted.rows[0]!.n),
        open: (): Readable =>
          client.query(
            copyTo(
              `copy ${qualified(table.schema, table.name)} (${table.columns.map(quote).join(', ')}) to stdout`,
            ),
          ),
      });
    }
    const migrations = tables.find(
      (t) => t.schema === MIGRATIONS_TABLE.schema && t.name === MIGRATIONS_TABLE.name,
    );
    return await use({
      migrations: migrations?.rows ?? 0,
      tables,
      sequences: await storeSequences(query),
    });
  } finally {
    await scratch?.end().catch(() => {});
    await admin.query(`drop database if exists ${quote(name)} with (force)`).catch(() => {});
    await admin.query(`drop role if exists ${quote(name)}`).catch(() => {});
    await admin.end().catch(() => {});
  }
}
