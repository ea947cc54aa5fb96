import { VEHICLE_TEXT_MAX, VEHICLE_YEARS } from '@contract/vehicleLimits';

/**
 * The car a shopper picked: in the shop's URL (`?vehicle=<id>&year=2016`, so a link shows the
 * same) and in this browser (localStorage), so it stays chosen on the next visit.
 */
export interface MyCar {
  vehicle: string;
  year: number | null;
}

/** Where this browser keeps the car (`vehicle=<id>&year=2016`). */
export const MY_CAR_KEY = 'myCar';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function readCarParams(params: URLSearchParams): MyCar | null {
  const vehicle = params.get('vehicle') ?? '';
  if (!UUID.test(vehicle)) return null;
  const year = Number(params.get('year'));
  return { vehicle, year: Number.isInteger(year) && year > 1900 ? year : null };
}

export function carParams(car: MyCar | null): URLSearchParams {
  const params = new URLSearchParams();
  if (!car) return params;
  params.set('vehicle', car.vehicle);
  if (car.year !== null) params.set('year', String(car.year));
  return params;
}

/**
 * The picker's choices so far, as its form sends them without the script
 * (`/?make=VW&model=Golf&year=2016`): each step is a page load, the server rendering the next
 * list for the choices before it. A choice the API would refuse, or without the one before it,
 * is no choice. The year is text, as the picker's select holds it.
 */
export interface CarPick {
  make: string;
  model: string;
  year: string;
}

export function readCarPick(params: URLSearchParams): CarPick {
  const text = (name: string) => {
    const value = params.get(name) ?? '';
    return value.length <= VEHICLE_TEXT_MAX && /\S/.test(value) ? value : '';
  };
  const make = text('make');
  const model = make && text('model');
  const year = Number(params.get('year') || NaN);
  const known = Number.isInteger(year) && year >= VEHICLE_YEARS.min && year <= VEHICLE_YEARS.max;
  return { make, model, year: model && known ? String(year) : '' };
}

/** The query string of a pick (`?make=VW&model=Golf`), empty for none: its page's address. */
export function carPickSearch(pick: CarPick): string {
  const text = new URLSearchParams(Object.entries(pick).filter(([, value]) => value)).toString();
  return text ? `?${text}` : '';
}

/** The shop's address for a car: its tyres. */
export const shopHrefFor = (car: MyCar) => `/shop?${carParams(car).toString()}`;

export function storedCar(): MyCar | null {
  try {
    const text = window.localStorage.getItem(MY_CAR_KEY);
    return text ? readCarParams(new URLSearchParams(text)) : null;
  } catch {
    return null;
  }
}

export function storeCar(car: MyCar | null): void {
  try {
    if (car) window.localStorage.setItem(MY_CAR_KEY, carParams(car).toString());
    else window.localStorage.removeItem(MY_CAR_KEY);
  } catch {
    // Private windows may refuse storage: the URL still holds the car.
  }
}
