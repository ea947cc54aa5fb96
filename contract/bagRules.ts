import { copy } from './copy';
import { BAG_LINES_MAX } from './quantities';

/**
 * The sentences about a bag's lines, as plain values: the API and the SPA's bag page read the
 * same ones, and the SPA bundles these without TypeBox. The bag's limits are in quantities.ts,
 * which every page loads anyway (the guest bag checks them).
 */

export const BAG_FULL = `A bag holds at most ${BAG_LINES_MAX} different products: check out or remove one first.`;

const dollars = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** Why a line cannot be checked out as it is, or that its price moved; null when all is well. */
export function bagLineProblem(line: {
  status: 'active' | 'retired';
  quantity: number;
  orderable: number;
  priceCents: number;
  priceCentsAdded: number;
}): string | null {
  if (line.status === 'retired') return copy.bag.retired;
  if (line.orderable <= 0) return copy.bag.soldOut;
  if (line.quantity > line.orderable) return onlyLeft(line.orderable);
  if (line.priceCents !== line.priceCentsAdded) {
    return `The price changed from ${dollars(line.priceCentsAdded)} to ${dollars(line.priceCents)} since you added it.`;
  }
  return null;
}

/** Too little stock for the quantity asked. */
export const onlyLeft = (orderable: number) =>
  `Only ${orderable} left: lower the quantity to ${orderable} or remove it.`;

/** Said after a merge that could not add all the guest asked for. */
export const mergedLess = (name: string, asked: number, kept: number) =>
  kept === 0
    ? `${name} is out of stock, so it was not added to your bag.`
    : `Only ${kept} of ${name} ${kept === 1 ? 'is' : 'are'} in stock, so your bag has ${kept} (you asked for ${asked}).`;

/** Said after a merge that could add nothing to a line the account's bag already had. */
export const mergedNoMore = (name: string) =>
  `${name} was already in your bag, and no more are in stock to add.`;

/** Said after a merge for a product the store no longer sells. */
export const mergedRetired = (name: string) => `${name} is no longer sold, so it was not added.`;
