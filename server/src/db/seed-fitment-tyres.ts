import type { EuLabel } from '../../../contract/euLabel';
import type { SeedProduct } from './seed-data';

/** Each family's label, as its seeded tyres in seed-data.ts carry it (a family's sizes share one). */
const familyLabels = {
  roadGrip: {
    fuel: 'B',
    wetGrip: 'A',
    noiseDb: 70,
    noiseClass: 'B',
    snow: false,
    ice: false,
    eprel: null,
  },
  alpine: {
    fuel: 'C',
    wetGrip: 'B',
    noiseDb: 71,
    noiseClass: 'B',
    snow: true,
    ice: false,
    eprel: null,
  },
  trailMaster: {
    fuel: 'C',
    wetGrip: 'B',
    noiseDb: 72,
    noiseClass: 'B',
    snow: true,
    ice: false,
    eprel: null,
  },
  velocity: {
    fuel: 'C',
    wetGrip: 'A',
    noiseDb: 72,
    noiseClass: 'B',
    snow: false,
    ice: false,
    eprel: null,
  },
} satisfies Record<string, EuLabel>;

/**
 * Tyres in the original sizes of the seeded cars (seed-vehicles.ts) that the demo catalogue
 * had none of, so that every seeded car finds tyres: one tyre a size, in the shop's own ranges.
 */
export const seedFitmentTyres: SeedProduct[] = [
  // The staggered BMW 3 Series M Sport's star-marked (★, BMW approved) set, and a standard-load
  // tyre in its front size that the car's load index refuses (issue 50). First of
  // this list, so the newest seeded tyres stay those the shop showed first before.
  {
    name: 'Apex Pro 225/40 R19 93Y XL ★',
    description:
      'Ultra-high-performance summer tyre developed with BMW for the 3 Series, star-marked.',
    priceCents: 18999,
    orderquantity: 2,
    availablequantity: 48,
    euLabel: familyLabels.velocity,
    img: '/images/products/performance-tyre.svg',
  },
  {
    name: 'Apex Pro 255/35 R19 96Y XL ★',
    description:
      'Ultra-high-performance summer tyre developed with BMW for the 3 Series, star-marked.',
    priceCents: 20999,
    orderquantity: 2,
    availablequantity: 44,
    euLabel: familyLabels.velocity,
    img: '/images/products/performance-tyre.svg',
  },
  {
    name: 'RoadGrip Summer 225/40 R19 89Y',
    description:
      'Asymmetric summer tyre with a silica-rich compound for short braking on dry and wet roads.',
    priceCents: 13499,
    orderquantity: 2,
    availablequantity: 60,
    euLabel: familyLabels.roadGrip,
    img: '/images/products/summer-tyre.svg',
  },
  {
    name: 'RoadGrip Summer 165/70 R14 81T',
    description:
      'Asymmetric summer tyre with a silica-rich compound for short braking on dry and wet roads.',
    priceCents: 5799,
    orderquantity: 2,
    availablequantity: 40,
    euLabel: familyLabels.roadGrip,
    img: '/images/products/summer-tyre.svg',
  },
  {
    name: 'Alpine Winter 175/65 R14 82T',
    description:
      'Directional winter tyre with dense sipes and a soft cold-weather compound, 3PMSF marked.',
    priceCents: 6099,
    orderquantity: 2,
    availablequantity: 77,
    euLabel: familyLabels.alpine,
    img: '/images/products/winter-tyre.svg',
  },
  {
    name: 'TrailMaster 4Season 185/60 R15 84H',
    description:
      'All-season tyre for year-round use, rated for light snow, with a reinforced sidewall.',
    priceCents: 7899,
    orderquantity: 2,
    availablequantity: 114,
    euLabel: familyLabels.trailMaster,
    img: '/images/products/all-season-suv-tyre.svg',
  },
  {
    name: 'RoadGrip Summer 185/65 R15 88H',
    description:
      'Asymmetric summer tyre with a silica-rich compound for short braking on dry and wet roads.',
    priceCents: 7899,
    orderquantity: 2,
    availablequantity: 151,
    euLabel: familyLabels.roadGrip,
    img: '/images/products/summer-tyre.svg',
  },
  {
    name: 'Alpine Winter 195/55 R16 87V',
    description:
      'Directional winter tyre with dense sipes and a soft cold-weather compound, 3PMSF marked.',
    priceCents: 9599,
    orderquantity: 2,
    availablequantity: 68,
    euLabel: familyLabels.alpine,
    img: '/images/products/winter-tyre.svg',
  },
  {
    name: 'TrailMaster 4Season 205/60 R16 92V',
    description:
      'All-season tyre for year-round use, rated for light snow, with a reinforced sidewall.',
    priceCents: 9999,
    orderquantity: 2,
    availablequantity: 105,
    euLabel: familyLabels.trailMaster,
    img: '/images/products/all-season-suv-tyre.svg',
  },
  {
    name: 'RoadGrip Summer 215/55 R17 94V',
    description:
      'Asymmetric summer tyre with a silica-rich compound for short braking on dry and wet roads.',
    priceCents: 11699,
    orderquantity: 2,
    availablequantity: 142,
    euLabel: familyLabels.roadGrip,
    img: '/images/products/summer-tyre.svg',
  },
  {
    name: 'Alpine Winter 215/60 R16 95H',
    description:
      'Directional winter tyre with dense sipes and a soft cold-weather compound, 3PMSF marked.',
    priceCents: 10299,
    orderquantity: 2,
    availablequantity: 59,
    euLabel: familyLabels.alpine,
    img: '/images/products/winter-tyre.svg',
  },
  {
    name: 'TrailMaster 4Season 215/60 R17 96H',
    description:
      'All-season tyre for year-round use, rated for light snow, with a reinforced sidewall.',
    priceCents: 11699,
    orderquantity: 2,
    availablequantity: 96,
    euLabel: familyLabels.trailMaster,
    img: '/images/products/all-season-suv-tyre.svg',
  },
  {
    name: 'RoadGrip Summer 215/65 R16 98H',
    description:
      'Asymmetric summer tyre with a silica-rich compound for short braking on dry and wet roads.',
    priceCents: 10299,
    orderquantity: 2,
    availablequantity: 133,
    euLabel: familyLabels.roadGrip,
    img: '/images/products/summer-tyre.svg',
  },
  {
    name: 'Alpine Winter 215/65 R17 99V',
    description:
      'Directional winter tyre with dense sipes and a soft cold-weather compound, 3PMSF marked.',
    priceCents: 11699,
    orderquantity: 2,
    availablequantity: 50,
    euLabel: familyLabels.alpine,
    img: '/images/products/winter-tyre.svg',
  },
  {
    name: 'Velocity Sport 225/40 R19 93Y XL',
    description:
      'High-performance summer tyre with a stiff sidewall for precise steering at speed.',
    priceCents: 15699,
    orderquantity: 2,
    availablequantity: 87,
    euLabel: familyLabels.velocity,
    img: '/images/products/performance-tyre.svg',
  },
  {
    name: 'Velocity Sport 225/45 R17 94Y XL',
    description:
      'High-performance summer tyre with a stiff sidewall for precise steering at speed.',
    priceCents: 12899,
    orderquantity: 2,
    availablequantity: 124,
    euLabel: familyLabels.velocity,
    img: '/images/products/performance-tyre.svg',
  },
  {
    name: 'Alpine Winter 225/45 R18 95Y XL',
    description:
      'Directional winter tyre with dense sipes and a soft cold-weather compound, 3PMSF marked.',
    priceCents: 13499,
    orderquantity: 2,
    availablequantity: 41,
    euLabel: familyLabels.alpine,
    img: '/images/products/winter-tyre.svg',
  },
  {
    name: 'TrailMaster 4Season 225/50 R17 98Y XL',
    description:
      'All-season tyre for year-round use, rated for light snow, with a reinforced sidewall.',
    priceCents: 12099,
    orderquantity: 2,
    availablequantity: 78,
    euLabel: familyLabels.trailMaster,
    img: '/images/products/all-season-suv-tyre.svg',
  },
  {
    name: 'RoadGrip Summer 225/55 R17 101W XL',
    description:
      'Asymmetric summer tyre with a silica-rich compound for short braking on dry and wet roads.',
    priceCents: 12099,
    orderquantity: 2,
    availablequantity: 115,
    euLabel: familyLabels.roadGrip,
    img: '/images/products/summer-tyre.svg',
  },
  {
    name: 'Alpine Winter 225/55 R18 98V',
    description:
      'Directional winter tyre with dense sipes and a soft cold-weather compound, 3PMSF marked.',
    priceCents: 13499,
    orderquantity: 2,
    availablequantity: 152,
    euLabel: familyLabels.alpine,
    img: '/images/products/winter-tyre.svg',
  },
  {
    name: 'TrailMaster 4Season 225/65 R17 102H',
    description:
      'All-season tyre for year-round use, rated for light snow, with a reinforced sidewall.',
    priceCents: 12099,
    orderquantity: 2,
    availablequantity: 69,
    euLabel: familyLabels.trailMaster,
    img: '/images/products/all-season-suv-tyre.svg',
  },
  {
    name: 'Velocity Sport 235/40 R20 96Y XL',
    description:
      'High-performance summer tyre with a stiff sidewall for precise steering at speed.',
    priceCents: 17399,
    orderquantity: 2,
    availablequantity: 106,
    euLabel: familyLabels.velocity,
    img: '/images/products/performance-tyre.svg',
  },
  {
    name: 'Alpine Winter 235/45 R18 98Y XL',
    description:
      'Directional winter tyre with dense sipes and a soft cold-weather compound, 3PMSF marked.',
    priceCents: 13799,
    orderquantity: 2,
    availablequantity: 143,
    euLabel: familyLabels.alpine,
    img: '/images/products/winter-tyre.svg',
  },
  {
    name: 'TrailMaster 4Season 235/55 R18 100V',
    description:
      'All-season tyre for year-round use, rated for light snow, with a reinforced sidewall.',
    priceCents: 13799,
    orderquantity: 2,
    availablequantity: 60,
    euLabel: familyLabels.trailMaster,
    img: '/images/products/all-season-suv-tyre.svg',
  },
  {
    name: 'Velocity Sport 245/40 R18 97Y XL',
    description:
      'High-performance summer tyre with a stiff sidewall for precise steering at speed.',
    priceCents: 14999,
    orderquantity: 2,
    availablequantity: 97,
    euLabel: familyLabels.velocity,
    img: '/images/products/performance-tyre.svg',
  },
  {
    name: 'Velocity Sport 255/35 R19 96Y XL',
    description:
      'High-performance summer tyre with a stiff sidewall for precise steering at speed.',
    priceCents: 16699,
    orderquantity: 2,
    availablequantity: 134,
    euLabel: familyLabels.velocity,
    img: '/images/products/performance-tyre.svg',
  },
  {
    name: 'TrailMaster 4Season 255/45 R19 104Y XL',
    description:
      'All-season tyre for year-round use, rated for light snow, with a reinforced sidewall.',
    priceCents: 15899,
    orderquantity: 2,
    availablequantity: 51,
    euLabel: familyLabels.trailMaster,
    img: '/images/products/all-season-suv-tyre.svg',
  },
  {
    name: 'Velocity Sport 295/35 R21 107Y XL',
    description:
      'High-performance summer tyre with a stiff sidewall for precise steering at speed.',
    priceCents: 20899,
    orderquantity: 2,
    availablequantity: 88,
    euLabel: familyLabels.velocity,
    img: '/images/products/performance-tyre.svg',
  },
];
