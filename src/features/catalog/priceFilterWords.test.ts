import { marketFixtures } from '../../test/marketFixtures';
import { describeSearch } from './NoMatch';
import { priceFilterWords } from './priceFilterWords';
import { NO_SEARCH } from './shopSearch';

const market = (code: string) => marketFixtures.find((one) => one.code === code)!;

describe('the price filter’s words', () => {
  it('keeps the spec’s dollars in the US store', () => {
    const words = priceFilterWords(null);
    expect(words.legend).toBe('Price ($)');
    expect(words.market).toBeNull();
    expect(words.range(50, 100)).toBe('$50 to $100');
    expect(words.range(50, null)).toBe('from $50');
    expect(words.range(null, 150)).toBe('up to $150');
    expect(words.range(null, null)).toBeNull();
  });

  it('speaks euros with VAT included for a German shopper, as the market writes money', () => {
    const words = priceFilterWords(market('DE'));
    expect(words.legend).toBe('Price (€, incl. VAT)');
    expect(words.market).toBe('DE');
    // de-DE: the sign after the amount, a no-break space between; cents only where there are.
    expect(words.range(null, 150)).toBe('up to 150\u00a0€');
    expect(words.range(99.5, 150)).toBe('99,50\u00a0€ to 150\u00a0€');
  });

  it('speaks pounds for a British shopper', () => {
    const words = priceFilterWords(market('GB'));
    expect(words.legend).toBe('Price (£, incl. VAT)');
    expect(words.range(20, null)).toBe('from £20');
  });

  it('says the searched range in the market’s money when nothing matches', () => {
    const search = { ...NO_SEARCH, q: 'winter', maxPrice: 150 };
    expect(describeSearch(search)).toBe('“winter” · up to $150');
    expect(describeSearch(search, priceFilterWords(market('DE')))).toBe(
      '“winter” · up to 150\u00a0€',
    );
  });
});
