/**
 * Whole minor units shared out: `total` over `weights` in proportion, each share its floor and
 * the cents left over to the largest remainders (the earlier line on a tie), so the shares add up
 * to `total` exactly. With `total` at most the weights' sum, no share is above its weight.
 */
export function shareByLargestRemainder(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((all, weight) => all + weight, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const floors = weights.map((weight) => Math.floor((total * weight) / sum));
  let left = total - floors.reduce((all, share) => all + share, 0);
  const order = weights
    .map((weight, at) => ({ at, remainder: (total * weight) % sum }))
    .sort((a, b) => b.remainder - a.remainder || a.at - b.at);
  for (const { at } of order) {
    if (left <= 0) break;
    floors[at]! += 1;
    left -= 1;
  }
  return floors;
}

/** numerator / denominator rounded half up (both not negative). */
export const roundHalfUp = (numerator: number, denominator: number) =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));
