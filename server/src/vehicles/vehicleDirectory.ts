import type { Vehicle, VehicleMatches } from '../../../contract/vehicles';
import { VEHICLE_SEARCH_MAX, VEHICLE_YEARS } from '../../../contract/vehicles';
import { searchWords } from '../catalog/searchWords';

/**
 * The vehicles as the "My car" picker lists them, in memory: each list (makes, models of a make,
 * years of a model, versions of a year) is worked out once per list of vehicles, so the picker
 * never waits for a query. Names compare without case.
 */

/** Other names people type for a make: "volkswagen golf" finds the VW Golf. */
const MAKE_ALIASES: Record<string, string> = { vw: 'volkswagen', volkswagen: 'vw' };

const keyOf = (...parts: Array<string | number>) =>
  parts.map((p) => String(p).toLowerCase()).join('\u0000');

interface Entry {
  vehicle: Vehicle;
  words: string[];
}

export class VehicleDirectory {
  private readonly byId = new Map<string, Vehicle>();
  private readonly makeList: string[];
  private readonly models = new Map<string, string[]>();
  private readonly ofModel = new Map<string, Vehicle[]>();
  private readonly years = new Map<string, number[]>();
  private readonly entries: Entry[];

  constructor(
    list: readonly Vehicle[],
    /** The year a version still made runs to. */
    private readonly thisYear = new Date().getUTCFullYear(),
  ) {
    const makes = new Map<string, string>();
    const models = new Map<string, Map<string, string>>();
    for (const vehicle of list) {
      this.byId.set(vehicle._id, vehicle);
      const make = vehicle.make.toLowerCase();
      if (!makes.has(make)) makes.set(make, vehicle.make);
      let names = models.get(make);
      if (!names) models.set(make, (names = new Map()));
      if (!names.has(vehicle.model.toLowerCase()))
        names.set(vehicle.model.toLowerCase(), vehicle.model);
      const key = keyOf(vehicle.make, vehicle.model);
      const same = this.ofModel.get(key);
      if (same) same.push(vehicle);
      else this.ofModel.set(key, [vehicle]);
    }
    const byName = (a: string, b: string) => a.localeCompare(b, 'en');
    this.makeList = [...makes.values()].sort(byName);
    for (const [make, names] of models) this.models.set(make, [...names.values()].sort(byName));
    this.entries = list.map((vehicle) => {
      const make = vehicle.make.toLowerCase();
      const alias = MAKE_ALIASES[make] ?? '';
      return {
        vehicle,
        words: searchWords(
          `${vehicle.make} ${alias} ${vehicle.model} ${vehicle.generation} ${vehicle.engine}`,
        ),
      };
    });
  }

  get size() {
    return this.byId.size;
  }

  find(id: string): Vehicle | undefined {
    return this.byId.get(id.toLowerCase());
  }

  makes(): string[] {
    return this.makeList;
  }

  modelsOf(make: string): string[] {
    return this.models.get(make.toLowerCase()) ?? [];
  }

  private lastYear(vehicle: Vehicle) {
    return Math.min(vehicle.yearTo ?? Math.max(this.thisYear, vehicle.yearFrom), VEHICLE_YEARS.max);
  }

  /** The years any version of the model was made in, newest first. */
  yearsOf(make: string, model: string): number[] {
    const key = keyOf(make, model);
    let years = this.years.get(key);
    if (!years) {
      const all = new Set<number>();
      for (const vehicle of this.ofModel.get(key) ?? []) {
        for (let year = vehicle.yearFrom; year <= this.lastYear(vehicle); year += 1) all.add(year);
      }
      years = [...all].sort((a, b) => b - a);
      this.years.set(key, years);
    }
    return years;
  }

  /** The versions of the model made in `year`, by name. */
  versionsOf(make: string, model: string, year: number): Vehicle[] {
    return (this.ofModel.get(keyOf(make, model)) ?? []).filter(
      (vehicle) => vehicle.yearFrom <= year && year <= this.lastYear(vehicle),
    );
  }

  /**
   * Cars whose make, model, generation or engine hold every word typed (the last may be the
   * start of a word); a year among the words keeps the versions made that year.
   */
  search(text: string): VehicleMatches {
    const words = searchWords(text);
    let year: number | null = null;
    const rest: string[] = [];
    for (const word of words) {
      const n = /^\d{4}$/.test(word) ? Number(word) : Number.NaN;
      if (year === null && n >= VEHICLE_YEARS.min && n <= VEHICLE_YEARS.max) year = n;
      else rest.push(word);
    }
    // A year alone names too many cars to list.
    if (rest.length === 0) return [];
    const matches: VehicleMatches = [];
    for (const { vehicle, words: own } of this.entries) {
      const fits = rest.every((word, i) =>
        i === rest.length - 1 ? own.some((w) => w.startsWith(word)) : own.includes(word),
      );
      if (!fits) continue;
      if (year !== null && (vehicle.yearFrom > year || year > this.lastYear(vehicle))) continue;
      matches.push({ vehicle, year });
      if (matches.length === VEHICLE_SEARCH_MAX) break;
    }
    return matches;
  }
}

/**
 * The directory as the API last read it, dropped when the database says the vehicles changed
 * (NOTIFY `vehicles_changed`, migration 0022). While nobody listens, every call reads again.
 */
export class VehicleCache {
  private directory: Promise<VehicleDirectory> | null = null;
  private trusted = false;

  constructor(private readonly load: () => Promise<Vehicle[]>) {}

  enable() {
    this.trusted = true;
    this.invalidate();
  }

  disable() {
    this.trusted = false;
    this.invalidate();
  }

  invalidate() {
    this.directory = null;
  }

  /** Whether a change of the vehicles would be heard of (pages showing the picker may be kept). */
  get isTrusted() {
    return this.trusted;
  }

  get(): Promise<VehicleDirectory> {
    if (!this.trusted) return this.load().then((list) => new VehicleDirectory(list));
    if (!this.directory) {
      const loading = this.load().then((list) => new VehicleDirectory(list));
      // A failed read is not kept: the next call tries again.
      loading.catch(() => {
        if (this.directory === loading) this.directory = null;
      });
      this.directory = loading;
    }
    return this.directory;
  }
}
