import {
  DEFAULT_FITMENT_MARKET,
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

/** When the tyres go on and where: the day (YYYY-MM-DD) and the shopper's market (its law). */
export interface FitmentWhen {
  day: string;
  market?: string | undefined;
}

/** The findings about bag lines on `car` (a product no longer known is left out). */
export async function linesFindings(
  db: Db,
  car: Vehicle,
  lines: ReadonlyArray<{ productId: string; quantity: number }>,
  when: FitmentWhen,
): Promise<Finding[]> {
  const products = new Map(
    (
      await readProducts(
        db,
        lines.map((line) => line.productId),
      )
    ).map((p) => [p._id, p]),
  );
  const tyres = lines.flatMap((line) => {
    const product = products.get(line.productId);
    return product ? [ruleTyreOf(product, line.quantity)] : [];
  });
  return fitmentFindings(car, tyres, {
    market: when.market ?? DEFAULT_FITMENT_MARKET,
    day: when.day,
  });
}

/** The findings about a shopper's bag on `car`. */
export async function bagFindings(
  db: Db,
  userId: string,
  car: Vehicle,
  when: FitmentWhen,
): Promise<Finding[]> {
  return linesFindings(db, car, (await readBag(db, userId)).items, when);
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
  await refuseUnfitLines(db, vehicles, (await readBag(db, userId)).items, vehicleId, day);
}

/** The same hook for bag lines sent with the checkout (a guest's, kept in the browser). */
export async function refuseUnfitLines(
  db: Db,
  vehicles: VehicleCache,
  lines: ReadonlyArray<{ productId: string; quantity: number }>,
  vehicleId: string | null | undefined,
  day: string,
): Promise<void> {
  if (!vehicleId) return;
  const car = await carOf(vehicles, vehicleId);
  // Refusals (load index, speed rating) are the same in every market.
  const refusals = (await linesFindings(db, car, lines, { day })).filter(
    (f) => f.level === 'refusal',
  );
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
