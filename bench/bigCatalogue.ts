/**
 * A catalogue of any size that looks like a tyre shop's: seven in ten products tyres of the
 * sizes cars run on, the rest wheels and parts, names and descriptions as suppliers write them.
 * The tyres are sizes of about 10,000 models (brand, line, series and season: issue 51), seven
 * sizes a model at 100,000 products; each wheel and part is a model of its own.
 * Deterministic: the same size gives the same catalogue.
 */
import type { NewProduct } from '../server/src/catalog/productTable';
import { PART_ATTRIBUTES, TYRE_SEASONS } from '../contract/catalogTerms';
import { FUEL_CLASSES, NOISE_CLASSES, WET_GRIP_CLASSES, type EuLabel } from '../contract/euLabel';

const BRANDS = ['RoadGrip', 'Nordica', 'Velocity', 'TrailMaster', 'Alpine', 'Urbano', 'Pneumax'];
const LINES = ['Sport', 'Comfort', 'Eco', 'Touring', 'Cargo', 'Pro', 'Max', 'Contact', 'Grip'];
const WIDTHS = [155, 165, 175, 185, 195, 205, 215, 225, 235, 245, 255, 265, 275, 285, 295, 315];
const ASPECTS = [30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80];
const RIMS = [13, 14, 15, 16, 17, 18, 19, 20, 21, 22];
const RATINGS = ['T', 'H', 'V', 'W', 'Y'];
const PARTS = [
  'Brake Pad Set',
  'Brake Disc Pair',
  'Oil Filter',
  'Air Filter',
  'Spark Plug Set',
  'Wiper Blades',
  'AGM Battery',
  'Engine Oil 5W-30 5 L',
  'Shock Absorber',
  'Timing Belt Kit',
];
const SEASON_WORDS = { summer: 'Summer', winter: 'Winter', 'all-season': 'All-Season' };
/** A model's series within its brand and line: 189 lines and seasons, 53 series each. */
const SERIES = Array.from({ length: 53 }, (_, i) => `X${i + 1}`);

/** Product `n` of the catalogue. */
export function benchProduct(n: number, img: string): NewProduct {
  // A small generator seeded by n: the same n, the same product.
  let state = (n * 2_654_435_761) >>> 0;
  const next = () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const brand = pick(BRANDS);
  const line = pick(LINES);
  const kind = next();
  const common = {
    orderQuantity: 1 + Math.floor(next() * 4),
    availableQuantity: next() < 0.1 ? 0 : 5 + Math.floor(next() * 200),
    img,
  };
  if (kind < 0.7) {
    const width = pick(WIDTHS);
    const aspect = pick(ASPECTS);
    const rim = pick(RIMS);
    const season = pick(TYRE_SEASONS);
    const loadIndex = 75 + Math.floor(next() * 40);
    const speedRating = pick(RATINGS);
    // Drawn after the rest, so the other fields are those of the catalogue before labels.
    const noiseDb = 66 + Math.floor(next() * 10);
    const euLabel: EuLabel | null =
      next() < 0.9
        ? {
            fuel: pick(FUEL_CLASSES),
            wetGrip: pick(WET_GRIP_CLASSES),
            noiseDb,
            noiseClass: NOISE_CLASSES[noiseDb < 69 ? 0 : noiseDb < 72 ? 1 : 2]!,
            snow: season !== 'summer' && next() < 0.8,
            ice: season === 'winter' && next() < 0.2,
            eprel: null,
          }
        : null;
    // Drawn last too: the model's series (issue 51).
    const series = pick(SERIES);
    return {
      ...common,
      name: `${brand} ${line} ${series} ${SEASON_WORDS[season]} ${width}/${aspect} R${rim} ${loadIndex}${speedRating}`,
      description:
        `${SEASON_WORDS[season]} tyre from ${brand}, ${line.toLowerCase()} line, for cars on ` +
        `${rim}-inch rims. Catalogue item ${n}.`,
      priceCents: 3_000 + Math.floor(next() * 37_000),
      attributes: { category: 'tyre', width, aspect, rim, season, loadIndex, speedRating },
      euLabel,
    };
  }
  if (kind < 0.8) {
    const rim = pick(RIMS);
    return {
      ...common,
      name: `${brand} ${line} Alloy Wheel ${rim}x${6 + Math.floor(next() * 4)} ET${35 + Math.floor(next() * 15)}`,
      description: `Cast alloy wheel for ${rim}-inch tyres. Catalogue item ${n}.`,
      priceCents: 6_000 + Math.floor(next() * 30_000),
      attributes: { ...PART_ATTRIBUTES, category: 'wheel' },
    };
  }
  const part = pick(PARTS);
  return {
    ...common,
    name: `${brand} ${part}`,
    description: `${part} made to the maker's specification. Catalogue item ${n}.`,
    priceCents: 500 + Math.floor(next() * 25_000),
    attributes: PART_ATTRIBUTES,
  };
}

/** Every size in the catalogue's range, for picking search queries. */
export const BENCH_SIZES = { widths: WIDTHS, aspects: ASPECTS, rims: RIMS, brands: BRANDS };
