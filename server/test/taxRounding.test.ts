import { convertedPrice } from '../src/markets/shopPrice';
import { taxAddedTo, taxIncludedIn } from '../src/tax/rounding';

/** The rounding rules alone, with numbers worked out by hand. */
describe('tax rounding', () => {
  it('takes VAT out of an amount that includes it, half up', () => {
    expect(taxIncludedIn(32796, 19)).toBe(5236); // 327.96 × 19 / 119 = 52.3627
    expect(taxIncludedIn(1000, 20)).toBe(167); // 10 / 6 = 1.6667
    expect(taxIncludedIn(600, 20)).toBe(100); // exact
    expect(taxIncludedIn(119, 19)).toBe(19); // exact
    expect(taxIncludedIn(3, 20)).toBe(1); // 0.5 → up
    expect(taxIncludedIn(5000, 0)).toBe(0);
  });

  it('adds sales tax once per rate and shares it back by largest remainder', () => {
    // 387.99 × 7.25 % = 28.129 → 28.13; alone the lines would be 25.955 → 25.96 and 2.17.
    expect(
      taxAddedTo([
        { amountMinor: 35800, rate: 7.25 },
        { amountMinor: 2999, rate: 7.25 },
      ]),
    ).toEqual([2596, 217]);
    // Three lines of $0.10 at 5 %: each 0.5 cent; once over $0.30 it is 1.5 → 2 cents.
    expect(
      taxAddedTo([
        { amountMinor: 10, rate: 5 },
        { amountMinor: 10, rate: 5 },
        { amountMinor: 10, rate: 5 },
      ]),
    ).toEqual([1, 1, 0]);
    // Rates apart, and a rate of three decimals (6.875 %): 10000 × 6.875 % = 687.5 → 688.
    expect(
      taxAddedTo([
        { amountMinor: 10000, rate: 6.875 },
        { amountMinor: 995, rate: 0 },
      ]),
    ).toEqual([688, 0]);
  });
});

describe('converted shop prices', () => {
  it('goes to the nearest price ending in .99, a tie up', () => {
    expect(convertedPrice(8950, { perDollar: 0.92, ending: 99 })).toBe(8199); // 82.34
    expect(convertedPrice(8950, { perDollar: 0.79, ending: 99 })).toBe(7099); // 70.705 → 70.71
    expect(convertedPrice(2999, { perDollar: 0.92, ending: 99 })).toBe(2799); // 27.59
    expect(convertedPrice(8950, { perDollar: 1, ending: null })).toBe(8950);
    expect(convertedPrice(10, { perDollar: 1, ending: 99 })).toBe(99); // never below zero
    expect(convertedPrice(5049, { perDollar: 1, ending: 99 })).toBe(5099); // 50.49: .50 either way, up
  });
});
