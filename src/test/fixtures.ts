import { PART_ATTRIBUTES } from '@contract/catalogTerms';
import type { Product } from '@contract/products';
import type { Profile } from '@contract/profiles';
import type { Review } from '@contract/reviews';
import type { Vehicle } from '@contract/vehicles';
import { NO_MARKS } from '@contract/tyreMarks';

export const tyre: Product = {
  _id: '7d6f8f3e-2c1a-4b5e-9f00-000000000001',
  name: 'RoadGrip Summer 205/55 R16 91V',
  img: '/images/products/summer-tyre.svg',
  description: 'Summer tyre with a silica compound.',
  price: 89.99,
  orderquantity: 2,
  availablequantity: 240,
  category: 'tyre',
  width: 205,
  aspect: 55,
  rim: 16,
  season: 'summer',
  loadIndex: 91,
  speedRating: 'V',
  euLabel: {
    fuel: 'B',
    wetGrip: 'A',
    noiseDb: 70,
    noiseClass: 'B',
    snow: false,
    ice: false,
    eprel: '123456',
  },
  marks: NO_MARKS,
  sku: 'P000001',
  status: 'active',
  version: 1,
};

export const battery: Product = {
  _id: '7d6f8f3e-2c1a-4b5e-9f00-000000000002',
  name: 'PowerCell AGM Battery 12V 70Ah',
  img: '/images/products/car-battery.svg',
  description: 'Start-stop ready AGM battery.',
  price: 129.99,
  orderquantity: 1,
  availablequantity: 38,
  ...PART_ATTRIBUTES,
  euLabel: null,
  marks: NO_MARKS,
  sku: 'P000002',
  status: 'active',
  version: 1,
};

export const review: Review = {
  _id: '7d6f8f3e-2c1a-4b5e-9f00-000000000101',
  name: 'Maria K.',
  description: 'Winter tyres ordered on Monday, fitted by Thursday.',
  Ratings: 4,
  address: 'Krakow, Poland',
  img: '/images/reviews/review-1.svg',
};

export const otherReview: Review = {
  _id: '7d6f8f3e-2c1a-4b5e-9f00-000000000102',
  name: 'Tomasz W.',
  description: 'The brake kit came well packed.',
  Ratings: 5,
  address: 'Gdansk, Poland',
  img: '/images/reviews/review-2.svg',
};

export const profile: Profile = {
  name: 'Maria Kowalska',
  email: 'shopper@store.test',
  Department: 'Mechanical Engineering',
  Address: '12 Foundry Lane, Krakow',
  instituteName: 'Krakow University of Technology',
  Linkedin: 'https://www.linkedin.com/in/maria',
  image: '/api/images/maria',
};

/** A car of the directory: a VW Golf VII on 205/55 R16, at least 91 V on both axles. */
export const golf: Vehicle = {
  _id: '11111111-2222-4333-8444-555555555555',
  make: 'VW',
  model: 'Golf',
  generation: 'VII',
  engine: '1.4 TSI',
  yearFrom: 2012,
  yearTo: 2020,
  front: { width: 205, aspect: 55, rim: 16 },
  rear: { width: 205, aspect: 55, rim: 16 },
  frontMinimum: { loadIndex: 91, speedRating: 'V' },
  rearMinimum: { loadIndex: 91, speedRating: 'V' },
  factorySizes: [],
  runFlat: false,
  tpms: false,
  fourWheelDrive: false,
  oeMarks: [],
};
