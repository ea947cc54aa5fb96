import { NOISE_DB, type EuLabel } from './euLabel';

/**
 * The EU tyre label's words: its fields as the Add/Edit Product forms, the CSV and the API's
 * refusals name them, and the shop's filters. Plain values, so the SPA bundles only these.
 */
export const euLabelCopy = {
  /** The label's part of the product forms. */
  legend: 'EU tyre label',
  hasLabel: 'This tyre has an EU label',
  fields: {
    fuel: 'Fuel efficiency class',
    wetGrip: 'Wet grip class',
    noiseDb: 'Rolling noise (dB)',
    noiseClass: 'Noise class',
    snow: 'Snow symbol (3PMSF)',
    ice: 'Ice symbol',
    eprel: 'EPREL number',
  },
  /** Said by the API and the form when a wheel or part is given a label. */
  tyresOnly: 'The EU tyre label is for tyres only: choose the tyre category or remove the label.',
  /** The form's and the CSV's refusals, in the words of the API's. */
  required: (label: string) => `${label} is required`,
  noiseRange: `must be a whole number from ${NOISE_DB.min} to ${NOISE_DB.max}`,
  /** What is wrong with an EPREL number that is not one (after the field's name). */
  eprelProblem: 'must be 1 to 20 digits, as printed on the label',
  /** A CSV row names some of the label's columns but not all. */
  partial: (missing: string) =>
    `The EU tyre label needs every one of its columns, or none: ${missing} is empty.`,
  /** The shop's filters. */
  filters: {
    fuel: 'Fuel efficiency',
    wetGrip: 'Wet grip',
    maxNoise: 'Rolling noise',
    snow: 'Snow symbol (3PMSF)',
    any: 'Any',
    classOrBetter: (value: string, best: boolean) => (best ? value : `${value} or better`),
    noiseAtMost: (db: number) => `At most ${db} dB`,
  },
} as const;

/** A label in one line (a product's history): `Fuel B · Wet grip A · 70 dB (B) · snow`. */
export function euLabelSummary(label: EuLabel): string {
  return [
    `Fuel ${label.fuel}`,
    `Wet grip ${label.wetGrip}`,
    `${label.noiseDb} dB (${label.noiseClass})`,
    ...(label.snow ? ['snow'] : []),
    ...(label.ice ? ['ice'] : []),
    ...(label.eprel ? [`EPREL ${label.eprel}`] : []),
  ].join(' · ');
}
