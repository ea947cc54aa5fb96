import type { TyreModel } from '@contract/models';
import type { Product } from '@contract/products';
import { tyre } from '../../test/fixtures';

/** A second size of the fixtures' RoadGrip Summer: 225/45 R17, wet grip B. */
export const wideSize: Product = {
  ...tyre,
  _id: '7d6f8f3e-2c1a-4b5e-9f00-000000000011',
  name: 'RoadGrip Summer 225/45 R17 94Y',
  price: 119.5,
  availablequantity: 12,
  width: 225,
  aspect: 45,
  rim: 17,
  loadIndex: 94,
  speedRating: 'Y',
  euLabel: { ...tyre.euLabel!, fuel: 'C', wetGrip: 'B', noiseDb: 72 },
  sku: 'P000011',
};

/** The model of the fixtures' tyre, with two sizes and two pictures (the second of one size). */
export const roadGrip: TyreModel = {
  _id: '9a9a9a9a-0000-4000-8000-000000000001',
  brand: 'RoadGrip',
  pattern: 'Summer',
  name: 'RoadGrip Summer',
  category: 'tyre',
  season: 'summer',
  description: 'Summer tyre with a silica compound.',
  features: ['Silica compound for wet roads'],
  img: '/images/products/summer-tyre.svg',
  pictures: [
    {
      _id: '9a9a9a9a-0000-4000-8000-0000000000a1',
      url: '/images/products/summer-tyre.svg',
      alt: 'The tread from the front',
      productId: null,
      cardUrl: '/images/products/summer-tyre.svg',
      detailsUrl: '/images/products/summer-tyre.svg',
    },
    {
      _id: '9a9a9a9a-0000-4000-8000-0000000000a2',
      url: '/images/products/performance-tyre.svg',
      alt: 'The sidewall',
      productId: null,
      cardUrl: '/images/products/performance-tyre.svg',
      detailsUrl: '/images/products/performance-tyre.svg',
    },
  ],
  sizes: [tyre, wideSize],
  priceFrom: tyre.price,
};
