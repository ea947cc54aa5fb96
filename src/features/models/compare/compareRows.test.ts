import type { Product } from '@contract/products';
import { tyre } from '../../../test/fixtures';
import { marketFixtures } from '../../../test/marketFixtures';
import { bestOf, compareRows } from './compareRows';

const us = marketFixtures[0]!;
const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;

/** Three sizes of one test: a cheap one, a wet-grip A one, a quiet one. */
const cheap: Product = {
  ...tyre,
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Cheap 205/55 R16 91V',
  price: 60,
  rim: 16,
  loadIndex: 91,
  speedRating: 'V',
  euLabel: { ...tyre.euLabel!, fuel: 'C', wetGrip: 'C', noiseDb: 72, noiseClass: 'B' },
};
const wet: Product = {
  ...tyre,
  _id: '00000000-0000-4000-8000-000000000002',
  name: 'Wet 225/45 R17 94Y',
  price: 110,
  rim: 17,
  loadIndex: 94,
  speedRating: 'Y',
  euLabel: { ...tyre.euLabel!, fuel: 'B', wetGrip: 'A', noiseDb: 70, noiseClass: 'B' },
};
const quiet: Product = {
  ...tyre,
  _id: '00000000-0000-4000-8000-000000000003',
  name: 'Quiet 205/55 R16 91H',
  price: 80,
  season: 'all-season',
  speedRating: 'H',
  euLabel: { ...tyre.euLabel!, fuel: 'B', wetGrip: 'B', noiseDb: 68, noiseClass: 'A', snow: true },
};
const unlabelled: Product = {
  ...cheap,
  _id: '00000000-0000-4000-8000-000000000004',
  euLabel: null,
};

const shelf = (product: Product) => Math.round(product.price * 100);
const rowsOf = (products: Product[]) =>
  Object.fromEntries(
    compareRows(products, shelf, us, money).map((row) => [
      row.key,
      row.cells.map((cell) => `${cell.text}${cell.best ? ' *' : ''}`),
    ]),
  );

describe('comparing tyres: the best of each row', () => {
  it('marks the lowest price, the best classes, the least noise, the most load and speed', () => {
    expect(rowsOf([cheap, wet, quiet])).toEqual({
      price: ['$60.00 *', '$110.00', '$80.00'],
      // The shelf price plus, per tyre, fitting by rim, valves ($5) and disposal ($3.50).
      fitted: ['$93.50 *', '$148.50', '$113.50'],
      fuel: ['C', 'B *', 'B *'],
      wetGrip: ['C', 'A *', 'B'],
      noise: ['72 dB (B)', '70 dB (B)', '68 dB (A) *'],
      load: ['91 (615 kg)', '94 (670 kg) *', '91 (615 kg)'],
      speed: ['V (240 km/h)', 'Y (300 km/h) *', 'H (210 km/h)'],
      season: ['Summer', 'Summer', 'All-season'],
      snow: ['No', 'No', 'Yes *'],
      rating: ['Not rated yet', 'Not rated yet', 'Not rated yet'],
    });
  });

  it('marks nothing where all are equal, or where only one tyre has a value', () => {
    const rows = rowsOf([cheap, unlabelled]);
    expect(rows.price).toEqual(['$60.00', '$60.00']);
    expect(rows.wetGrip).toEqual(['C', '—']);
    expect(rows.noise).toEqual(['72 dB (B)', '—']);
  });

  it('leaves the prices out while they are on their way, and the fitted price without a market', () => {
    const rows = compareRows([cheap, wet], () => undefined, null, money);
    expect(rows.find((row) => row.key === 'price')!.cells).toEqual([
      { text: '—', best: false },
      { text: '—', best: false },
    ]);
    expect(rows.find((row) => row.key === 'fitted')!.cells.every((c) => !c.best)).toBe(true);
  });

  it('ranks ties at the best together', () => {
    expect(bestOf([3, 1, 1, null], 'lower')).toEqual([false, true, true, false]);
    expect(bestOf([3, 1, 1, null], 'higher')).toEqual([true, false, false, false]);
    expect(bestOf([2, 2], 'lower')).toEqual([false, false]);
    expect(bestOf([2, null], 'lower')).toEqual([false, false]);
  });
});
