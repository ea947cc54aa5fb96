import {
  FITMENT_MARKET,
  fitmentFindings,
  fitmentWords,
  ruleTyreOf,
  type Finding,
} from '../../../contract/fitmentRules';
import { vehicleCopy, vehicleTitle } from '../../../contract/vehicleCopy';
import type { Vehicle } from '../../../contract/vehicles';
import { readBag } from '../bag/bagTable';
import { readProducts } from '../catalog/productTable';
import type { Db } from '../db/client';
import { Conflict, Invalid } from '../domainErrors';
import type { VehicleCache } from './vehicleDirectory';

/**
 * The bag checked against the car it is for (issue 50), with contract/fitmentRules.ts: what
 * `GET /bag/fitment` answers, and checkout's hook that refuses tyres below the car's load index
 * or speed rating. A checkout for no car (or another car) is the shopper's choice: no hook.
 */

export async function carOf(vehicles: VehicleCache, id: string): Promise<Vehicle> {
  const car = (await vehicles.get()).find(id);
  if (!car) throw new Invalid(vehicleCopy.refusals.none, 'vehicle');
  return car;
}

/** The findings about a shopper's bag on `car`, for tyres fitted on `day` (YYYY-MM-DD). */
export async function bagFindings(
  db: Db,
  userId: string,
  car: Vehicle,
  day: string,
): Promise<Finding[]> {
  const bag = await readBag(db, userId);
  const products = new Map(
    (
      await readProducts(
        db,
        bag.items.map((item) => item.productId),
      )
    ).map((p) => [p._id, p]),
  );
  const tyres = bag.items.flatMap((item) => {
    const product = products.get(item.productId);
    return product ? [ruleTyreOf(product, item.quantity)] : [];
  });
  return fitmentFindings(car, tyres, { market: FITMENT_MARKET, day });
}

/**
 * Checkout's hook: refuses (409) a bag for `vehicleId` with a tyre below the car's load index or
 * speed rating, the tyre and its reason in words ("This car needs load index 94 or more; this
 * tyre is 91."). `GET /bag/fitment` lists every finding.
 */
export async function refuseUnfitTyres(
  db: Db,
  vehicles: VehicleCache,
  userId: string,
  vehicleId: string | null | undefined,
  day: string,
): Promise<void> {
  if (!vehicleId) return;
  const car = await carOf(vehicles, vehicleId);
  const refusals = (await bagFindings(db, userId, car, day)).filter((f) => f.level === 'refusal');
  if (refusals.length === 0) return;
  const products = new Map(
    (
      await readProducts(
        db,
        refusals.flatMap((f) => (f.productId ? [f.productId] : [])),
      )
    ).map((p) => [p._id, p.name]),
  );
  const first = refusals[0]!;
  throw new Conflict(
    `${products.get(first.productId ?? '') ?? 'A tyre'}: ${first.message} ` +
      fitmentWords.refusedAtCheckout(vehicleTitle(car, null)),
    'vehicle',
  );
}
