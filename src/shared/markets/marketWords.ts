/** The words of the shopper's market and prices (the header's controls, a card's price note). */
export const marketWords = {
  market: 'Prices for',
  fullyFitted: 'Fully fitted prices',
  fitted: 'fitted, with valves and disposal',
  vatIncluded: (rate: string) => `incl. ${rate} VAT`,
  taxAtCheckout: 'plus sales tax',
};
