import { vehicleCopy } from '../../../contract/vehicleCopy';
import { alternativeSizes, sameSize, type SizeOnly } from '../../../contract/sizeAlternatives';
import type { Vehicle } from '../../../contract/vehicles';
import { Invalid } from '../domainErrors';
import type { VehicleCache } from './vehicleDirectory';

/**
 * A car's original sizes: the front's, the rear's when it differs, then its other factory
 * sizes (winter wheels), each once.
 */
export function originalSizes(vehicle: Vehicle): SizeOnly[] {
  const sizes: SizeOnly[] = [];
  const pairs = [{ front: vehicle.front, rear: vehicle.rear }, ...(vehicle.factorySizes ?? [])];
  for (const { front, rear } of pairs) {
    for (const size of [front, rear]) {
      if (!sizes.some((known) => sameSize(known, size))) sizes.push(size);
    }
  }
  return sizes;
}

/** The car a product search names (`vehicle=`), or null; one the store does not know is refused. */
export async function vehicleOfSearch(
  vehicles: VehicleCache,
  query: { vehicle?: string },
): Promise<Vehicle | null> {
  if (query.vehicle === undefined) return null;
  const vehicle = (await vehicles.get()).find(query.vehicle);
  if (!vehicle) throw new Invalid(vehicleCopy.refusals.none, 'vehicle');
  return vehicle;
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
  const vehicle = (await vehicleOfSearch(vehicles, query))!;
  const originals = originalSizes(vehicle);
  return query.alternatives ? alternativeSizes(originals) : originals;
}
