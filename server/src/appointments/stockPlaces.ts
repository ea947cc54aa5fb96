import { inArray, sql } from 'drizzle-orm';
import { DEFAULT_LEAD_DAYS } from '../../../contract/appointments';
import type { Db } from '../db/client';
import { leadTimes, productPlaces, stockPlaces } from './appointmentSchema';

/**
 * Where tyres are and how long they take to reach a centre: each product's stock has a place
 * (the main warehouse when none is set), each place a lead time in days to each centre.
 */

type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
const MAIN = 'MAIN';

/** Days until every one of these products can be at the centre (0 for none). */
export async function leadDaysTo(
  db: DbOrTx,
  centreId: string,
  productIds: readonly string[],
): Promise<number> {
  if (productIds.length === 0) return 0;
  const placed = await db
    .select({ productId: productPlaces.productId, placeCode: productPlaces.placeCode })
    .from(productPlaces)
    .where(inArray(productPlaces.productId, [...productIds]));
  const placeOf = new Map(placed.map((row) => [row.productId, row.placeCode]));
  const codes = [...new Set(productIds.map((id) => placeOf.get(id) ?? MAIN))];
  const places = await db
    .select({
      code: stockPlaces.code,
      centreId: stockPlaces.centreId,
      days: sql<number | null>`(select ${leadTimes.days} from ${leadTimes}
        where ${leadTimes.placeCode} = ${stockPlaces.code} and ${leadTimes.centreId} = ${centreId})`,
    })
    .from(stockPlaces)
    .where(inArray(stockPlaces.code, codes));
  let days = 0;
  for (const place of places) {
    const lead = place.centreId === centreId ? 0 : (place.days ?? DEFAULT_LEAD_DAYS);
    days = Math.max(days, lead);
  }
  return days;
}

/** Adds or renames a stock place (a centre's shelf names its centre). */
export async function setStockPlace(
  db: DbOrTx,
  place: { code: string; name: string; centreId?: string | null },
) {
  await db
    .insert(stockPlaces)
    .values({ code: place.code, name: place.name, centreId: place.centreId ?? null })
    .onConflictDoUpdate({
      target: stockPlaces.code,
      set: { name: place.name, centreId: place.centreId ?? null },
    });
}

export async function setLeadTime(db: DbOrTx, placeCode: string, centreId: string, days: number) {
  await db
    .insert(leadTimes)
    .values({ placeCode, centreId, days })
    .onConflictDoUpdate({ target: [leadTimes.placeCode, leadTimes.centreId], set: { days } });
}

export async function placeProduct(db: DbOrTx, productId: string, placeCode: string) {
  await db
    .insert(productPlaces)
    .values({ productId, placeCode })
    .onConflictDoUpdate({ target: productPlaces.productId, set: { placeCode } });
}
