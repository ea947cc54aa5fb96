/**
 * The marks moulded on a tyre's sidewall that say what it is fit for (issue 50): the car maker's
 * OE approval (★, MO, AO, N0 …: carFitment.ts), run-flat, reinforced (XL), the three-peak
 * mountain snowflake (3PMSF: severe snow) and M+S (mud and snow). Plain values, so the shop
 * bundles them without TypeBox; the schema is in products.ts.
 */
import { OE_MARKS, oeMarkOf } from './carFitment';
import { findTyreSize } from './tyreSize';

export interface TyreMarks {
  oeMark: string | null;
  runFlat: boolean;
  reinforced: boolean;
  threePeak: boolean;
  mudSnow: boolean;
}

export const NO_MARKS: TyreMarks = {
  oeMark: null,
  runFlat: false,
  reinforced: false,
  threePeak: false,
  mudSnow: false,
};

/** The marks as the shop's filters and the CSV name them (the CSV's yes/no columns). */
export const MARK_FLAGS = ['runFlat', 'reinforced', 'threePeak', 'mudSnow'] as const;
export type MarkFlag = (typeof MARK_FLAGS)[number];

/** The makers' words for run-flat tyres (RFT, ZP, SSR …) and the OE marks of run-flats. */
const RUN_FLAT =
  /(?<![\p{L}\p{N}])(?:rft|run[- ]?flat|rof|zp|ssr|dsst|hrs|emt|rsc|moe|aoe)(?![\p{L}\p{N}])/iu;
const REINFORCED = /(?<![\p{L}\p{N}])(?:xl|rf|reinforced|extra load)(?![\p{L}\p{N}])/iu;
const THREE_PEAK = /(?<![\p{L}\p{N}])3pmsf(?![\p{L}\p{N}])/iu;
const MUD_SNOW = /(?<![\p{L}\p{N}])(?:m\+s|m&s|m\/s)(?![\p{L}\p{N}])/iu;

/** What a tyre's marks are read from: its name (the sidewall's text) and what it is. */
export interface MarkSource {
  name: string;
  description: string;
  category: string;
  season: string | null;
  /** The EU label's snow symbol, which is the 3PMSF. */
  labelSnow: boolean | null;
}

/**
 * The marks a tyre's name tells, as the sidewall writes them after the size (`225/40 R19 93Y XL
 * ★ RFT`); 3PMSF also from its description or EU label, M+S also from its season (winter and
 * all-season tyres are M+S marked). Not a tyre: none.
 */
export function marksOf(source: MarkSource): TyreMarks {
  if (source.category !== 'tyre') return NO_MARKS;
  const size = findTyreSize(source.name);
  const after = size ? source.name.slice(size.end) : source.name;
  const oeMark =
    after
      .split(/\s+/)
      .map((word) => word.replace(/^[([]|[)\],.]$/g, ''))
      .map((word) => (/^(?:[★*]|[A-Z]{1,3}\d?)$/.test(word) ? oeMarkOf(word) : null))
      .find((mark) => mark !== null) ?? null;
  return {
    oeMark,
    runFlat: RUN_FLAT.test(after),
    reinforced: REINFORCED.test(after),
    threePeak:
      THREE_PEAK.test(source.name) ||
      THREE_PEAK.test(source.description) ||
      source.labelSnow === true,
    mudSnow:
      MUD_SNOW.test(source.name) || source.season === 'winter' || source.season === 'all-season',
  };
}

/** `★ · Run-flat · XL · 3PMSF · M+S`: the marks in the sidewall's words. */
export function markWords(marks: TyreMarks): string[] {
  return [
    ...(marks.oeMark ? [marks.oeMark] : []),
    ...(marks.runFlat ? ['Run-flat'] : []),
    ...(marks.reinforced ? ['XL'] : []),
    ...(marks.threePeak ? ['3PMSF'] : []),
    ...(marks.mudSnow ? ['M+S'] : []),
  ];
}

/** The makers' names an OE mark is found by (`Mercedes-Benz (run-flat)`: mercedes benz). */
const OE_MAKERS: Record<string, string> = Object.fromEntries(
  Object.entries(OE_MARKS).map(([mark, maker]) => [mark, maker.replace(/\(.*\)/, '')]),
);

/**
 * The words a search finds a tyre's marks by, beside its name and description: `run flat`,
 * `xl`, `3pmsf`, `m+s`, and an OE mark with its maker (`star bmw`, `mo mercedes`).
 */
export function markSearchText(marks: TyreMarks): string {
  const words: string[] = [];
  if (marks.oeMark) {
    words.push('oe', marks.oeMark === '★' ? 'star' : marks.oeMark, OE_MAKERS[marks.oeMark] ?? '');
  }
  if (marks.runFlat) words.push('runflat run flat rft');
  if (marks.reinforced) words.push('xl reinforced');
  if (marks.threePeak) words.push('3pmsf snowflake');
  if (marks.mudSnow) words.push('m+s');
  return words.join(' ');
}

/** The marks' words in the shop: filters, the product page, the cards. */
export const markCopy = {
  legend: 'Sidewall marks',
  oeMark: 'OE mark',
  oeApproved: (mark: string, maker: string) => `${mark} ${maker} approved`,
  runFlat: 'Run-flat',
  reinforced: 'XL (reinforced)',
  threePeak: '3PMSF (mountain snowflake)',
  mudSnow: 'M+S (mud and snow)',
  yes: 'Yes',
  no: 'No',
} as const;
