/**
 * Postcode centroids the store ships for the United Kingdom and Germany, where no maintained
 * npm package carries them (US ZIPs come from the `zipcodes` package). Only the seeded regions
 * are here, each as the approximate centre of its area: UK postcode districts (the outward
 * code) in London, Manchester and Birmingham; German postcode areas by their first three digits
 * in Berlin, Hamburg and Munich. A postcode outside them is "not known" to the finder; adding a
 * region is adding its lines.
 */
export const GB_DISTRICTS: Readonly<Record<string, readonly [number, number]>> = {
  // London
  SW1A: [51.501, -0.141],
  SW1: [51.497, -0.137],
  SW3: [51.49, -0.166],
  SW7: [51.495, -0.177],
  W1: [51.514, -0.15],
  W2: [51.515, -0.181],
  WC1: [51.523, -0.122],
  WC2: [51.512, -0.122],
  EC1: [51.524, -0.1],
  EC2: [51.518, -0.086],
  E1: [51.517, -0.06],
  E14: [51.507, -0.018],
  N1: [51.538, -0.097],
  NW1: [51.535, -0.145],
  SE1: [51.498, -0.089],
  // Manchester
  M1: [53.478, -2.234],
  M2: [53.48, -2.245],
  M3: [53.483, -2.253],
  M4: [53.484, -2.226],
  M13: [53.46, -2.22],
  M14: [53.45, -2.22],
  M15: [53.467, -2.253],
  M16: [53.459, -2.27],
  // Birmingham
  B1: [52.479, -1.91],
  B2: [52.479, -1.898],
  B3: [52.483, -1.901],
  B4: [52.484, -1.891],
  B5: [52.47, -1.893],
};

export const DE_AREAS: Readonly<Record<string, readonly [number, number]>> = {
  // Berlin
  '101': [52.528, 13.395],
  '102': [52.505, 13.445],
  '103': [52.515, 13.49],
  '104': [52.535, 13.425],
  '105': [52.535, 13.345],
  '106': [52.505, 13.305],
  '107': [52.485, 13.325],
  '108': [52.49, 13.355],
  '109': [52.495, 13.395],
  '120': [52.48, 13.44],
  '121': [52.47, 13.395],
  // Hamburg
  '200': [53.552, 10.0],
  '201': [53.555, 9.985],
  '202': [53.575, 9.96],
  '203': [53.56, 9.96],
  '220': [53.565, 10.06],
  '221': [53.57, 10.09],
  // Munich
  '803': [48.137, 11.575],
  '804': [48.16, 11.585],
  '805': [48.15, 11.545],
  '806': [48.125, 11.6],
  '807': [48.12, 11.54],
  '809': [48.175, 11.64],
  '813': [48.105, 11.49],
  '816': [48.1, 11.65],
  '817': [48.12, 11.64],
};
