import { and, count, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import { formatTyreSize } from '../../../contract/tyreSize';
import { suggestionEdits, typosAllowed } from './searchTypos';
import type { SearchQuery } from './searchWords';

/**
 * The typed words as SQL: the in-memory index's rules (searchIndex.ts, searchVocabulary.ts,
 * searchTypos.ts) over the `search_words` column, with fuzzystrmatch's Levenshtein distance
 * (migration 0025). Words are letters and digits only (searchWords), so none is a LIKE wildcard.
 */

/** Each word of a product's `search_words`, as `w`. */
const WORDS = sql`unnest(string_to_array(btrim(${products.searchWords}), ' ')) as v(w)`;

/** `text` (a word or its start) is at most `edits` slips from `typed`; digits never slip. */
function slips(text: SQL, typed: string, edits: number): SQL {
  // levenshtein takes at most 255 characters: the length is compared first, in a CASE.
  return sql`(${text} !~ '[0-9]' and case when abs(length(${text}) - ${typed.length}::int) <= ${edits}::int
    then levenshtein_less_equal(${text}, ${typed}, ${edits}::int) <= ${edits}::int else false end)`;
}

/** The product has the typed word (the last: a word starting with it) or one of its synonyms. */
function exactly(typed: string, alike: readonly string[], last: boolean): SQL {
  const has = (word: string, start: boolean) =>
    sql`${products.searchWords} like ${start ? `% ${word}%` : `% ${word} %`}`;
  return or(has(typed, last), ...alike.map((word) => has(word, false)))!;
}

/** The product has the typed word, a synonym, or a word a few slips from it. */
function forgiving(typed: string, alike: readonly string[], last: boolean): SQL {
  const edits = typosAllowed(typed);
  if (edits === 0) return exactly(typed, alike, last);
  const near = last
    ? sql`exists (select 1 from ${WORDS} where exists (select 1 from
        generate_series(${Math.max(1, typed.length - edits)}::int, ${typed.length + edits}::int) as n(n)
        where ${slips(sql`left(w, n)`, typed, edits)}))`
    : sql`exists (select 1 from ${WORDS} where ${slips(sql`w`, typed, edits)})`;
  return or(exactly(typed, alike, last), near)!;
}

const isLast = (text: SearchQuery, i: number) => i === text.words.length - 1;

/** One condition per typed word: the words the search finds, slips forgiven. */
export function wordConditions(text: SearchQuery): SQL[] {
  return text.words.map((word, i) => forgiving(word, text.alike[i] ?? [], isLast(text, i)));
}

/**
 * Products with every word as typed (or a synonym) sort first, those found by a slip after
 * them; nothing when no word can slip.
 */
export function exactFirst(text: SearchQuery): SQL[] {
  if (!text.words.some((word) => typosAllowed(word) > 0)) return [];
  const exact = and(
    ...text.words.map((word, i) => exactly(word, text.alike[i] ?? [], isLast(text, i))),
  );
  return [sql`case when ${exact} then 0 else 1 end`];
}

/**
 * "Did you mean", as the index words it: each typed word that finds no product (of `scope`) is
 * replaced by the closest word of them; null when none is replaced or one has no close word.
 */
export async function suggestionFromDatabase(
  db: Db,
  text: SearchQuery,
  scope: SQL | undefined,
): Promise<string | null> {
  let replaced = false;
  const suggested: string[] = [];
  for (const [i, typed] of text.words.entries()) {
    const [found] = await db
      .select({ n: count() })
      .from(products)
      .where(and(scope, forgiving(typed, text.alike[i] ?? [], isLast(text, i))));
    if ((found?.n ?? 0) > 0) {
      suggested.push(typed);
      continue;
    }
    const edits = suggestionEdits(typed);
    if (edits === 0) return null;
    const result = await db.execute(sql`
      select w, count(*) as n, levenshtein(w, ${typed}) as d
      from ${products}, ${WORDS}
      where ${scope ?? sql`true`} and ${slips(sql`w`, typed, edits)}
      group by w order by d, n desc, w collate "C" limit 1`);
    const closest = (result as unknown as { rows: Array<{ w: string }> }).rows[0]?.w;
    if (closest === undefined) return null;
    suggested.push(closest);
    replaced = true;
  }
  if (!replaced) return null;
  return [...(text.size ? [formatTyreSize(text.size)] : []), ...suggested].join(' ');
}
