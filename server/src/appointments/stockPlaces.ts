import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { DEFAULT_LEAD_DAYS } from '../../../contract/appointments';
import { MAIN_PLACE } from '../../../contract/stockPlaces';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import { leadTimes, productPlaces, stockPlaces } from './appointmentSchema';

/**
 * Where tyres are and how long they take to reach a centre: each product's stock has a place
 * (the main warehouse when none is set), each place a lead time in days to each centre. The
 * owner of `stock_places`, `lead_times` and `product_places` (migration 0029).
 */

type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Days until every one of these products can be at the centre (0 for none), as one SQL value:
 * `centreId` is a value or a column of the query it goes into.
 */
export function leadDaysSql(centreId: SQL | string, productIds: readonly string[]): SQL<number> {
  if (productIds.length === 0) return sql<number>`0`;
  const wanted = sql`array[${sql.join(
    productIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
  return leadDaysOfSql(centreId, wanted);
}

/** As leadDaysSql, the products one `uuid[]` value (a placeholder of a prepared query). */
export function leadDaysOfSql(centreId: SQL | string, productIds: SQL | Placeholder): SQL<number> {
  return sql<number>`(
    select coalesce(max(case when sp.centre_id = ${centreId} then 0
        else coalesce(lt.days, ${DEFAULT_LEAD_DAYS}) end), 0)::int
    from unnest(${productIds}) as wanted(product_id)
    left join ${productPlaces} pp on pp.product_id = wanted.product_id
    join ${stockPlaces} sp on sp.code = coalesce(pp.place_code, ${MAIN_PLACE})
    left join ${leadTimes} lt on lt.place_code = sp.code and lt.centre_id = ${centreId})`;
}

/** Days until every one of these products can be at the centre (0 for none), in one query. */
export async function leadDaysTo(
  db: DbOrTx,
  centreId: string,
  productIds: readonly string[],
): Promise<number> {
  if (productIds.length === 0) return 0;
  const result = await db.execute(sql`select ${leadDaysSql(centreId, productIds)} as days`);
  return (result as unknown as { rows: Array<{ days: number }> }).rows[0]?.days ?? 0;
}

export type StockPlaceRow = typeof stockPlaces.$inferSelect;

export async function findStockPlace(db: DbOrTx, code: string): Promise<StockPlaceRow | null> {
  const [row] = await db.select().from(stockPlaces).where(eq(stockPlaces.code, code));
  return row ?? null;
}

/** Adds a place; false when its code is taken. */
export async function insertStockPlace(
  db: DbOrTx,
  place: { code: string; name: string; centreId: string | null },
): Promise<boolean> {
  const rows = await db
    .insert(stockPlaces)
    .values({ code: place.code, name: place.name.trim(), centreId: place.centreId })
    .onConflictDoNothing()
    .returning({ code: stockPlaces.code });
  return rows.length === 1;
}

/** Adds or renames a stock place (a centre's shelf names its centre). */
export async function setStockPlace(
  db: DbOrTx,
  place: { code: string; name: string; centreId?: string | null },
) {
  await db
    .insert(stockPlaces)
    .values({ code: place.code, name: place.name.trim(), centreId: place.centreId ?? null })
    .onConflictDoUpdate({
      target: stockPlaces.code,
      set: { name: place.name.trim(), centreId: place.centreId ?? null },
    });
}

/**
 * Removes a place with its lead times; its products go back to the main warehouse (their rows
 * go with the place). Returns how many products were there.
 */
export async function deleteStockPlace(tx: DbOrTx, code: string): Promise<number> {
  const moved = await tx
    .delete(productPlaces)
    .where(eq(productPlaces.placeCode, code))
    .returning({ productId: productPlaces.productId });
  await tx.delete(stockPlaces).where(eq(stockPlaces.code, code));
  return moved.length;
}

export async function setLeadTime(db: DbOrTx, placeCode: string, centreId: string, days: number) {
  await db
    .insert(leadTimes)
    .values({ placeCode, centreId, days })
    .onConflictDoUpdate({ target: [leadTimes.placeCode, leadTimes.centreId], set: { days } });
}

export async function clearLeadTime(db: DbOrTx, placeCode: string, centreId: string) {
  await db
    .delete(leadTimes)
    .where(and(eq(leadTimes.placeCode, placeCode), eq(leadTimes.centreId, centreId)));
}

/** The lead times set from one place, by centre. */
export async function leadTimesFrom(db: DbOrTx, placeCode: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ centreId: leadTimes.centreId, days: leadTimes.days })
    .from(leadTimes)
    .where(eq(leadTimes.placeCode, placeCode));
  return new Map(rows.map((row) => [row.centreId, row.days]));
}

export async function placeProduct(db: DbOrTx, productId: string, placeCode: string) {
  await placeProducts(db, [productId], placeCode);
}

/**
 * Keeps these products at a place from now on; returns where each was before. The main
 * warehouse is the place of a product with no row, so placing there removes the rows.
 */
export async function placeProducts(
  db: DbOrTx,
  productIds: readonly string[],
  placeCode: string,
): Promise<Map<string, string>> {
  const before = await db
    .select({ productId: productPlaces.productId, placeCode: productPlaces.placeCode })
    .from(productPlaces)
    .where(inArray(productPlaces.productId, [...productIds]));
  const was = new Map(productIds.map((id) => [id, MAIN_PLACE]));
  for (const row of before) was.set(row.productId, row.placeCode);
  if (placeCode === MAIN_PLACE) {
    await db.delete(productPlaces).where(inArray(productPlaces.productId, [...productIds]));
  } else {
    await db
      .insert(productPlaces)
      .values(productIds.map((productId) => ({ productId, placeCode })))
      .onConflictDoUpdate({ target: productPlaces.productId, set: { placeCode } });
  }
  return was;
}

/** How many of these ids name no product. */
export async function unknownProducts(db: DbOrTx, productIds: readonly string[]): Promise<number> {
  const found = await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...productIds]));
  return productIds.length - found.length;
}
