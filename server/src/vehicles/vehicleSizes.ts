import { vehicleCopy } from '../../../contract/vehicleCopy';
import { alternativeSizes, sameSize, type SizeOnly } from '../../../contract/sizeAlternatives';
import type { Vehicle } from '../../../contract/vehicles';
import { Invalid } from '../domainErrors';
import type { VehicleCache } from './vehicleDirectory';

/** A car's original sizes: the front's, and the rear's when it differs. */
export function originalSizes(vehicle: Vehicle): SizeOnly[] {
  return sameSize(vehicle.front, vehicle.rear) ? [vehicle.front] : [vehicle.front, vehicle.rear];
}

/**
 * The sizes a product search keeps for `vehicle=` (the car's originals) and `alternatives=true`
 * (the other sizes that fit it, never the originals); null when the search names no car.
 */
export async function sizesOfSearch(
  vehicles: VehicleCache,
  query: { vehicle?: string; alternatives?: boolean },
): Promise<SizeOnly[] | null> {
  if (query.vehicle === undefined) {
    if (query.alternatives) {
      throw new Invalid(vehicleCopy.refusals.alternativesNeedCar, 'alternatives');
    }
    return null;
  }
  const vehicle = (await vehicles.get()).find(query.vehicle);
  if (!vehicle) throw new Invalid(vehicleCopy.refusals.none, 'vehicle');
  const originals = originalSizes(vehicle);
  return query.alternatives ? alternativeSizes(originals) : originals;
}
