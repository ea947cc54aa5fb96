import type { Market } from '@contract/markets';
import { fullyFittedMinor } from '@contract/fittedPrice';

/** A fully fitted price's notes on a card or a tyre's page. */
export const fittedWords = {
  fitted: 'fitted, with valves and disposal',
  taxAtCheckout: 'plus sales tax',
};

/**
 * A tyre's fully fitted price as a card or its page shows it, in a chunk of its own
 * (useFittedPricing): the switch is kept in the browser, so the server's page and hydration
 * always show shelf prices, and this is needed only once a shopper turns it on.
 */
export const fittedPricing = {
  minor: fullyFittedMinor,
  /** What the price then holds, besides any VAT: the fitting, and where tax is added, that. */
  notes: (market: Market) => [
    fittedWords.fitted,
    ...(market.taxIncluded ? [] : [fittedWords.taxAtCheckout]),
  ],
};

export type FittedPricing = typeof fittedPricing;
