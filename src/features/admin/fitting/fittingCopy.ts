/**
 * The words of fitting at the shop (the store's own; the spec has no fitting): the admins'
 * schedule page. Kept apart from copy.ts so they load with that page only.
 */
export const fittingCopy = {
  title: 'Fitting days',
  intro:
    'How many fittings the shop takes on each day of the week. Shoppers choose a day with a place left at checkout; 0 means the shop does not fit tyres that day.',
  places: (day: string) => `${day}: fittings`,
  placesHint: (max: number) => `A whole number from 0 to ${max}.`,
  wholeNumber: 'Enter a whole number of fittings.',
  tooMany: (max: number) => `At most ${max} fittings a day.`,
  notNegative: 'Enter 0 or more.',
  save: 'Save fitting days',
  saving: 'Saving the fitting days',
  saved: 'Fitting days saved.',
  loading: 'Loading the fitting days',
  loadFailed: 'We could not load the fitting days',
  weekTotal: (places: number) => `${places} fittings a week.`,
} as const;
