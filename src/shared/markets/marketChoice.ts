import { useSearchParams } from 'react-router-dom';
import { browserChoice } from './browserChoice';

/** The spec's store: dollar prices as the spec shows them, tax added at checkout. */
export const SPEC_MARKET = 'US';

/** The address's `?market=DE`, when it names one (two capitals); else null. */
export function marketInAddress(params: URLSearchParams): string | null {
  const code = params.get('market');
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
}

const remembered = browserChoice('market', SPEC_MARKET);

/** Keeps the shopper's market in this browser (the selector also writes it to the address). */
export const rememberMarket = (code: string) => remembered.set(code);

/**
 * The shopper's market: the address's (a shared link, the server's rendering), else the one this
 * browser remembers (after hydration), else the spec's US.
 */
export function useMarketCode(): string {
  const [params] = useSearchParams();
  const kept = remembered.use();
  return marketInAddress(params) ?? kept;
}

/**
 * The history state of a market chosen while a price range was in the address: the range was
 * in that market's money, so it was cleared, and the shop says so.
 */
export interface PriceFilterCleared {
  priceFilterClearedFrom: string;
}
