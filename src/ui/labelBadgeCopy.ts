/**
 * A card's compact EU tyre label (issue 32): what each badge shows and what a screen reader
 * hears. Apart from productPageCopy, so the cards on `/` and `/shop` bundle only these words.
 */
export const labelBadgeCopy = {
  list: 'EU tyre label',
  short: { fuel: 'Fuel', wetGrip: 'Wet' },
  fuel: (fuelClass: string) => `Fuel efficiency ${fuelClass}`,
  wetGrip: (wetGripClass: string) => `Wet grip ${wetGripClass}`,
  noise: (db: number) => `Noise ${db} dB`,
} as const;
