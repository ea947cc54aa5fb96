import {
  CENTRE_COLUMNS,
  CENTRE_DAY_COLUMNS,
  CENTRE_COUNTRIES,
  CENTRE_KINDS,
  CENTRE_LIMITS,
  CENTRE_REQUIRED,
  type CentreColumn,
  type CentreCountry,
  type CentreKind,
  type DayHours,
  type FittingCentre,
  type FittingCentreBody,
} from '../../../contract/fittingCentres';
import { checkCsvHeader, unescapeCell, yesNo } from '../catalog/csvCells';
import { CONTROL } from '../validation/controlCharacters';
import { centreProblem, validTimeZone } from './centreRules';
import { centreWords } from './centreWords';

/**
 * A fitting centre as a row of the centres CSV, and back: read with the price list's reader
 * (csv-parse, line numbers as a spreadsheet shows them), each row checked on its own.
 */

const words = centreWords.csv;

export type CheckedCentre =
  | { line: number; code: string; centre: FittingCentreBody }
  | { line: number; code: string | null; problem: string };

export function checkCentreHeader(names: readonly string[]): CentreColumn[] {
  return checkCsvHeader(names, CENTRE_COLUMNS, (seen) => {
    const missing = CENTRE_REQUIRED.filter((column) => !seen.has(column));
    return missing.length > 0 ? `The file needs the columns ${missing.join(', ')}.` : null;
  });
}

const HOURS = /^([01]\d|2[0-3]):[0-5]\d$/;

function dayHoursOf(text: string): DayHours | undefined {
  if (text === '' || text.toLowerCase() === 'closed') return null;
  const [opens, closes, extra] = text.split(/\s*[-–]\s*/);
  if (extra !== undefined || !HOURS.test(opens ?? '') || !HOURS.test(closes ?? '')) {
    return undefined;
  }
  return { opens: opens!, closes: closes! };
}

function calendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const at = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(text);
}

function yesNoOf(text: string, fallback: boolean): boolean | undefined {
  const value = text.toLowerCase();
  if (value === '') return fallback;
  if (value === 'yes' || value === 'true') return true;
  if (value === 'no' || value === 'false') return false;
  return undefined;
}

function wholeNumber(text: string, min: number, max: number): number | undefined {
  if (!/^\d{1,4}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

const listOf = (text: string) =>
  text
    .split(';')
    .map((item) => item.trim())
    .filter(Boolean);

export function checkCentreRow(
  line: number,
  cells: Partial<Record<CentreColumn, string>>,
): CheckedCentre {
  const text: Partial<Record<CentreColumn, string>> = {};
  for (const [column, cell] of Object.entries(cells) as Array<[CentreColumn, string]>) {
    if (CONTROL.test(cell) || cell.includes('\uFFFD')) {
      return { line, code: null, problem: `${column} is not plain UTF-8 text.` };
    }
    text[column] = unescapeCell(cell).trim();
  }
  const code = text.code || null;
  const problem = (message: string): CheckedCentre => ({ line, code, problem: message });
  for (const column of CENTRE_REQUIRED) {
    if (!text[column]) return problem(words.required(column));
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9-]{1,31}$/.test(code!)) return problem(words.code);
  for (const column of ['name', 'street', 'city'] as const) {
    if (text[column]!.length > CENTRE_LIMITS[column]) {
      return problem(words.tooLong(column, CENTRE_LIMITS[column]));
    }
  }
  const kind = (text.kind || 'partner').toLowerCase();
  if (!CENTRE_KINDS.includes(kind as CentreKind)) return problem(words.kind);
  const country = text.country!.toUpperCase();
  if (!CENTRE_COUNTRIES.includes(country as CentreCountry)) return problem(words.country);
  const timeZone = text.timeZone || 'UTC';
  if (!validTimeZone(timeZone)) return problem(centreWords.timeZone(timeZone));
  const hours: DayHours[] = [];
  for (const column of CENTRE_DAY_COLUMNS) {
    const hoursOfDay = dayHoursOf(text[column] ?? '');
    if (hoursOfDay === undefined) return problem(words.dayHours(column));
    hours.push(hoursOfDay);
  }
  const closedDays = (text.closedDays ?? '').split(/[\s;]+/).filter(Boolean);
  const badDay = closedDays.find((day) => !calendarDay(day));
  if (badDay !== undefined) return problem(words.closedDay(badDay));
  const { bays: bayRange, rim } = CENTRE_LIMITS;
  const bays = wholeNumber(text.bays!, bayRange.min, bayRange.max);
  if (bays === undefined) return problem(words.number('bays', bayRange.min, bayRange.max));
  const maxRim = wholeNumber(text.maxRim!, rim.min, rim.max);
  if (maxRim === undefined) return problem(words.number('maxRim', rim.min, rim.max));
  const flags: Record<string, boolean> = {};
  for (const [column, fallback] of [
    ['runFlat', false],
    ['tpms', false],
    ['highPerformance', false],
    ['active', true],
  ] as const) {
    const value = yesNoOf(text[column] ?? '', fallback);
    if (value === undefined) return problem(words.yesNo(column));
    flags[column] = value;
  }
  const postcodes = listOf(text.mobilePostcodes ?? '');
  let radiusKm: number | null = null;
  if (text.mobileRadiusKm) {
    const { min, max } = CENTRE_LIMITS.radiusKm;
    const radius = wholeNumber(text.mobileRadiusKm, min, max);
    if (radius === undefined) return problem(words.radius);
    radiusKm = radius;
  }
  const centre: FittingCentreBody = {
    code: code!,
    name: text.name!,
    kind: kind as CentreKind,
    street: text.street!,
    city: text.city!,
    postcode: text.postcode!,
    country: country as CentreCountry,
    timeZone,
    hours,
    closedDays: [...new Set(closedDays)],
    bays,
    capabilities: {
      maxRim,
      runFlat: flags.runFlat!,
      tpms: flags.tpms!,
      highPerformance: flags.highPerformance!,
    },
    mobile: postcodes.length === 0 && radiusKm === null ? null : { postcodes, radiusKm },
    active: flags.active!,
  };
  const wrong = centreProblem(centre);
  return wrong ? problem(wrong.message) : { line, code: code!, centre };
}

const hoursCell = (day: DayHours) => (day ? `${day.opens}-${day.closes}` : 'closed');

/** The cells of a centre as the export writes them (and the import reads them back). */
export function centreCells(centre: FittingCentre): Record<CentreColumn, string> {
  const days = Object.fromEntries(
    CENTRE_DAY_COLUMNS.map((column, weekday) => [column, hoursCell(centre.hours[weekday] ?? null)]),
  ) as Record<(typeof CENTRE_DAY_COLUMNS)[number], string>;
  return {
    code: centre.code,
    name: centre.name,
    kind: centre.kind,
    street: centre.street,
    city: centre.city,
    postcode: centre.postcode,
    country: centre.country,
    timeZone: centre.timeZone,
    ...days,
    closedDays: centre.closedDays.join(' '),
    bays: String(centre.bays),
    maxRim: String(centre.capabilities.maxRim),
    runFlat: yesNo(centre.capabilities.runFlat),
    tpms: yesNo(centre.capabilities.tpms),
    highPerformance: yesNo(centre.capabilities.highPerformance),
    mobilePostcodes: centre.mobile?.postcodes.join('; ') ?? '',
    mobileRadiusKm: centre.mobile?.radiusKm == null ? '' : String(centre.mobile.radiusKm),
    active: yesNo(centre.active),
  };
}
