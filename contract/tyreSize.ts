/**
 * Tyre sizes as people write them (the sidewall's `205/55 R16 91V`, and `205/55R16`,
 * `205 55 16`, `205-55-r16`, `2055516`): the API reads them from product names and from what a
 * shopper types in the search box, and the Add Product form checks its size field with them.
 * Plain values and functions (no TypeBox), so the SPA bundles only this.
 */

/** What a tyre size may be: metric passenger, SUV and van sizes. */
export const TYRE_SIZE = {
  width: { min: 125, max: 395 },
  aspect: { min: 20, max: 95 },
  rim: { min: 10, max: 24 },
  loadIndex: { min: 50, max: 169 },
} as const;

/** Why a size is refused, in words (the API's and the Add Product form's). */
export const TYRE_SIZE_RULE =
  `must be a size tyres are made in: width ${TYRE_SIZE.width.min}–${TYRE_SIZE.width.max} mm ` +
  `and aspect ${TYRE_SIZE.aspect.min}–${TYRE_SIZE.aspect.max} % in steps of 5, rim ` +
  `${TYRE_SIZE.rim.min}–${TYRE_SIZE.rim.max} inches in whole or half inches, as in 205/55 R16`;

/** Speed ratings from L (120 km/h) to Y (300 km/h); ZR is written inside the size. */
export const SPEED_RATINGS = ['L', 'M', 'N', 'P', 'Q', 'R', 'S', 'T', 'U', 'H', 'V', 'W', 'Y'];

export interface TyreSize {
  /** Section width in mm. */
  width: number;
  /** Sidewall height as a percentage of the width. */
  aspect: number;
  /** Rim diameter in inches (17.5 and the like for vans). */
  rim: number;
  loadIndex: number | null;
  speedRating: string | null;
}

/** A size found in a text, and where its width/aspect/rim stand (load index and rating after). */
export interface FoundTyreSize extends TyreSize {
  start: number;
  end: number;
}

// Width, aspect and rim, each separator optional: `/`, `-`, spaces, `R`/`ZR` before the rim
// (`205/55 R16`, `205-55-r16`, `205 55 16`, `205/55ZR16`, `2055516`). Optional `P`/`LT` in front
// and `C` (van) after, then an optional load index (dual: `121/118`) and speed rating. Every
// quantifier is bounded, so the time to search a text stays linear in its length.
const SIZE =
  /(?<![\p{L}\p{N}])(?:p|lt)?(\d{3}) {0,2}(?:[/-] {0,2})?(\d{2}) {0,2}(?:[/-] {0,2})?(?:z?r)? {0,2}(\d{2}(?:[.,]5)?)c?(?: {0,2}(\d{2,3})(?:\/\d{2,3})? {0,2}(\(y\)|[lmnpqrstuhvwy])?)?(?![\p{L}\p{N}]|[.,]\d)/dgiu;

const within = (value: number, range: { min: number; max: number }) =>
  value >= range.min && value <= range.max;

/**
 * Whether three numbers are a plausible size: widths and aspects go in steps of 5 (no real tyre
 * is 207 mm wide), rims are whole or half inches.
 */
export function isTyreSize(width: number, aspect: number, rim: number): boolean {
  return (
    within(width, TYRE_SIZE.width) &&
    width % 5 === 0 &&
    within(aspect, TYRE_SIZE.aspect) &&
    aspect % 5 === 0 &&
    within(rim, TYRE_SIZE.rim) &&
    Number.isInteger(rim * 2)
  );
}

/** The first tyre size written in `text`, or null. */
export function findTyreSize(text: string): FoundTyreSize | null {
  SIZE.lastIndex = 0;
  for (let match = SIZE.exec(text); match; match = SIZE.exec(text)) {
    const [, widthText, aspectText, rimText, loadText, ratingText] = match;
    const width = Number(widthText);
    const aspect = Number(aspectText);
    const rim = Number(rimText?.replace(',', '.'));
    if (!isTyreSize(width, aspect, rim)) {
      // Numbers that are not a size may be followed by one: go on from the next character.
      SIZE.lastIndex = match.index + 1;
      continue;
    }
    const load = loadText === undefined ? null : Number(loadText);
    const loadIndex = load !== null && within(load, TYRE_SIZE.loadIndex) ? load : null;
    // A rating counts only behind a load index: in `205/55 R16 V`, V is just a word.
    const speedRating =
      loadIndex !== null && ratingText ? ratingText.toUpperCase().replace(/[()]/g, '') : null;
    const end = match.indices?.[3]?.[1] ?? match.index + match[0].length;
    return { width, aspect, rim, loadIndex, speedRating, start: match.index, end };
  }
  return null;
}

/** `205/55 R16`, `205/55 R16 91V`, `215/65 R17.5`: the way the sidewall writes it. */
export function formatTyreSize(
  size: Pick<TyreSize, 'width' | 'aspect' | 'rim'> &
    Partial<Pick<TyreSize, 'loadIndex' | 'speedRating'>>,
): string {
  const base = `${size.width}/${size.aspect} R${size.rim}`;
  if (size.loadIndex == null) return base;
  return `${base} ${size.loadIndex}${size.speedRating ?? ''}`;
}

/**
 * The standard load-index table (ETRTO / ISO 4000-1): the most a tyre carries at its index, in
 * kg, for the indexes a size may carry (TYRE_SIZE.loadIndex, 50–169), from 50 (190 kg) upwards.
 */
const LOAD_INDEX_KG_FROM_50 = [
  190, 195, 200, 206, 212, 218, 224, 230, 236, 243, 250, 257, 265, 272, 280, 290, 300, 307, 315,
  325, 335, 345, 355, 365, 375, 387, 400, 412, 425, 437, 450, 462, 475, 487, 500, 515, 530, 545,
  560, 580, 600, 615, 630, 650, 670, 690, 710, 730, 750, 775, 800, 825, 850, 875, 900, 925, 950,
  975, 1000, 1030, 1060, 1090, 1120, 1150, 1180, 1215, 1250, 1285, 1320, 1360, 1400, 1450, 1500,
  1550, 1600, 1650, 1700, 1750, 1800, 1850, 1900, 1950, 2000, 2060, 2120, 2180, 2240, 2300, 2360,
  2430, 2500, 2575, 2650, 2725, 2800, 2900, 3000, 3075, 3150, 3250, 3350, 3450, 3550, 3650, 3750,
  3875, 4000, 4125, 4250, 4375, 4500, 4625, 4750, 4875, 5000, 5150, 5300, 5450, 5600, 5800,
] as const;

/** The most one tyre of this load index carries, in kg; null outside the table. */
export function loadIndexKg(loadIndex: number): number | null {
  return LOAD_INDEX_KG_FROM_50[loadIndex - TYRE_SIZE.loadIndex.min] ?? null;
}

/** The top speed of each speed rating (SPEED_RATINGS), in km/h. */
export const SPEED_RATING_KMH: Readonly<Record<string, number>> = {
  L: 120,
  M: 130,
  N: 140,
  P: 150,
  Q: 160,
  R: 170,
  S: 180,
  T: 190,
  U: 200,
  H: 210,
  V: 240,
  W: 270,
  Y: 300,
};
