import type { MergeBagBody } from '@contract/bag';
import { bagCopy } from './bagCopy';
import { toast } from 'react-toastify';
import { bagChangesApi } from './bagChangesApi';
import { guestBagId, guestBagReplaced, reloadGuestBag, type GuestBagLine } from './guestBag';
import type { AppDispatch, RootState } from '../../store/store';

type MergedItems = MergeBagBody['items'];

/** 53 bits of a string's hash (cyrb53), in base 36: names content, not a secret. */
function contentHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * The merge's Idempotency-Key: the same in every tab that merges this bag with these lines (so
 * the API merges it once), another for a bag filled later, even with the same lines.
 */
const mergeKey = (bagId: string, items: MergedItems) =>
  `guest-bag-${bagId}-${contentHash(JSON.stringify(items))}`;

/** The lines less what was merged: what another tab added meanwhile stays. */
function without(lines: readonly GuestBagLine[], merged: MergedItems): GuestBagLine[] {
  return lines
    .map((line) => ({
      ...line,
      quantity:
        line.quantity - (merged.find((item) => item.productId === line.productId)?.quantity ?? 0),
    }))
    .filter((line) => line.quantity > 0);
}

/**
 * At sign-in: the bag filled as a guest joins the account's bag (quantities added, capped at
 * the stock by the API), once, and what was merged leaves this browser's; what the API capped
 * or skipped (`notices`) is told to the shopper. Every tab notices the sign-in: each sends the
 * same Idempotency-Key, so the API merges once and answers the others with that merge, and a
 * tab that starts after the bag was merged finds it empty. The bag stays until the merge
 * succeeded: a failed one leaves it for the next sign-in. Loaded only when there is a guest's
 * bag to merge.
 */
export const mergeGuestBag =
  () =>
  async (dispatch: AppDispatch, getState: () => RootState): Promise<void> => {
    dispatch(reloadGuestBag());
    const lines = getState().guestBag;
    if (lines.length === 0) return;
    const bagId = guestBagId();
    const items = lines.map(({ productId, quantity }) => ({ productId, quantity }));
    const merged = await dispatch(
      bagChangesApi.endpoints.mergeBag.initiate({
        items,
        idempotencyKey: mergeKey(bagId, items),
      }),
    );
    if (!merged.data) {
      toast.error(bagCopy.mergeFailed);
      return;
    }
    dispatch(reloadGuestBag());
    // A bag with another name is not this one: another tab merged and emptied it already.
    if (guestBagId() === bagId) dispatch(guestBagReplaced(without(getState().guestBag, items)));
    for (const notice of merged.data.notices) toast.info(notice);
  };
