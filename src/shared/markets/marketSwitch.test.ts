import type { SetURLSearchParams } from 'react-router-dom';
import { chooseMarket, writeMarketBack } from './marketSwitch';

/** What the selector would write: the new address's query and the history state. */
function recorded() {
  const writes: Array<{ query: string; state: unknown }> = [];
  const setParams = ((next, options) => {
    const params = typeof next === 'function' ? next(new URLSearchParams(current)) : next;
    writes.push({ query: String(params), state: options?.state ?? null });
  }) as SetURLSearchParams;
  let current = '';
  return {
    writes,
    setParams,
    at(query: string) {
      current = query;
      return new URLSearchParams(query);
    },
  };
}

describe('choosing a market', () => {
  it('clears a price range set in dollars when the shopper chooses Germany, and says from where', () => {
    const { writes, setParams, at } = recorded();
    const params = at('q=winter&minPrice=100&maxPrice=200&sort=price-asc');
    chooseMarket('DE', 'US', params, setParams);
    expect(writes).toEqual([
      { query: 'q=winter&sort=price-asc&market=DE', state: { priceFilterClearedFrom: 'US' } },
    ]);
    expect(localStorage.getItem('market')).toBe('DE');
  });

  it('clears a euro range going back to the US, and keeps everything without a range', () => {
    const { writes, setParams, at } = recorded();
    chooseMarket('US', 'DE', at('market=DE&maxPrice=150'), setParams);
    chooseMarket('GB', 'DE', at('market=DE&q=winter'), setParams);
    expect(writes).toEqual([
      { query: '', state: { priceFilterClearedFrom: 'DE' } },
      { query: 'market=GB&q=winter', state: null },
    ]);
  });

  it('keeps the range when the market stays, or is only written back into the address', () => {
    const { writes, setParams, at } = recorded();
    chooseMarket('DE', 'DE', at('market=DE&minPrice=100'), setParams);
    at('minPrice=100');
    writeMarketBack('DE', setParams);
    expect(writes).toEqual([
      { query: 'market=DE&minPrice=100', state: null },
      { query: 'minPrice=100&market=DE', state: null },
    ]);
  });
});
