import { seedFitmentTyres } from './seed-fitment-tyres';

// Product and reviewer images live in public/images and were made for this project.

import type { EuLabel } from '../../../contract/euLabel';

export interface SeedProduct {
  name: string;
  description: string;
  priceCents: number;
  orderquantity: number;
  availablequantity: number;
  img: string;
  /** The EU tyre label of a tyre (plausible values; no EPREL number, as none is registered). */
  euLabel?: EuLabel;
}

export interface SeedReview {
  name: string;
  description: string;
  Ratings: number;
  address: string;
  img: string;
}

/** The demo catalogue, then tyres in the sizes of the seeded cars (seed-fitment-tyres.ts). */
export const seedProducts: SeedProduct[] = [
  {
    name: 'RoadGrip Summer 205/55 R16 91V',
    description:
      'Asymmetric summer tyre with a silica-rich compound for short braking distances on dry and wet roads. Fits most compact and mid-size cars.',
    priceCents: 8999,
    orderquantity: 2,
    availablequantity: 240,
    img: '/images/products/summer-tyre.svg',
    euLabel: {
      fuel: 'B',
      wetGrip: 'A',
      noiseDb: 70,
      noiseClass: 'B',
      snow: false,
      ice: false,
      eprel: null,
    },
  },
  {
    name: 'Alpine Winter 195/65 R15 91T',
    description:
      'Directional winter tyre with dense 3D sipes and a soft cold-weather compound, 3PMSF marked for snow and ice.',
    priceCents: 9450,
    orderquantity: 2,
    availablequantity: 180,
    img: '/images/products/winter-tyre.svg',
    euLabel: {
      fuel: 'C',
      wetGrip: 'B',
      noiseDb: 71,
      noiseClass: 'B',
      snow: true,
      ice: false,
      eprel: null,
    },
  },
  {
    name: 'TrailMaster 4Season SUV 235/60 R18 107H',
    description:
      'All-season SUV and crossover tyre with chunky shoulder blocks and a reinforced sidewall. Rated for light snow and year-round use.',
    priceCents: 15999,
    orderquantity: 2,
    availablequantity: 120,
    img: '/images/products/all-season-suv-tyre.svg',
    euLabel: {
      fuel: 'C',
      wetGrip: 'B',
      noiseDb: 72,
      noiseClass: 'B',
      snow: true,
      ice: false,
      eprel: null,
    },
  },
  {
    name: 'Velocity Sport UHP 225/40 R18 92Y XL',
    description:
      'Ultra-high-performance low-profile tyre with a stiff sidewall and wide outer shoulder for precise cornering at speed.',
    priceCents: 14499,
    orderquantity: 2,
    availablequantity: 96,
    img: '/images/products/performance-tyre.svg',
    euLabel: {
      fuel: 'C',
      wetGrip: 'A',
      noiseDb: 72,
      noiseClass: 'B',
      snow: false,
      ice: false,
      eprel: null,
    },
  },
  {
    name: 'Forge5 Alloy Wheel 17x7.5 ET45 5x112',
    description:
      'Cast aluminium 10-spoke wheel in hyper silver, 5x112 bolt pattern with 57.1 mm centre bore. Load rated to 690 kg.',
    priceCents: 16900,
    orderquantity: 1,
    availablequantity: 64,
    img: '/images/products/alloy-wheel.svg',
  },
  {
    name: 'Ventra Drilled Brake Disc and Caliper Kit 300 mm',
    description:
      'Front axle kit with a 300 mm cross-drilled, vented disc and a powder-coated single-piston caliper. Supplied with pads and mounting bolts.',
    priceCents: 21999,
    orderquantity: 1,
    availablequantity: 38,
    img: '/images/products/brake-disc-caliper.svg',
  },
  {
    name: 'CeramiStop Front Brake Pad Set',
    description:
      'Low-dust ceramic brake pads with chamfered edges and anti-squeal shims. Set of four pads for one axle.',
    priceCents: 4499,
    orderquantity: 1,
    availablequantity: 210,
    img: '/images/products/brake-pads.svg',
  },
  {
    name: 'PowerCell AGM Battery 12V 70Ah 760A',
    description:
      'Maintenance-free AGM starter battery with 760 A cold cranking current, suited to start-stop vehicles. Includes a charge indicator.',
    priceCents: 12999,
    orderquantity: 1,
    availablequantity: 45,
    img: '/images/products/car-battery.svg',
  },
  {
    name: 'FullSynth 5W-30 Engine Oil 5 L',
    description:
      'Fully synthetic 5W-30 engine oil for petrol and diesel engines, ACEA C3 rated. 5 litre jug with a level window.',
    priceCents: 3899,
    orderquantity: 1,
    availablequantity: 320,
    img: '/images/products/engine-oil.svg',
  },
  {
    name: 'FlowGuard Spin-On Oil Filter',
    description:
      'Spin-on oil filter with synthetic-blend media and an anti-drainback valve, 3/4-16 UNF thread. Replace at every oil change.',
    priceCents: 999,
    orderquantity: 2,
    availablequantity: 400,
    img: '/images/products/oil-filter.svg',
  },
  {
    name: 'IgniteMax Iridium Spark Plugs (Set of 4)',
    description:
      'Iridium-tipped spark plugs with a 0.6 mm centre electrode for a stable spark and long service life. 14 mm thread, 16 mm hex.',
    priceCents: 3299,
    orderquantity: 1,
    availablequantity: 150,
    img: '/images/products/spark-plugs.svg',
  },
  {
    name: 'ClearView Flat Wiper Blades 24 in + 18 in (Pair)',
    description:
      'Beam-style flat wiper blades with a graphite-coated rubber edge and integrated spoiler. Universal hook adapter included.',
    priceCents: 1899,
    orderquantity: 1,
    availablequantity: 260,
    img: '/images/products/wiper-blades.svg',
  },
  {
    name: 'BrightBeam H7 55W Halogen Bulbs (Pair)',
    description:
      'H7 12 V 55 W halogen headlight bulbs with a blue-tinted quartz capsule for whiter light. Sold as a matched pair.',
    priceCents: 2199,
    orderquantity: 1,
    availablequantity: 180,
    img: '/images/products/headlight-bulbs.svg',
  },
  {
    name: 'PureFlow Panel Air Filter',
    description:
      'Pleated paper panel air filter with a polyurethane frame seal, 290 x 190 mm. Captures fine dust to protect the engine intake.',
    priceCents: 1699,
    orderquantity: 1,
    availablequantity: 220,
    img: '/images/products/air-filter.svg',
  },
  {
    name: 'Nordica Winter Grip 205/55 R16 94H XL',
    description:
      'Reinforced winter tyre for compact cars and estates, with a sipe-dense centre rib for grip on slush and packed snow. 3PMSF marked.',
    priceCents: 10250,
    orderquantity: 2,
    availablequantity: 120,
    img: '/images/products/winter-tyre.svg',
    euLabel: {
      fuel: 'C',
      wetGrip: 'C',
      noiseDb: 69,
      noiseClass: 'A',
      snow: true,
      ice: true,
      eprel: null,
    },
  },
  ...seedFitmentTyres,
];

export const seedReviews: SeedReview[] = [
  {
    name: 'Maria K.',
    description:
      'Ordered a set of winter tyres on Monday and had them fitted by Thursday. Great prices and clear size advice.',
    Ratings: 5,
    address: 'Krakow, Poland',
    img: '/images/reviews/review-1.svg',
  },
  {
    name: 'Tomasz W.',
    description:
      'The brake disc kit was exactly as described and came well packed. Delivery took a day longer than promised.',
    Ratings: 4,
    address: 'Gdansk, Poland',
    img: '/images/reviews/review-2.svg',
  },
  {
    name: 'Aisha R.',
    description:
      'Support helped me pick the right battery for my start-stop hatchback. It has started first time every morning since.',
    Ratings: 5,
    address: 'Manchester, United Kingdom',
    img: '/images/reviews/review-3.svg',
  },
  {
    name: 'Daniel O.',
    description:
      'Good selection of SUV tyres and a fair price. The website could show the load index more clearly.',
    Ratings: 3,
    address: 'Toronto, Canada',
    img: '/images/reviews/review-4.svg',
  },
  {
    name: 'Lena S.',
    description:
      'Bought oil, a filter and spark plugs for a weekend service. Everything fitted perfectly and the checkout was quick.',
    Ratings: 5,
    address: 'Hamburg, Germany',
    img: '/images/reviews/review-5.svg',
  },
  {
    name: 'Carlos M.',
    description:
      'The performance tyres feel planted in the wet. Stock levels were accurate and the order tracking was helpful.',
    Ratings: 4,
    address: 'Valencia, Spain',
    img: '/images/reviews/review-6.svg',
  },
];
