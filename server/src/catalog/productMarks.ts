import { asc, gt, sql } from 'drizzle-orm';
import { marksOf, type TyreMarks } from '../../../contract/tyreMarks';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import { searchWordsColumn } from './searchWords';

/**
 * A product's sidewall marks (issue 50) as its row's columns: read from the name, description,
 * season and label (contract/tyreMarks.ts) when the product is stored or those change, unless a
 * price list's row says them.
 */

type Row = typeof products.$inferSelect;
export type MarkColumns = Pick<Row, 'oeMark' | 'runFlat' | 'reinforced' | 'threePeak' | 'mudSnow'>;
type Source = Pick<Row, 'name' | 'description' | 'category' | 'season' | 'labelSnow'>;

export const markColumnsOf = (marks: TyreMarks): MarkColumns => ({ ...marks });

export const marksOfRow = (row: MarkColumns): TyreMarks => ({
  oeMark: row.oeMark,
  runFlat: row.runFlat,
  reinforced: row.reinforced,
  threePeak: row.threePeak,
  mudSnow: row.mudSnow,
});

/** The marks the row's text and season tell. */
export const markColumnsFromText = (row: Source): MarkColumns => markColumnsOf(marksOf(row));

const SOURCE_FIELDS = ['name', 'description', 'category', 'season', 'labelSnow'] as const;

/**
 * The mark columns to write after a change from `before` to `after`: read again when what they
 * are read from changed (a new name tells new marks), else none (the marks stay).
 */
export function markColumnsAfter(before: Source, after: Source): Partial<MarkColumns> {
  const changed = SOURCE_FIELDS.some((field) => before[field] !== after[field]);
  return changed ? markColumnsFromText(after) : {};
}

const BATCH = 1000;

/**
 * The data migration for the products stored before marks existed: each read from its text,
 * and its search words with them.
 */
export async function fillMarksFromNames(db: Db): Promise<void> {
  let after: string | null = null;
  for (;;) {
    const batch: Array<Source & { id: string }> = await db
      .select({
        id: products.id,
        name: products.name,
        description: products.description,
        category: products.category,
        season: products.season,
        labelSnow: products.labelSnow,
      })
      .from(products)
      .where(after === null ? undefined : gt(products.id, after))
      .orderBy(asc(products.id))
      .limit(BATCH);
    if (batch.length === 0) return;
    const values = batch.map((row) => {
      const m = markColumnsFromText(row);
      return sql`(${row.id}::uuid, ${m.oeMark}, ${m.runFlat}::boolean, ${m.reinforced}::boolean,
        ${m.threePeak}::boolean, ${m.mudSnow}::boolean,
        ${searchWordsColumn(row.name, row.description, m)})`;
    });
    await db.execute(sql`
      update ${products} p set oe_mark = v.oe_mark, run_flat = v.run_flat,
        reinforced = v.reinforced, three_peak = v.three_peak, mud_snow = v.mud_snow,
        search_words = v.search_words
      from (values ${sql.join(values, sql`, `)})
        as v(id, oe_mark, run_flat, reinforced, three_peak, mud_snow, search_words)
      where p.id = v.id`);
    after = batch[batch.length - 1]!.id;
  }
}
