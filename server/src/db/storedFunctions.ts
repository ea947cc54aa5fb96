import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

const functionsFolder = path.join(__dirname, 'functions');

/**
 * The database functions (stock, orders, checkout), each defined once in `functions/<name>.sql`
 * and replaced on every start after the migrations, so a change to one is an edit of its file
 * (reviewed as a diff), not a new migration repeating the whole body. Migrations keep what
 * cannot be replaced that way: tables, data, and the functions triggers need while they run.
 */
export async function defineStoredFunctions(client: pg.ClientBase): Promise<void> {
  const files = fs
    .readdirSync(functionsFolder)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  await client.query('begin');
  try {
    for (const file of files) {
      await client.query(fs.readFileSync(path.join(functionsFolder, file), 'utf8'));
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  }
}
