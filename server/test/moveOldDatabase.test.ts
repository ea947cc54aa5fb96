/**
 * A data folder of the old embedded database moves over once (issue 43): `DATA_DIR/pglite` as
 * the store made it on PGlite (its migrations, its seeded catalogue, reviews and vehicles, and
 * an account's checkout, orders and queued emails) is copied into the new PostgreSQL server by
 * the start's `moveOldDatabase`, every count the same, the outbox's job made again, and only then
 * the old folder renamed aside. A second start copies nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { getTableColumns, getTableName, type Table } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from '../src/backup/loadStore';
import { moveOldDatabase } from '../src/backup/moveOldDatabase';
import type { Db } from '../src/db/client';
import { openStoreDatabase } from '../src/storeDatabase';
import * as schema from '../src/db/schema';
import { seedIfEmpty, seedVehiclesIfNone } from '../src/db/seed';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../src/embedded/embeddedDatabase';

jest.setTimeout(180_000);

const TABLES = ['products', 'orders', 'checkouts', 'reviews', 'emails', 'vehicles', 'users'];

let dataDir: string;
let server: EmbeddedDatabase | null = null;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-move-'));
  // Run as root, the database's own system user must pass through the folder.
  fs.chmodSync(dataDir, 0o711);
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The last migration the PGlite store had (0024): old folders are at it, or before. */
const LAST_PGLITE_MIGRATION = 24;

/** Columns added after the PGlite store that today's seed writes: their migrations, undone after. */
const LATER_SEEDED_COLUMNS = [
  {
    migration: '0033_vehicle_axles.sql',
    table: 'vehicles',
    columns: [
      'front_load_index',
      'front_speed_rating',
      'rear_load_index',
      'rear_speed_rating',
      'factory_sizes',
      'run_flat',
      'tpms',
      'four_wheel_drive',
      'oe_marks',
    ],
  },
  {
    migration: '0034_tyre_marks.sql',
    table: 'products',
    columns: ['oe_mark', 'run_flat', 'reinforced', 'three_peak', 'mud_snow'],
  },
  {
    migration: '0045_review_driving.sql',
    table: 'reviews',
    columns: ['product_id', 'car_make', 'car_model', 'car_year', 'distance_km'],
  },
];

/** The migrations as the PGlite store had them: a copy of the folder, its journal cut there. */
function pgliteMigrations(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'store-old-migrations-'));
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: Array<{ idx: number }>;
  };
  journal.entries = journal.entries.filter((entry) => entry.idx <= LAST_PGLITE_MIGRATION);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/** Adds, bare, the columns today's schema has on these tables and the old database has not. */
async function addTodaysColumns(client: PGlite, tables: readonly Table[]) {
  const added: Array<[string, string]> = [];
  for (const table of tables) {
    const name = getTableName(table);
    const { rows } = await client.query<{ column_name: string }>(
      'select column_name from information_schema.columns where table_name = $1',
      [name],
    );
    const existing = new Set(rows.map((row) => row.column_name));
    for (const column of Object.values(getTableColumns(table))) {
      if (existing.has(column.name)) continue;
      await client.exec(`alter table ${name} add column "${column.name}" text`);
      added.push([name, column.name]);
    }
  }
  return added;
}

/** The old store's folder, made as it made it: migrations, seed, then a shopper's rows. */
async function makeOldFolder(folder: string): Promise<Record<string, number>> {
  const client = new PGlite(folder);
  const db = drizzle(client, { schema });
  const migrations = pgliteMigrations();
  await migrate(db, { migrationsFolder: migrations });
  fs.rmSync(migrations, { recursive: true, force: true });
  // Today's seeding names columns added since (held_quantity, the cars' needs, the tyres' marks
  // and what a review is of): there for the seed, then gone.
  await client.exec('alter table products add column held_quantity integer not null default 0');
  for (const later of LATER_SEEDED_COLUMNS) {
    await client.exec(
      fs
        .readFileSync(path.join(MIGRATIONS_FOLDER, later.migration), 'utf8')
        .replaceAll('--> statement-breakpoint', ''),
    );
  }
  // And the fitting centres' table (0028) and the tyre models' (0039), which today's seed fills:
  // there for it, then gone.
  for (const migration of ['0028_fitting_centres.sql', '0039_tyre_models.sql']) {
    await client.exec(
      fs
        .readFileSync(path.join(MIGRATIONS_FOLDER, migration), 'utf8')
        .replaceAll('--> statement-breakpoint', ''),
    );
  }
  await seedIfEmpty(db as unknown as Db);
  await seedVehiclesIfNone(db as unknown as Db);
  const [product] = await db.select().from(schema.products).limit(1);
  await client.exec('drop table fitting_centres cascade');
  await client.exec('alter table products drop column model_id');
  await client.exec('drop table tyre_models cascade');
  await client.exec('alter table products drop column held_quantity');
  for (const later of LATER_SEEDED_COLUMNS) {
    await client.exec(
      `alter table ${later.table} ${later.columns.map((c) => `drop column ${c}`).join(', ')}`,
    );
  }
  // A shopper's rows, written with today's schema: its columns added since stand bare (text,
  // null) while they are written, then are gone again.
  const shopperTables = [
    schema.users,
    schema.checkouts,
    schema.orders,
    schema.reviews,
    schema.emails,
  ];
  const added = await addTodaysColumns(client, shopperTables);
  const [user] = await db
    .insert(schema.users)
    .values({ email: 'old@store.test', firebaseUid: 'old-uid', emailVerified: true })
    .returning();
  const [checkout] = await db
    .insert(schema.checkouts)
    .values({ userId: user!.id, totalCents: 2 * product!.priceCents })
    .returning();
  const [order] = await db
    .insert(schema.orders)
    .values({
      productId: product!.id,
      userId: user!.id,
      checkoutId: checkout!.id,
      productName: product!.name,
      priceCents: product!.priceCents,
      name: 'Old Shopper',
      email: 'old@store.test',
      address: '1 Old Road',
      number: '555 0100',
      quantity: 2,
      paid: true,
      transactionId: 'pi_old',
      status: 'paid',
    })
    .returning();
  await db.insert(schema.reviews).values({
    name: 'Old Shopper',
    description: 'Written on PGlite.',
    ratings: 5,
    userId: user!.id,
    address: 'Old Town',
    img: '/images/x.png',
  });
  await db.insert(schema.emails).values([
    {
      kind: 'order_confirmation',
      audience: 'shopper',
      orderId: order!.id,
      checkoutId: checkout!.id,
      recipient: 'old@store.test',
      data: { lines: [] },
      status: 'queued',
    },
    {
      kind: 'admin_to_ship',
      audience: 'admins',
      orderId: order!.id,
      data: { lines: [] },
      status: 'sent',
    },
  ] as Array<typeof schema.emails.$inferInsert>);
  for (const [table, column] of added) {
    await client.exec(`alter table ${table} drop column "${column}"`);
  }
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    counts[table] = (
      await client.query<{ n: number }>(`select count(*)::int as n from ${table}`)
    ).rows[0]!.n;
  }
  await client.close();
  return counts;
}

async function countsAt(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const counts: Record<string, number> = {};
    for (const table of TABLES) {
      counts[table] = (
        await client.query<{ n: number }>(`select count(*)::int as n from ${table}`)
      ).rows[0]!.n;
    }
    return counts;
  } finally {
    await client.end();
  }
}

test('an old PGlite data folder is copied into the new server once, then kept aside', async () => {
  const old = path.join(dataDir, 'pglite');
  const before = await makeOldFolder(old);
  expect(before.orders).toBe(1);
  expect(before.vehicles).toBeGreaterThan(0);

  server = await startEmbeddedDatabase(path.join(dataDir, 'postgres'), {
    log: () => {},
    settings: { fsync: 'off' },
  });
  const said: string[] = [];
  await moveOldDatabase(dataDir, server.url, (line) => said.push(line));

  expect(await countsAt(server.url)).toEqual(before);
  expect(fs.existsSync(old)).toBe(false);
  const aside = fs.readdirSync(dataDir).filter((name) => name.startsWith('pglite.moved-'));
  expect(aside).toHaveLength(1);
  expect(said.join('\n')).toContain(`The old folder is now ${path.join(dataDir, aside[0]!)}`);
  expect(said.join('\n')).toMatch(/1 orders, 1 checkouts, \d+ reviews, 2 emails/);

  // The queued email has its job again; the sent one none.
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  const jobs = await client.query<{ key: string }>(
    `select key from graphile_worker.jobs where task_identifier = 'send_email'`,
  );
  const queued = await client.query<{ id: string }>(
    `select id from emails where status = 'queued'`,
  );
  await client.end();
  expect(jobs.rows.map((row) => row.key)).toEqual(queued.rows.map((row) => row.id));

  // The store opens on it as on any database (nothing seeded again), and a second start copies nothing.
  const database = await openStoreDatabase(server.url);
  await database.close();
  expect(await countsAt(server.url)).toEqual(before);
  said.length = 0;
  await moveOldDatabase(dataDir, server.url, (line) => said.push(line));
  expect(said).toEqual([]);
});
