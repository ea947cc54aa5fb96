import {
  OE_MARKS,
  oeMarkOf,
  type AxleMinimum,
  type AxleSize,
  type FactorySize,
} from '../../../contract/carFitment';
import type { FitmentColumn } from '../../../contract/fitmentColumns';
import { findTyreSize, formatTyreSize, SPEED_RATINGS, TYRE_SIZE } from '../../../contract/tyreSize';
import type { Vehicle } from '../../../contract/vehicles';

/**
 * The fitments CSV's cells of what a car needs of its tyres (issue 50), read and written: each
 * axle's least load index and speed rating, other factory sizes, run-flat, TPMS, four-wheel
 * drive and OE marks. A reader gives the value or the problem in words (the row's refusal).
 */

type Cells = Partial<Record<FitmentColumn, string>>;
type Read<T> = { value: T } | { problem: string };
export type AxleNeeds = Pick<
  Vehicle,
  | 'frontMinimum'
  | 'rearMinimum'
  | 'factorySizes'
  | 'runFlat'
  | 'tpms'
  | 'fourWheelDrive'
  | 'oeMarks'
>;

const YES_NO: Record<string, boolean> = { yes: true, no: false, true: true, false: false };

/** A size cell: the whole text one size (205/55 R16, 205/55R16, 2055516). */
export function sizeOf(text: string): AxleSize | null {
  const found = findTyreSize(text);
  if (!found || found.start !== 0 || text.slice(found.end).trim() !== '') return null;
  return { width: found.width, aspect: found.aspect, rim: found.rim };
}

function loadIndexOf(column: FitmentColumn, text: string): Read<number | null> {
  if (text === '') return { value: null };
  const { min, max } = TYRE_SIZE.loadIndex;
  const n = /^\d{2,3}$/.test(text) ? Number(text) : Number.NaN;
  if (!(n >= min && n <= max)) {
    return { problem: `${column} must be a load index from ${min} to ${max}, as in 94, or empty.` };
  }
  return { value: n };
}

function speedRatingOf(column: FitmentColumn, text: string): Read<string | null> {
  if (text === '') return { value: null };
  const rating = text.replace(/[()]/g, '').toUpperCase();
  if (!SPEED_RATINGS.includes(rating)) {
    return { problem: `${column} must be a speed rating (${SPEED_RATINGS.join(', ')}), or empty.` };
  }
  return { value: rating };
}

function minimumOf(axle: 'front' | 'rear', cells: Cells): Read<AxleMinimum> {
  const loadColumn = `${axle}LoadIndex` as const;
  const speedColumn = `${axle}SpeedRating` as const;
  const load = loadIndexOf(loadColumn, cells[loadColumn] ?? '');
  if ('problem' in load) return load;
  const speed = speedRatingOf(speedColumn, cells[speedColumn] ?? '');
  if ('problem' in speed) return speed;
  return { value: { loadIndex: load.value, speedRating: speed.value } };
}

function factorySizesOf(text: string): Read<FactorySize[]> {
  const sizes: FactorySize[] = [];
  for (const entry of text.split(';').map((part) => part.trim())) {
    if (entry === '') continue;
    const [frontText = '', rearText, extra] = entry.split('+').map((part) => part.trim());
    const front = sizeOf(frontText);
    const rear = rearText === undefined ? front : sizeOf(rearText);
    if (!front || !rear || extra !== undefined) {
      return {
        problem:
          `factorySizes: "${entry.slice(0, 40)}" is not a size. Write sizes as the sidewall ` +
          'does, ";" between them and "+" between front and rear: 225/45 R18; 225/40 R19 + 255/35 R19.',
      };
    }
    sizes.push({ front, rear });
  }
  return { value: sizes };
}

function flagOf(column: FitmentColumn, text: string): Read<boolean> {
  if (text === '') return { value: false };
  const flag = YES_NO[text.toLowerCase()];
  return flag === undefined ? { problem: `${column} must be yes or no.` } : { value: flag };
}

function oeMarksOf(text: string): Read<string[]> {
  const marks: string[] = [];
  for (const part of text.split(/[;,]/).map((p) => p.trim())) {
    if (part === '') continue;
    const mark = oeMarkOf(part);
    if (!mark) {
      return {
        problem: `oeMarks: "${part.slice(0, 10)}" is not an OE mark the store knows (${Object.keys(OE_MARKS).join(', ')}; * for ★).`,
      };
    }
    if (!marks.includes(mark)) marks.push(mark);
  }
  return { value: marks };
}

/**
 * What a row says of its needs: only what its file has columns for (a column left out of the
 * file keeps the stored value, as in the price list). `rearAsFront`: the rear cells are empty.
 */
export type NeedsOfRow = Partial<AxleNeeds> & { rearAsFront?: true };

/** The row's needs of its tyres (the columns its file has), or the first problem. */
export function axleNeedsOf(cells: Cells): Read<NeedsOfRow> {
  const needs: NeedsOfRow = {};
  const has = (column: FitmentColumn) => column in cells;
  if (has('frontLoadIndex') || has('frontSpeedRating')) {
    const front = minimumOf('front', cells);
    if ('problem' in front) return front;
    needs.frontMinimum = front.value;
  }
  if (has('rearLoadIndex') || has('rearSpeedRating')) {
    if (cells.rearLoadIndex || cells.rearSpeedRating) {
      const rear = minimumOf('rear', cells);
      if ('problem' in rear) return rear;
      needs.rearMinimum = rear.value;
    } else needs.rearAsFront = true;
  }
  if (has('factorySizes')) {
    const factorySizes = factorySizesOf(cells.factorySizes ?? '');
    if ('problem' in factorySizes) return factorySizes;
    needs.factorySizes = factorySizes.value;
  }
  for (const column of ['runFlat', 'tpms', 'fourWheelDrive'] as const) {
    if (!has(column)) continue;
    const flag = flagOf(column, cells[column] ?? '');
    if ('problem' in flag) return flag;
    needs[column] = flag.value;
  }
  if (has('oeMarks')) {
    const oeMarks = oeMarksOf(cells.oeMarks ?? '');
    if ('problem' in oeMarks) return oeMarks;
    needs.oeMarks = oeMarks.value;
  }
  return { value: needs };
}

const UNKNOWN: AxleMinimum = { loadIndex: null, speedRating: null };

/** What a car a row adds has not said: no minimum known, no marks, no sensors. */
export const NO_NEEDS: AxleNeeds = {
  frontMinimum: UNKNOWN,
  rearMinimum: UNKNOWN,
  factorySizes: [],
  runFlat: false,
  tpms: false,
  fourWheelDrive: false,
  oeMarks: [],
};

/** The needs after a row: the stored version's (or none) with what the row says over them. */
export function needsAfter(stored: AxleNeeds | undefined, row: NeedsOfRow): AxleNeeds {
  const { rearAsFront, ...said } = row;
  const from = stored ?? NO_NEEDS;
  const needs: AxleNeeds = {
    frontMinimum: said.frontMinimum ?? from.frontMinimum,
    rearMinimum: said.rearMinimum ?? from.rearMinimum,
    factorySizes: said.factorySizes ?? from.factorySizes,
    runFlat: said.runFlat ?? from.runFlat,
    tpms: said.tpms ?? from.tpms,
    fourWheelDrive: said.fourWheelDrive ?? from.fourWheelDrive,
    oeMarks: said.oeMarks ?? from.oeMarks,
  };
  // A new car's rear is as its front unless the row says otherwise.
  if (rearAsFront || (!stored && !said.rearMinimum)) needs.rearMinimum = needs.frontMinimum;
  return needs;
}

const indexCell = (n: number | null) => (n === null ? '' : String(n));
const yesNo = (flag: boolean) => (flag ? 'yes' : 'no');

/** The cells as the export writes them (the rear's empty when as the front's). */
export function axleNeedsCells(vehicle: AxleNeeds) {
  const { frontMinimum: front, rearMinimum: rear } = vehicle;
  const rearSame = front.loadIndex === rear.loadIndex && front.speedRating === rear.speedRating;
  return {
    frontLoadIndex: indexCell(front.loadIndex),
    frontSpeedRating: front.speedRating ?? '',
    rearLoadIndex: rearSame ? '' : indexCell(rear.loadIndex),
    rearSpeedRating: rearSame ? '' : (rear.speedRating ?? ''),
    factorySizes: vehicle.factorySizes
      .map(({ front: f, rear: r }) => {
        const frontText = formatTyreSize(f);
        const rearText = formatTyreSize(r);
        return frontText === rearText ? frontText : `${frontText} + ${rearText}`;
      })
      .join('; '),
    runFlat: yesNo(vehicle.runFlat),
    tpms: yesNo(vehicle.tpms),
    fourWheelDrive: yesNo(vehicle.fourWheelDrive),
    oeMarks: vehicle.oeMarks.join('; '),
  };
}

/** Whether two versions need the same of their tyres (an import row that changes nothing). */
export const sameAxleNeeds = (a: AxleNeeds, b: AxleNeeds) =>
  JSON.stringify(axleNeedsCells(a)) === JSON.stringify(axleNeedsCells(b));
