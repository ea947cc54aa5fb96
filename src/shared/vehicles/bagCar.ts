import { MY_CAR_KEY } from './myCar';

/**
 * The car the bag is for: the car picked in the shop, unless the shopper said the bag is for
 * no car (then checkout sends none and the car's checks do not hold). Kept in this browser.
 */
const KEY = 'bagNotForCar';

/** The picked car's id as this browser keeps it (read plainly: the checkout bundle stays small). */
function pickedCar(): string | null {
  try {
    return new URLSearchParams(window.localStorage.getItem(MY_CAR_KEY) ?? '').get('vehicle');
  } catch {
    return null;
  }
}

export function bagCar(): string | null {
  const car = pickedCar();
  if (!car) return null;
  try {
    return window.localStorage.getItem(KEY) === car ? null : car;
  } catch {
    return car;
  }
}

/** Says the bag is (or is not) for the picked car. */
export function setBagForCar(forCar: boolean) {
  const car = pickedCar();
  try {
    if (forCar || !car) window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, car);
  } catch {
    // Storage refused (private mode): the choice lasts this page only.
  }
}

/** Checkout's field for the car the bag is for: none when it is for no car. */
export function bagCarField(): { vehicle?: string } {
  const vehicle = bagCar();
  return vehicle ? { vehicle } : {};
}
