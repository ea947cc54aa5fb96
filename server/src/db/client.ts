import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { EMBEDDED_CLUSTER_NAME } from '../embedded/clusterName';
import { Logger, runMigrations as runQueueMigrations } from 'graphile-worker';
import pg from 'pg';
import * as schema from './schema';
import { defineStoredFunctions } from './storedFunctions';

/** The one database type the routes use: Drizzle over node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /** The store's own embedded PostgreSQL server, or a PostgreSQL of DATABASE_URL. */
  kind: 'embedded' | 'postgres';
  /** Resolves once the database answers a query. */
  ping(): Promise<void>;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel`; `onLost` when the
   * subscription breaks (the caller must then stop trusting what the notifications kept fresh),
   * and `onRestored` once it listens again (it keeps trying, a second apart).
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onNotify: (payload: string) => void;
  onLost: () => void;
  onRestored: () => void;
}

const migrationsFolder = path.join(__dirname, 'migrations');

/** graphile-worker's migrations say nothing unless they fail (they throw then). */
const quietQueueLogger = new Logger(() => () => {});

/** Any fixed number: it keys the advisory lock that lets one of several API processes migrate. */
const MIGRATION_LOCK = 7_351_001;

/**
 * Opens the database at `url` and brings its schema up to date; `prepare` runs under the same
 * lock (the store's data migrations and seed: `storeDatabase.ts`). The embedded database is reached the same way: it is a PostgreSQL server.
 */
export async function openDatabase(
  url: string,
  prepare: (db: Db) => Promise<void> = async () => {},
): Promise<Database> {
  // A request waits at most 10 s for a connection: an error, never a hang, if none comes.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // A dropped connection must not crash the process, idle or checked out (a transaction waiting
  // between two statements when the database restarts): the queries report their own errors.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePostgres({ client: pool, schema });
  // drizzle's transaction on a pool sends BEGIN before its try/finally: when that BEGIN fails
  // (the database restarting under it), the connection is never given back, and after a few
  // such failures every query waits for a free connection forever. So each transaction takes
  // its connection here and gives it back whatever happens.
  db.transaction = (async (run, config) => {
    const client = await pool.connect();
    try {
      return await drizzlePostgres({ client, schema }).transaction(run, config);
    } finally {
      client.release();
    }
  }) as typeof db.transaction;

  // Several API processes may start together on one database: one migrates and seeds at a time.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const locked = drizzlePostgres({ client: lockClient, schema });
    await migratePostgres(locked, { migrationsFolder });
    await defineStoredFunctions(lockClient);
    // The email outbox's job queue (graphile-worker's own schema, `graphile_worker`): every
    // order transition adds its emails' jobs, so it exists wherever the tables do.
    await runQueueMigrations({ pgPool: pool, logger: quietQueueLogger });
    await prepare(locked);
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lockClient.release();
  }

  // The embedded server names its cluster (embedded/embeddedDatabase.ts).
  const { rows } = await pool.query<{ cluster: string }>(
    "select current_setting('cluster_name') as cluster",
  );
  return {
    db,
    kind: rows[0]?.cluster === EMBEDDED_CLUSTER_NAME ? 'embedded' : 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: async (channel, { onNotify, onLost, onRestored }) => {
      let listener: pg.Client | null = null;
      let closed = false;
      let retry: NodeJS.Timeout | null = null;
      // A connection of its own: LISTEN holds it for the life of the process.
      const connect = async () => {
        const client = new pg.Client({ connectionString: url });
        client.on('notification', (message) => {
          if (message.channel === channel) onNotify(message.payload ?? '');
        });
        client.on('error', () => {});
        await client.connect();
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
        client.once('end', () => {
          if (closed) return;
          onLost();
          schedule();
        });
        listener = client;
      };
      const schedule = () => {
        retry = setTimeout(() => {
          connect().then(onRestored, () => !closed && schedule());
        }, 1_000);
      };
      await connect();
      return async () => {
        closed = true;
        if (retry) clearTimeout(retry);
        await listener?.end().catch(() => {});
      };
    },
    close: () => pool.end(),
  };
}
