import type { Product } from '@contract/products';
import { SIZE_PARAM } from '../../shared/models/modelAddress';

/** A tyre size as a car's maker gives it (VehicleTyreSize). */
export interface CarSize {
  width: number;
  aspect: number;
  rim: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The size the address names (`?size=<id>`), normalised; null when it names none. */
export function sizeInAddress(params: URLSearchParams): string | null {
  const id = params.get(SIZE_PARAM) ?? '';
  return UUID.test(id) ? id.toLowerCase() : null;
}

const fits = (size: Product, car: CarSize) =>
  size.width === car.width && size.aspect === car.aspect && size.rim === car.rim;

/** Whether the size is one the car left the factory on. */
export const fitsCar = (size: Product, carSizes: readonly CarSize[]) =>
  carSizes.some((car) => fits(size, car));

/**
 * The size the page shows first: the one the address names (a card, a search, a shared link),
 * else the first that fits the shopper's car (front axle, then rear), else the first on sale.
 */
export function chooseSize(
  sizes: readonly Product[],
  named: string | null,
  carSizes: readonly CarSize[] = [],
): Product | undefined {
  const byAddress = named ? sizes.find((size) => size._id === named) : undefined;
  if (byAddress) return byAddress;
  for (const car of carSizes) {
    const fitting = sizes.find((size) => fits(size, car));
    if (fitting) return fitting;
  }
  return sizes[0];
}
