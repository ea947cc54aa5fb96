import type { NearQuery, TyreNeeds } from '../../../contract/fittingCentres';
import { readProducts } from '../catalog/productTable';
import type { Db } from '../db/client';
import { carOf } from '../vehicles/bagFitment';
import type { VehicleCache } from '../vehicles/vehicleDirectory';

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
  const tyres = query.products
    ? (await readProducts(db, query.products.split(','))).filter((p) => p.rim !== null)
    : [];
  for (const tyre of tyres) {
    rims.push(Math.ceil(tyre.rim!));
    runFlat ||= tyre.marks.runFlat;
  }
  if (query.vehicle) {
    const car = await carOf(vehicles, query.vehicle);
    if (tyres.length === 0) {
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
