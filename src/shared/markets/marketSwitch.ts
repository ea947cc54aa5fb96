import type { SetURLSearchParams } from 'react-router-dom';
import { rememberMarket, SPEC_MARKET, type PriceFilterCleared } from './marketChoice';

/**
 * What the header's market selector does (PriceBar), in a chunk of its own: nothing of it is
 * needed to paint or hydrate a page, only once the shopper chooses (or the browser remembers a
 * market the address lacks).
 */

/** The shop's price range in the address: in the money of the market it was set in. */
const PRICE_RANGE = ['minPrice', 'maxPrice'];

const replacing = { replace: true, preventScrollReset: true } as const;

/** The address's query with `market` set (the spec's US is the default, left out). */
function withMarket(params: URLSearchParams, code: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (code === SPEC_MARKET) next.delete('market');
  else next.set('market', code);
  return next;
}

/**
 * The shopper chose `next` (shown: `shown`): kept in this browser and the address. A price
 * range is in the money of the market it was set in, and another market's shelf prices are
 * another currency (and tax): it is cleared, and the shop says so (PriceFilterCleared).
 */
export function chooseMarket(
  next: string,
  shown: string,
  params: URLSearchParams,
  setParams: SetURLSearchParams,
) {
  rememberMarket(next);
  const cleared = next !== shown && PRICE_RANGE.some((name) => params.has(name));
  const state: PriceFilterCleared | null = cleared ? { priceFilterClearedFrom: shown } : null;
  setParams(
    (now) => {
      const chosen = withMarket(now, next);
      if (cleared) for (const name of PRICE_RANGE) chosen.delete(name);
      return chosen;
    },
    { ...replacing, state },
  );
}

/**
 * A market this browser remembers, written into an address without one (a link the app made,
 * a page typed in): a copied link then shows the same prices. The address's range stays: the
 * shop's own links leave the market out, so its range is already in this market's money.
 */
export function writeMarketBack(code: string, setParams: SetURLSearchParams) {
  setParams((now) => withMarket(now, code), replacing);
}
