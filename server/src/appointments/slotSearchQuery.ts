import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fittingCentres } from '../fittingCentres/centreSchema';
import { busyBaysSql } from './appointmentTable';
import { leadDaysOfSql } from './stockPlaces';

/**
 * The one read of a slot search: the centre, the tyres' lead time to it and the bays taken in a
 * window, as a prepared query. Building the query was a fifth of the API's own time in a search
 * (profiled under the bench), so it is built once per database, and each connection plans it
 * once.
 */

type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** The centre's id qualified by hand: Drizzle writes it bare, which a subquery would misread. */
const CENTRE_ID = sql.raw('"fitting_centres"."id"');

const prepare = (db: DbOrTx) =>
  db
    .select({
      centre: fittingCentres,
      leadDays: leadDaysOfSql(CENTRE_ID, sql`${sql.placeholder('products')}::uuid[]`),
      busy: busyBaysSql(CENTRE_ID, sql.placeholder('from'), sql.placeholder('to')),
    })
    .from(fittingCentres)
    .where(eq(fittingCentres.id, sql.placeholder('centreId')))
    .prepare('slot_search');

const prepared = new WeakMap<DbOrTx, ReturnType<typeof prepare>>();

export async function readSlotSearch(
  db: DbOrTx,
  ask: { centreId: string; productIds: readonly string[]; from: Date; to: Date },
) {
  let query = prepared.get(db);
  if (!query) {
    query = prepare(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({
    centreId: ask.centreId,
    products: [...ask.productIds],
    from: ask.from.toISOString(),
    to: ask.to.toISOString(),
  });
  return row ?? null;
}
