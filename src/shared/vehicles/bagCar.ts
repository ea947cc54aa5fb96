import { storedCar } from './myCar';

/**
 * The car the bag is for: the car picked in the shop, unless the shopper said the bag is for
 * no car (then checkout sends none and the car's checks do not hold). Kept in this browser.
 */
const KEY = 'bagNotForCar';

export function bagCar(): string | null {
  const car = storedCar();
  if (!car) return null;
  try {
    return window.localStorage.getItem(KEY) === car.vehicle ? null : car.vehicle;
  } catch {
    return car.vehicle;
  }
}

/** Says the bag is (or is not) for the picked car. */
export function setBagForCar(forCar: boolean) {
  const car = storedCar();
  try {
    if (forCar || !car) window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, car.vehicle);
  } catch {
    // Storage refused (private mode): the choice lasts this page only.
  }
}

/** Checkout's field for the car the bag is for: none when it is for no car. */
export function bagCarField(): { vehicle?: string } {
  const vehicle = bagCar();
  return vehicle ? { vehicle } : {};
}
