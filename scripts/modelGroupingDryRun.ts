/**
 * `npx tsx scripts/modelGroupingDryRun.ts [postgres://…]`: how a store's catalogue would group
 * into tyre models (issue 51), read from its database and nothing written, so it can be run on a
 * store before upgrading it (the upgrade groups the same way, at its first start). The database
 * is the argument, else DATABASE_URL (the embedded server's port and password:
 * docs/database.md). Prints each grouped model with its sizes, then the counts.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../server/src/db/client';
import * as schema from '../server/src/db/schema';
import { planStoredGrouping } from '../server/src/models/modelGrouping';

async function main(): Promise<void> {
  const url = process.argv[2] ?? process.env.DATABASE_URL;
  if (!url) {
    console.error('Name the store database: a postgres:// URL, or DATABASE_URL.');
    process.exit(64);
  }
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const report = await planStoredGrouping(drizzle(pool, { schema }) as unknown as Db);
    for (const group of report.groups) {
      console.log(`${group.brand} ${group.pattern}: ${group.names.length} sizes`);
      for (const name of group.names) console.log(`  ${name}`);
    }
    console.log(
      `\n${report.products} products → ${report.models} models: ` +
        `${report.grouped.models} models of ${report.grouped.products} sizes, ` +
        `${report.ownModels} products stay models of their own. Nothing was written.`,
    );
  } finally {
    await pool.end();
  }
}

void main();
