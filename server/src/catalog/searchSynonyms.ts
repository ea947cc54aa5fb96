import { recordAudit, type AuditActor } from '../audit/auditTrail';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { searchSynonyms } from '../db/schema';
import type { SearchQuery } from './searchWords';

/** Per word, the other words of its group: what a search takes for it. */
export type Synonyms = ReadonlyMap<string, readonly string[]>;

export const NO_SYNONYMS: Synonyms = new Map();

export function synonymsOf(groups: readonly (readonly string[])[]): Synonyms {
  const synonyms = new Map<string, string[]>();
  for (const group of groups) {
    for (const word of group)
      synonyms.set(
        word,
        group.filter((other) => other !== word),
      );
  }
  return synonyms;
}

/** The groups, each sorted, in the order of their first word. */
export async function readSynonymGroups(db: Db): Promise<string[][]> {
  const rows = await db
    .select()
    .from(searchSynonyms)
    .orderBy(asc(searchSynonyms.groupNo), asc(searchSynonyms.word));
  const groups = new Map<number, string[]>();
  for (const row of rows) {
    const group = groups.get(row.groupNo);
    if (group) group.push(row.word);
    else groups.set(row.groupNo, [row.word]);
  }
  return sortedGroups([...groups.values()]);
}

export function sortedGroups(groups: readonly (readonly string[])[]): string[][] {
  return groups
    .map((group) => [...group].sort())
    .sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0));
}

/**
 * Replaces every group (the words already folded as the search folds them, each in one group).
 * The catalogue's channel tells every API process, which then reads the catalogue and the
 * synonyms again: answers worked out with the old ones must go.
 */
export async function replaceSynonymGroups(
  db: Db,
  groups: readonly (readonly string[])[],
  actor: AuditActor,
) {
  await db.transaction(async (tx) => {
    // Two replacements at once take turns, so each row's "before" is what it replaced.
    await tx.execute(sql`lock table ${searchSynonyms} in share row exclusive mode`);
    const before = await readSynonymGroups(tx);
    await tx.delete(searchSynonyms);
    const rows = groups.flatMap((group, groupNo) => group.map((word) => ({ word, groupNo })));
    if (rows.length > 0) await tx.insert(searchSynonyms).values(rows);
    await tx.execute(sql`select pg_notify('catalog_changed', 'synonyms')`);
    await recordAudit(tx, actor, [
      {
        kind: 'synonyms',
        action: 'replace',
        objectType: 'search synonyms',
        objectId: null,
        before: { groups: before },
        after: { groups },
      },
    ]);
  });
}

/** The query with each word's synonyms added. */
export function withSynonyms(query: SearchQuery, synonyms: Synonyms): SearchQuery {
  return { ...query, alike: query.words.map((word) => [...(synonyms.get(word) ?? [])]) };
}
