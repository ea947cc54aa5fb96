/**
 * The EU tyre label (Regulation (EU) 2020/740), which every tyre sold in the EU must show, online
 * too: fuel efficiency and wet grip in classes A (best) to E, external rolling noise in dB with
 * its class A–C, and the snow (3PMSF) and ice symbols. Plain values and types (no TypeBox), so
 * the SPA bundles only these; the contract's schema for it is in `products.ts`.
 */

/** Fuel-efficiency (rolling-resistance) classes, best first. */
export const FUEL_CLASSES = ['A', 'B', 'C', 'D', 'E'] as const;
export type FuelClass = (typeof FUEL_CLASSES)[number];

/** Wet-grip classes, best first. */
export const WET_GRIP_CLASSES = ['A', 'B', 'C', 'D', 'E'] as const;
export type WetGripClass = (typeof WET_GRIP_CLASSES)[number];

/** External rolling-noise classes, quietest first. */
export const NOISE_CLASSES = ['A', 'B', 'C'] as const;
export type NoiseClass = (typeof NOISE_CLASSES)[number];

/** Measured external rolling noise, in dB: what tyres sold on the road measure. */
export const NOISE_DB = { min: 50, max: 90 } as const;

/** The label's registration in EPREL, the EU's product database: its number, as printed. */
export const EPREL = { maxLength: 20, pattern: '^[0-9]{1,20}$' } as const;

export interface EuLabel {
  fuel: FuelClass;
  wetGrip: WetGripClass;
  noiseDb: number;
  noiseClass: NoiseClass;
  /** The three-peak mountain snowflake (3PMSF): made for severe snow. */
  snow: boolean;
  /** Made for ice (Nordic winter tyres). */
  ice: boolean;
  eprel: string | null;
}

/** Classes from the best down to `worst`: the filter "this class or better". */
export function classOrBetter<T extends string>(classes: readonly T[], worst: T): T[] {
  return classes.slice(0, classes.indexOf(worst) + 1);
}
