/** The words of comparing tyres side by side (issue 51): the page, its rows and the control. */
export const compareCopy = {
  title: 'Compare tyres',
  intro: 'Up to four tyres side by side. The best of each row is marked “Best”.',
  add: 'Add to compare',
  remove: 'Remove from compare',
  /** The same on a shop card, where the room is narrow (the button's name stays whole). */
  inCardAdd: '+ Compare',
  inCardRemove: '✓ Compare',
  /** The last row's name: each tyre's Add to bag and Remove. */
  actions: 'Buy or remove',
  /** The fifth is refused in words, not by a disabled button that says nothing. */
  full: (max: number) =>
    `You are comparing ${max} tyres already, the most one comparison holds. Remove one to add this.`,
  see: (count: number) => `Compare ${count} tyre${count === 1 ? '' : 's'}`,
  empty: 'Nothing to compare yet. Choose “Add to compare” on a tyre in the shop or on its page.',
  goToShop: 'Go to the shop',
  /** A shared link naming more than four. */
  tooMany: (max: number) =>
    `A comparison shows ${max} tyres: the others in the link were left out.`,
  missing: (count: number) =>
    `${count} tyre${count === 1 ? ' in the link is' : 's in the link are'} no longer in the store.`,
  loading: 'Loading the tyres to compare',
  caption: 'The tyres side by side, the best of each row marked',
  feature: 'Feature',
  best: 'Best',
  share: 'Link to this comparison',
  clear: 'Clear the comparison',
  rows: {
    price: 'Price',
    fitted: 'Fully fitted price',
    fittedNote: 'each, fitted at the shop with valves and disposal',
    fuel: 'Fuel efficiency class',
    wetGrip: 'Wet grip class',
    noise: 'External rolling noise',
    load: 'Load index',
    speed: 'Speed rating',
    season: 'Season',
    snow: 'Severe snow (3PMSF)',
    rating: 'Customer rating',
  },
  values: {
    none: '—',
    yes: 'Yes',
    no: 'No',
    noise: (db: number, noiseClass: string) => `${db} dB (${noiseClass})`,
    load: (index: number, kg: number | null) => (kg === null ? `${index}` : `${index} (${kg} kg)`),
    speed: (rating: string, kmh: number | undefined) =>
      kmh === undefined ? rating : `${rating} (${kmh} km/h)`,
    /** Reviews are the store's: no tyre has a rating of its own (docs/models.md). */
    notRated: 'Not rated yet',
  },
} as const;
