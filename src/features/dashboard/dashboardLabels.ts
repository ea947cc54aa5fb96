/** Sidebar entries the spec does not have (the store's own words; the spec's are in copy.ts). */
export const SIDEBAR_LABELS = {
  overview: 'Overview',
  products: 'Products',
  reviews: 'Reviews',
  fitting: 'Fitting days',
  fitterDay: "Fitter's day",
  fittingCentres: 'Fitting centres',
  stockPlaces: 'Stock places',
  fitments: 'Car fitments',
  staff: 'Staff',
  audit: 'Audit trail',
  promotions: 'Promotions',
} as const;
