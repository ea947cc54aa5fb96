/**
 * What a car needs of its tyres, axle by axle (issue 50): the least load index and speed rating,
 * the sizes its maker fitted (and the other factory sizes, winter ones), and the original-
 * equipment (OE) marks its maker puts on the tyres it approves. Plain values and functions (no
 * TypeBox): the API, the fitment import and the shop read them alike.
 */
import { SPEED_RATING_KMH, type TyreSize } from './tyreSize';

export type AxleSize = Pick<TyreSize, 'width' | 'aspect' | 'rim'>;

/** The least a tyre on one axle must carry and run: null where the maker's data is not known. */
export interface AxleMinimum {
  loadIndex: number | null;
  speedRating: string | null;
}

/** Another size pair the maker fitted (winter wheels, other rims): rear as front when square. */
export interface FactorySize {
  front: AxleSize;
  rear: AxleSize;
}

/**
 * OE marks as tyre makers mould them next to the size, and the car maker that approves them.
 * `*` is how a keyboard writes BMW's star; the store keeps it as ★.
 */
export const OE_MARKS: Readonly<Record<string, string>> = {
  '★': 'BMW and MINI',
  MO: 'Mercedes-Benz',
  MO1: 'Mercedes-AMG',
  MOE: 'Mercedes-Benz (run-flat)',
  AO: 'Audi',
  AO1: 'Audi',
  AOE: 'Audi (run-flat)',
  RO1: 'Audi Sport',
  N0: 'Porsche',
  N1: 'Porsche',
  N2: 'Porsche',
  N3: 'Porsche',
  N4: 'Porsche',
  N5: 'Porsche',
  J: 'Jaguar',
  LR: 'Land Rover',
  VOL: 'Volvo',
  T0: 'Tesla',
  T1: 'Tesla',
  MGT: 'Maserati',
  AR: 'Alfa Romeo',
};

/** A mark as written (`*`, `mo`, ` N1 `) as the store keeps it, or null when it is none. */
export function oeMarkOf(text: string): string | null {
  const mark = text.trim().toUpperCase();
  const kept = mark === '*' ? '★' : mark;
  return kept in OE_MARKS ? kept : null;
}

/** `★ (BMW and MINI)`. */
export const oeMarkName = (mark: string) => (OE_MARKS[mark] ? `${mark} (${OE_MARKS[mark]})` : mark);

/** Whether `rating` is at least `least` (V ≥ H); an unknown rating is never enough. */
export function speedAtLeast(rating: string, least: string): boolean {
  const have = SPEED_RATING_KMH[rating.toUpperCase()];
  const need = SPEED_RATING_KMH[least.toUpperCase()];
  return have !== undefined && need !== undefined && have >= need;
}
