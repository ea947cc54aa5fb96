import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_LEAD_DAYS } from '../../../contract/appointments';
import {
  MAIN_PLACE,
  STOCK_PLACE_LIMITS,
  type PlacedProducts,
  type PlaceProductsQuery,
  type StockPlaces,
} from '../../../contract/stockPlaces';
import type { Db } from '../db/client';
import { listCentres } from '../fittingCentres/centreTable';
import { leadTimes, stockPlaces } from './appointmentSchema';

/**
 * What the stock places page reads: each place with how many products and units it keeps, the
 * centres, the lead times set; and a page of the products at one place. A product with no place
 * of its own is at the main warehouse; retired products are left out (nothing is fitted from them).
 */

/** The place of each live product, MAIN where none is set. */
/** Rows of a raw query (the Db type leaves them untyped). */
async function rowsOf<Row>(db: Db, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const PLACED = sql`(select p.id, p.name, p.sku, p.available_quantity,
    coalesce(pp.place_code, ${MAIN_PLACE}) as place_code
  from products p left join product_places pp on pp.product_id = p.id
  where p.status <> 'retired') placed`;

export async function stockPlacesView(db: Db): Promise<StockPlaces> {
  const [places, counts, centres, times] = await Promise.all([
    db.select().from(stockPlaces).orderBy(stockPlaces.code),
    rowsOf<{ place_code: string; products: number; units: number }>(
      db,
      sql`select place_code, count(*)::int as products,
        coalesce(sum(available_quantity), 0)::int as units
        from ${PLACED} group by place_code`,
    ),
    listCentres(db),
    db.select().from(leadTimes),
  ]);
  const countOf = new Map(counts.map((row) => [row.place_code, row]));
  const centreName = new Map(centres.map((centre) => [centre._id, centre.name]));
  return {
    places: places.map((place) => ({
      code: place.code,
      name: place.name,
      centreId: place.centreId,
      centreName: place.centreId ? (centreName.get(place.centreId) ?? null) : null,
      products: countOf.get(place.code)?.products ?? 0,
      units: countOf.get(place.code)?.units ?? 0,
    })),
    centres: centres.map(({ _id, code, name, city }) => ({ _id, code, name, city })),
    leadTimes: times
      .map(({ placeCode, centreId, days }) => ({ placeCode, centreId, days }))
      .sort((a, b) => a.placeCode.localeCompare(b.placeCode)),
    defaultLeadDays: DEFAULT_LEAD_DAYS,
  };
}

/** `%`, `_` and `\` typed in a search match themselves. */
const literally = (typed: string) => typed.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function productsAt(
  db: Db,
  code: string,
  query: PlaceProductsQuery,
): Promise<PlacedProducts> {
  const typed = query.q?.trim() ?? '';
  const match = typed
    ? sql`and (name ilike ${`%${literally(typed)}%`} or sku ilike ${`%${literally(typed)}%`})`
    : sql``;
  const where = sql`where place_code = ${code} ${match}`;
  const [page, total] = await Promise.all([
    rowsOf<{ id: string; name: string; sku: string; available_quantity: number }>(
      db,
      sql`select id, name, sku, available_quantity from ${PLACED} ${where}
        order by name, id limit ${STOCK_PLACE_LIMITS.page} offset ${query.offset ?? 0}`,
    ),
    rowsOf<{ total: number }>(db, sql`select count(*)::int as total from ${PLACED} ${where}`),
  ]);
  return {
    total: total[0]?.total ?? 0,
    products: page.map((row) => ({
      _id: row.id,
      name: row.name,
      sku: row.sku,
      stock: row.available_quantity,
    })),
  };
}
