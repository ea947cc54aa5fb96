import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { BAG_LINE_QUANTITY, BAG_LINES_MAX } from '@contract/limits';

/**
 * A guest's bag, kept in this browser (localStorage) until they sign in: then it is merged into
 * their account's bag on the server and emptied (mergeGuestBag.ts). What is read back is
 * checked, since anything may have written there: a bad line is dropped, not sent.
 */
export interface GuestBagLine {
  productId: string;
  quantity: number;
  /** The unit price when it was added (dollars): the bag page says if it changed since. */
  price: number;
}

const KEY = 'guestBag';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isLine(value: unknown): value is GuestBagLine {
  const { productId, quantity, price } = (value ?? {}) as Record<string, unknown>;
  return (
    UUID.test(String(productId)) &&
    Number.isInteger(quantity) &&
    (quantity as number) >= BAG_LINE_QUANTITY.min &&
    (quantity as number) <= BAG_LINE_QUANTITY.max &&
    typeof price === 'number' &&
    price >= 0
  );
}

/** The lines stored in this browser that are well formed, one per product, at most the limit. */
export function readGuestBag(): GuestBagLine[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    if (!Array.isArray(stored)) return [];
    const seen = new Set<string>();
    return stored
      .filter((line) => isLine(line) && !seen.has(line.productId) && seen.add(line.productId))
      .slice(0, BAG_LINES_MAX)
      .map(({ productId, quantity, price }: GuestBagLine) => ({ productId, quantity, price }));
  } catch {
    return []; // no storage (the server renderer, a locked-down browser) or not JSON
  }
}

export function writeGuestBag(lines: GuestBagLine[]): void {
  try {
    if (lines.length > 0) localStorage.setItem(KEY, JSON.stringify(lines));
    else localStorage.removeItem(KEY);
  } catch {
    // storage full or disabled: the bag lasts as long as the page
  }
}

export const guestBagSlice = createSlice({
  name: 'guestBag',
  initialState: readGuestBag,
  reducers: {
    /** Sets a line (a new one goes last); quantity 0 removes it. */
    guestLineSet(state, { payload }: PayloadAction<GuestBagLine>) {
      const at = state.findIndex((line) => line.productId === payload.productId);
      if (payload.quantity <= 0) {
        if (at >= 0) state.splice(at, 1);
      } else if (at >= 0) state[at] = payload;
      else state.push(payload);
    },
    /** Merged into the account's bag, or changed in another tab (`storage` event). */
    guestBagReplaced: (_state, { payload }: PayloadAction<GuestBagLine[]>) => payload,
  },
  selectors: { selectGuestBag: (state) => state },
});

export const { guestLineSet, guestBagReplaced } = guestBagSlice.actions;
export const { selectGuestBag } = guestBagSlice.selectors;
