/**
 * A data folder of the old embedded database (PGlite, `DATA_DIR/pglite`) moves over once: at
 * the first start on the embedded PostgreSQL server, before anything is seeded, its tables are
 * copied into the new server by the store's one loader (one transaction, every count checked),
 * and only then is the old folder renamed aside (`DATA_DIR/pglite.moved-<time>`). A copy cut
 * short by a crash leaves the new server empty, so the next start simply copies again. The
 * accounts (the Auth emulator's, in `DATA_DIR/auth`) are not the database's: they stay as they are.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { isPgliteFolder, openPgliteFolder } from './legacyPglite';
import { loadStore, type LoadedCounts } from './loadStore';
import { qualified } from './storeTables';

const OLD_FOLDER = 'pglite';

/** `2026-11-25T08-50-03`: a time for folder names, sortable, without colons. */
const stamp = () => new Date().toISOString().slice(0, 19).replace(/:/g, '-');

const WHAT = ['products', 'orders', 'checkouts', 'reviews', 'emails', 'vehicles', 'users'];

export function describeCounts(counts: LoadedCounts): string {
  return WHAT.filter((name) => `public.${name}` in counts)
    .map((name) => `${counts[`public.${name}`]} ${name}`)
    .join(', ');
}

/** The rows of each of `names` (`schema.table`) in the database at `url`; null: no store there. */
async function countsIn(url: string, names: string[]): Promise<LoadedCounts | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ found: string | null }>(
      `select to_regclass('public.products')::text as found`,
    );
    if (rows[0]!.found === null) return null;
    const counts: LoadedCounts = {};
    for (const name of names) {
      const [schema, table] = name.split('.') as [string, string];
      const found = await client.query<{ n: string }>(
        `select count(*)::text as n from ${qualified(schema, table)}`,
      );
      counts[name] = Number(found.rows[0]!.n);
    }
    return counts;
  } catch {
    return {};
  } finally {
    await client.end().catch(() => {});
  }
}

/** Moves `dataDir/pglite` into the empty database at `url`, if there is one to move. */
export async function moveOldDatabase(
  dataDir: string,
  url: string,
  say: (line: string) => void,
): Promise<void> {
  const old = path.join(dataDir, OLD_FOLDER);
  if (!isPgliteFolder(old)) return;
  const legacy = await openPgliteFolder(old);
  const tables = legacy.copy.tables.filter((table) => table.schema === 'public');
  const there = await countsIn(
    url,
    tables.map((table) => `public.${table.name}`),
  ).catch(async (err) => {
    await legacy.close();
    throw err;
  });
  if (there) {
    await legacy.close();
    // A start killed after the copy's commit and before the rename: the copy is whole.
    if (tables.every((table) => there[`public.${table.name}`] === table.rows)) {
      const aside = `${old}.moved-${stamp()}`;
      fs.renameSync(old, aside);
      say(
        `${old} was already copied into the new server (every count agrees): it is now ${aside}.`,
      );
      return;
    }
    say(
      `${old} holds the store's old embedded database (PGlite), but the new database server ` +
        'already holds a store, so nothing was copied from it. Move the folder away once you ' +
        'no longer need it.',
    );
    return;
  }
  say(
    `Moving the store's data from the old embedded database (${old}) into the new ` +
      'PostgreSQL server, once. The old folder is kept until the copy is complete...',
  );
  const started = Date.now();
  let counts: LoadedCounts;
  try {
    counts = await loadStore(url, legacy.copy);
  } catch (err) {
    throw new Error(
      `The old embedded database in ${old} could not be copied into the new server: ` +
        `${(err as Error).message}. Nothing was changed; the next start tries again.`,
    );
  } finally {
    await legacy.close();
  }
  const aside = `${old}.moved-${stamp()}`;
  fs.renameSync(old, aside);
  say(
    `Copied in ${((Date.now() - started) / 1000).toFixed(1)} s, every count checked: ` +
      `${describeCounts(counts)}. The old folder is now ${aside}: delete it once the store is ` +
      'as it should be.',
  );
}
