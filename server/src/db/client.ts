import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

/** The one database type the routes use: the same Drizzle API over PGlite or node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves once the database answers a query. */
  ping(): Promise<void>;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel`, and `onLost` if the
   * subscription breaks (the caller must then stop trusting what the notifications kept fresh).
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onLost: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(__dirname, 'migrations');

/** Any fixed number: it keys the advisory lock that lets one of several API processes migrate. */
const MIGRATION_LOCK = 7_351_001;

export interface DatabaseOptions {
  /** PostgreSQL URL; when null, PGlite is used. */
  databaseUrl: string | null;
  /** PGlite folder; null keeps PGlite in memory. */
  pgliteDir: string | null;
}

/** Opens the database and brings its schema up to date; `prepare` runs under the same lock. */
export async function openDatabase(
  options: DatabaseOptions,
  prepare: (db: Db) => Promise<void> = async () => {},
): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, prepare);
  return openPglite(options.pgliteDir, prepare);
}

async function openPglite(
  dataDir: string | null,
  prepare: (db: Db) => Promise<void>,
): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  await prepare(db);
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    // One process owns a PGlite folder, so its own notifications are all there is.
    listen: (channel, onNotify) => client.listen(channel, (payload) => onNotify(payload)),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, prepare: (db: Db) => Promise<void>): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A pool error (a dropped idle connection) must not crash the process; queries report their own.
  pool.on('error', () => {});
  const db = drizzlePostgres({ client: pool, schema });

  // Several API processes may start together on one database: one migrates and seeds at a time.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const locked = drizzlePostgres({ client: lockClient, schema });
    await migratePostgres(locked, { migrationsFolder });
    await prepare(locked);
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lockClient.release();
  }

  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: async (channel, onNotify, onLost) => {
      // A connection of its own: LISTEN holds it for the life of the process.
      const listener = new pg.Client({ connectionString: url });
      listener.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      listener.on('error', onLost);
      listener.on('end', onLost);
      await listener.connect();
      await listener.query(`listen ${pg.escapeIdentifier(channel)}`);
      return async () => {
        listener.removeAllListeners('end');
        await listener.end();
      };
    },
    close: () => pool.end(),
  };
}
