import { FUEL_CLASSES, WET_GRIP_CLASSES } from '@contract/euLabel';
import { fullyFittedMinor } from '@contract/fittedPrice';
import type { Market } from '@contract/markets';
import type { Product } from '@contract/products';
import { loadIndexKg, SPEED_RATING_KMH } from '@contract/tyreSize';
import { SEASON_LABELS } from '../../../ui/catalogLabels';
import { compareCopy } from '../../../shared/models/compareCopy';

const words = compareCopy.rows;
const values = compareCopy.values;

/** One cell: what it shows, and whether it is the best of its row. */
export interface CompareCell {
  text: string;
  best: boolean;
}

export interface CompareRow {
  key: string;
  label: string;
  cells: CompareCell[];
}

/** What a row compares: a number per tyre (null: it has none), and which way is better. */
interface RowRule {
  key: keyof typeof words;
  /** The number compared; null for a tyre without it (never the best). */
  value: (product: Product) => number | null;
  text: (product: Product) => string;
  better: 'lower' | 'higher' | null;
}

/**
 * The best of a row: the cells whose number is the best, once at least two tyres have one and
 * they differ (a row where all are equal, or only one tyre has a value, marks none).
 */
export function bestOf(numbers: readonly (number | null)[], better: 'lower' | 'higher'): boolean[] {
  const known = numbers.filter((n): n is number => n !== null);
  if (known.length < 2 || known.every((n) => n === known[0])) return numbers.map(() => false);
  const best = better === 'lower' ? Math.min(...known) : Math.max(...known);
  return numbers.map((n) => n === best);
}

/** Money as the shopper's market writes it (formatted by the page). */
export type MoneyText = (minor: number) => string;

/**
 * The comparison's rows for `products`: price and fully fitted price in the shopper's market
 * (`shelfMinor`: a product's shelf price in minor units, undefined while on its way), the EU
 * label's classes and noise, load and speed, season and 3PMSF, and the rating. Lower prices,
 * better classes (A), less noise, and higher load and speed are best; season is not ranked.
 */
export function compareRows(
  products: readonly Product[],
  shelfMinor: (product: Product) => number | undefined,
  market: Market | null,
  money: MoneyText,
): CompareRow[] {
  const label = (product: Product) => (product.category === 'tyre' ? product.euLabel : null);
  const fitted = (product: Product) => {
    const shelf = shelfMinor(product);
    if (shelf === undefined || market === null || product.category !== 'tyre') return null;
    return fullyFittedMinor(shelf, product.rim, market.fees);
  };
  const moneyOr = (minor: number | null | undefined) =>
    minor === null || minor === undefined ? values.none : money(minor);
  const rules: RowRule[] = [
    {
      key: 'price',
      value: (p) => shelfMinor(p) ?? null,
      text: (p) => moneyOr(shelfMinor(p)),
      better: 'lower',
    },
    { key: 'fitted', value: fitted, text: (p) => moneyOr(fitted(p)), better: 'lower' },
    {
      key: 'fuel',
      value: (p) => {
        const fuel = label(p)?.fuel;
        return fuel ? FUEL_CLASSES.indexOf(fuel) : null;
      },
      text: (p) => label(p)?.fuel ?? values.none,
      better: 'lower',
    },
    {
      key: 'wetGrip',
      value: (p) => {
        const wetGrip = label(p)?.wetGrip;
        return wetGrip ? WET_GRIP_CLASSES.indexOf(wetGrip) : null;
      },
      text: (p) => label(p)?.wetGrip ?? values.none,
      better: 'lower',
    },
    {
      key: 'noise',
      value: (p) => label(p)?.noiseDb ?? null,
      text: (p) => {
        const l = label(p);
        return l ? values.noise(l.noiseDb, l.noiseClass) : values.none;
      },
      better: 'lower',
    },
    {
      key: 'load',
      value: (p) => p.loadIndex,
      text: (p) =>
        p.loadIndex === null ? values.none : values.load(p.loadIndex, loadIndexKg(p.loadIndex)),
      better: 'higher',
    },
    {
      key: 'speed',
      value: (p) => (p.speedRating === null ? null : (SPEED_RATING_KMH[p.speedRating] ?? null)),
      text: (p) =>
        p.speedRating === null
          ? values.none
          : values.speed(p.speedRating, SPEED_RATING_KMH[p.speedRating]),
      better: 'higher',
    },
    {
      key: 'season',
      value: () => null,
      text: (p) => (p.season === null ? values.none : SEASON_LABELS[p.season]),
      better: null,
    },
    {
      key: 'snow',
      value: (p) => {
        const l = label(p);
        return l ? Number(l.snow) : null;
      },
      text: (p) => {
        const l = label(p);
        return l ? (l.snow ? values.yes : values.no) : values.none;
      },
      better: 'higher',
    },
    { key: 'rating', value: () => null, text: () => values.notRated, better: null },
  ];
  return rules.map((rule) => {
    const best = rule.better
      ? bestOf(products.map(rule.value), rule.better)
      : products.map(() => false);
    return {
      key: rule.key,
      label: words[rule.key],
      cells: products.map((product, at) => ({ text: rule.text(product), best: best[at]! })),
    };
  });
}
