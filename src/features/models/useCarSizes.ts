import { useHydrated } from '../../ui/useHydrated';
import { storedCar } from '../../shared/vehicles/myCar';
import { useGetVehicleQuery } from '../../shared/vehicles/vehiclesApi';
import type { CarSize } from './sizeChoice';

/**
 * The sizes the shopper's car left the factory on (front, then rear), once the car this browser
 * keeps is known: read after hydration, as the server cannot know it, so the first render
 * matches the server's HTML and the car's size is chosen the moment after.
 */
export function useCarSizes(): CarSize[] {
  const hydrated = useHydrated();
  const car = hydrated ? storedCar() : null;
  const { data } = useGetVehicleQuery(car?.vehicle ?? '', { skip: !car });
  return data ? [data.front, data.rear] : [];
}
