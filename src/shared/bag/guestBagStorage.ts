import type { Middleware } from '@reduxjs/toolkit';
import {
  GUEST_BAG_KEY,
  guestBagLoaded,
  guestLineSet,
  reloadGuestBag,
  storedGuestBag,
  writeGuestBag,
  type GuestBagLine,
} from './guestBag';

/**
 * Keeps the guest's bag in the store and in localStorage one, with other tabs writing there
 * too. A line is set on the bag as stored now, not as this tab last read it: the `storage`
 * event of another tab's change comes a task later, and writing this tab's older bag back
 * would undo that change. Every change is written back; a bag read from storage is not.
 */
export const guestBagStorage: Middleware<object, { guestBag: GuestBagLine[] }> =
  (store) => (next) => (action) => {
    if (guestLineSet.match(action)) {
      const stored = storedGuestBag();
      if (stored) next(guestBagLoaded(stored));
    }
    const before = store.getState().guestBag;
    const result = next(action);
    const after = store.getState().guestBag;
    if (after !== before && !guestBagLoaded.match(action)) writeGuestBag(after);
    return result;
  };

/**
 * Another tab changed the bag (or cleared all of storage: key null): this tab reads it again,
 * so its count, its bag page and its next change start from that. No-op without a window (the
 * server renderer).
 */
export function followOtherTabs(dispatch: (action: ReturnType<typeof reloadGuestBag>) => void) {
  if (typeof window === 'undefined') return;
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === GUEST_BAG_KEY) dispatch(reloadGuestBag());
  });
}
