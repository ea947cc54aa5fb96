/**
 * The words of the shopper's market and prices (the header's controls, a card's price note); a
 * fully fitted price's notes are its own chunk's (fittedPricing.ts).
 */
export const marketWords = {
  market: 'Prices for',
  fullyFitted: 'Fully fitted prices',
  vatIncluded: (rate: string) => `incl. ${rate} VAT`,
};
