/**
 * Which other tyre sizes fit a car, by the rule tyre fitters use: about the same overall
 * (rolling) diameter, so the speedometer, ABS and clearances stay as the maker set them. Plain
 * values and functions (no TypeBox): the API picks the products with them and the shop says how
 * far each one differs.
 */
import { isTyreSize, TYRE_SIZE, type TyreSize } from './tyreSize';

export type SizeOnly = Pick<TyreSize, 'width' | 'aspect' | 'rim'>;

/** How far an alternative's diameter may be from the original's, in % either way. */
export const DIAMETER_TOLERANCE_PERCENT = 3;
/** An alternative sits on the original rim or on one this many inches larger. */
export const LARGER_RIM_INCHES = 1;

const MM_PER_INCH = 25.4;

/** Overall diameter in mm: the rim plus two sidewalls (width × aspect). */
export function overallDiameterMm(size: SizeOnly): number {
  return size.rim * MM_PER_INCH + (2 * size.width * size.aspect) / 100;
}

/** How much larger (positive) or smaller `size` is than `original`, in % of its diameter. */
export function diameterDifferencePercent(original: SizeOnly, size: SizeOnly): number {
  const from = overallDiameterMm(original);
  return ((overallDiameterMm(size) - from) / from) * 100;
}

export const sameSize = (a: SizeOnly, b: SizeOnly) =>
  a.width === b.width && a.aspect === b.aspect && a.rim === b.rim;

/** Whether `size` may replace `original`: not the same, same rim or one inch up, within ±3 %. */
export function isAlternativeOf(original: SizeOnly, size: SizeOnly): boolean {
  if (sameSize(original, size)) return false;
  const rimStep = size.rim - original.rim;
  if (rimStep !== 0 && rimStep !== LARGER_RIM_INCHES) return false;
  // Rounded to a hundredth of a per cent, so a size exactly at the edge is in on every platform.
  const difference = Math.round(diameterDifferencePercent(original, size) * 100) / 100;
  return Math.abs(difference) <= DIAMETER_TOLERANCE_PERCENT;
}

/** An alternative size and how far it is from the nearest original size. */
export interface AlternativeSize extends SizeOnly {
  /** Of the original it is closest to, in %: +1.2 is 1.2 % larger. */
  differencePercent: number;
  original: SizeOnly;
}

/**
 * The difference of `size` from the nearest of `originals` when it is an alternative of any of
 * them, null when it is an original or fits none.
 */
export function alternativeOf(
  originals: readonly SizeOnly[],
  size: SizeOnly,
): AlternativeSize | null {
  if (originals.some((original) => sameSize(original, size))) return null;
  let best: AlternativeSize | null = null;
  for (const original of originals) {
    if (!isAlternativeOf(original, size)) continue;
    const differencePercent = diameterDifferencePercent(original, size);
    if (!best || Math.abs(differencePercent) < Math.abs(best.differencePercent)) {
      best = { ...size, differencePercent, original };
    }
  }
  return best;
}

/**
 * Every size tyres are made in (contract/tyreSize.ts: widths and aspects in steps of 5, whole
 * rims) that is an alternative of one of `originals`, nearest first.
 */
export function alternativeSizes(originals: readonly SizeOnly[]): AlternativeSize[] {
  const found = new Map<string, AlternativeSize>();
  const rims = new Set(originals.flatMap((o) => [o.rim, o.rim + LARGER_RIM_INCHES]));
  for (const rim of rims) {
    for (let width = TYRE_SIZE.width.min; width <= TYRE_SIZE.width.max; width += 5) {
      for (let aspect = TYRE_SIZE.aspect.min; aspect <= TYRE_SIZE.aspect.max; aspect += 5) {
        if (!isTyreSize(width, aspect, rim)) continue;
        const alternative = alternativeOf(originals, { width, aspect, rim });
        if (alternative) found.set(`${width}/${aspect}/${rim}`, alternative);
      }
    }
  }
  return [...found.values()].sort(
    (a, b) => Math.abs(a.differencePercent) - Math.abs(b.differencePercent),
  );
}

/** `+1.2 %`, `−0.4 %`, `0.0 %`: how the shop writes a difference. */
export function formatDifference(percent: number): string {
  const rounded = Math.round(percent * 10) / 10;
  if (rounded === 0) return '0.0 %';
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded).toFixed(1)} %`;
}
