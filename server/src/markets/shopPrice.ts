import type { Conversion } from '../../../contract/markets';

/**
 * A dollar price (cents) in a market without a price of its own: converted at the admin's rate,
 * then moved to the nearest shop price ending in `ending` minor units (89.50 USD at 0.92 is 82.34,
 * shown as 81.99). A tie goes up; a price never goes below zero.
 */
export function convertedPrice(dollarCents: number, conversion: Conversion): number {
  const raw = Math.round(dollarCents * conversion.perDollar);
  if (conversion.ending === null) return raw;
  const below = Math.floor(raw / 100) * 100 + conversion.ending;
  const candidates = [below - 100, below, below + 100].filter((price) => price >= 0);
  let best = candidates[0] ?? conversion.ending;
  for (const price of candidates) {
    const distance = Math.abs(price - raw);
    const bestDistance = Math.abs(best - raw);
    if (distance < bestDistance || (distance === bestDistance && price > best)) best = price;
  }
  return best;
}
