/**
 * Tax in whole minor units, rounded half up, the way each market rounds it:
 * - tax included (VAT): per line, the tax inside the line's amount, amount × r / (100 + r);
 * - tax added (US sales tax): per rate, over the lines at that rate together, then shared back
 *   over the lines by largest remainder, so the lines' taxes add up to the rounded total.
 * Rates are percentages with at most three decimals; the sums are kept in integers.
 */

const SCALE = 100_000; // 100 % in thousandths of a percent

const rateUnits = (rate: number) => Math.round(rate * 1000);

/** numerator / denominator rounded half up, both positive integers. */
function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The VAT inside an amount that includes it. */
export function taxIncludedIn(amountMinor: number, rate: number): number {
  const units = rateUnits(rate);
  return units === 0 ? 0 : roundHalfUp(amountMinor * units, SCALE + units);
}

/** The tax added to each amount, rounded once per rate and shared back over the lines. */
export function taxAddedTo(lines: ReadonlyArray<{ amountMinor: number; rate: number }>): number[] {
  const taxes = lines.map(() => 0);
  const byRate = new Map<number, number[]>();
  lines.forEach((line, index) => {
    const units = rateUnits(line.rate);
    byRate.set(units, [...(byRate.get(units) ?? []), index]);
  });
  for (const [units, indexes] of byRate) {
    if (units === 0) continue;
    const total = indexes.reduce((sum, index) => sum + lines[index]!.amountMinor, 0);
    const rounded = roundHalfUp(total * units, SCALE);
    const exact = indexes.map((index) => (lines[index]!.amountMinor * units) / SCALE);
    const floors = exact.map(Math.floor);
    let left = rounded - floors.reduce((sum, value) => sum + value, 0);
    const order = exact
      .map((value, at) => ({ at, remainder: value - Math.floor(value) }))
      .sort((a, b) => b.remainder - a.remainder || a.at - b.at);
    for (const { at } of order) {
      if (left <= 0) break;
      floors[at]! += 1;
      left -= 1;
    }
    indexes.forEach((index, at) => (taxes[index] = floors[at]!));
  }
  return taxes;
}
