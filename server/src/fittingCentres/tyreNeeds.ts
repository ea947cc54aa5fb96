import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { NearQuery, TyreNeeds } from '../../../contract/fittingCentres';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import { carOf } from '../vehicles/bagFitment';
import type { VehicleCache } from '../vehicles/vehicleDirectory';

type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * What the tyres among these products need of a centre: the largest rim (whole inches, a 17.5
 * takes an 18-inch machine) and run-flat. Wheels and parts need nothing; `tyres` counts the rest.
 */
export async function needsOfTyres(
  db: DbOrTx,
  productIds: readonly string[],
): Promise<{ rim?: number; runFlat: boolean; tyres: number }> {
  if (productIds.length === 0) return { runFlat: false, tyres: 0 };
  const tyres = await db
    .select({ rim: products.rim, runFlat: products.runFlat })
    .from(products)
    .where(
      and(
        inArray(products.id, [...productIds]),
        isNotNull(products.rim),
        eq(products.status, 'active'),
      ),
    );
  const rims = tyres.map((tyre) => Math.ceil(tyre.rim!));
  return {
    ...(rims.length > 0 ? { rim: Math.max(...rims) } : {}),
    runFlat: tyres.some((tyre) => tyre.runFlat),
    tyres: tyres.length,
  };
}

/**
 * What the tyres need of a centre: what the query says, and what the products and the car say,
 * so the shopper need not know them to be offered the right centres. The tyres bought decide the
 * rim and run-flat (a car on 19-inch wheels may take 18-inch winter wheels); the car decides
 * them only when no tyre is named, and always says whether it has pressure sensors.
 */
export async function tyreNeedsOf(
  db: Db,
  vehicles: VehicleCache,
  query: Pick<NearQuery, keyof TyreNeeds | 'products' | 'vehicle'>,
): Promise<TyreNeeds> {
  const rims: number[] = query.rim === undefined ? [] : [query.rim];
  let runFlat = query.runFlat ?? false;
  let tpms = query.tpms ?? false;
  const tyres = await needsOfTyres(db, query.products ? query.products.split(',') : []);
  if (tyres.rim !== undefined) rims.push(tyres.rim);
  runFlat ||= tyres.runFlat;
  if (query.vehicle) {
    const car = await carOf(vehicles, query.vehicle);
    if (tyres.tyres === 0) {
      rims.push(Math.ceil(car.front.rim), Math.ceil(car.rear.rim));
      runFlat ||= car.runFlat;
    }
    tpms ||= car.tpms;
  }
  return {
    ...(rims.length > 0 ? { rim: Math.max(...rims) } : {}),
    runFlat,
    tpms,
    highPerformance: query.highPerformance ?? false,
  };
}
