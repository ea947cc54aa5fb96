import type { MarketFees } from './markets';

/**
 * A tyre's fully fitted price in a market: its shelf price plus, per tyre, what the checkout
 * adds for a fitting at the shop (server/src/markets/pricedLines.ts): fitting and balancing by
 * rim size (the first band that takes the rim), valves or TPMS service and old-tyre disposal.
 * State tyre fees and added sales tax depend on the address, so they are left to the checkout.
 */
export function fullyFittedMinor(shelfMinor: number, rim: number | null, fees: MarketFees): number {
  const band = fees.fittingPerTyre.find(
    (step) => step.upToRim === null || (rim !== null && rim <= step.upToRim),
  );
  return shelfMinor + (band?.minor ?? 0) + fees.valvesPerTyre + fees.disposalPerTyre;
}
