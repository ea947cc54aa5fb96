import { createSlice, type Dispatch, type PayloadAction } from '@reduxjs/toolkit';
import { BAG_LINE_QUANTITY, BAG_LINES_MAX } from '@contract/quantities';
import { newKey } from '../../store/newKey';

/**
 * A guest's bag, kept in this browser (localStorage) until they sign in: then it is merged into
 * their account's bag on the server and emptied (mergeGuestBag.ts). What is read back is
 * checked, since anything may have written there: a bad line is dropped, not sent. Every tab
 * of the store shares it: each change is made to the bag as stored at that moment, and a tab
 * reads it again when another one changes it (guestBagStorage.ts).
 */
export interface GuestBagLine {
  productId: string;
  quantity: number;
  /** The unit price when it was added (dollars): the bag page says if it changed since. */
  price: number;
}

export const GUEST_BAG_KEY = 'guestBag';
/** Names one bag from its first line until it is emptied: its merge's Idempotency-Key says it. */
const ID_KEY = 'guestBagId';
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

function wellFormed(stored: unknown): GuestBagLine[] {
  if (!Array.isArray(stored)) return [];
  const seen = new Set<string>();
  return stored
    .filter((line) => isLine(line) && !seen.has(line.productId) && seen.add(line.productId))
    .slice(0, BAG_LINES_MAX)
    .map(({ productId, quantity, price }: GuestBagLine) => ({ productId, quantity, price }));
}

/**
 * The lines stored in this browser that are well formed, one per product, at most the limit;
 * null when there is no storage to read (the server renderer, a locked-down browser), so that
 * a page without it keeps the bag it holds rather than take it for empty.
 */
export function storedGuestBag(): GuestBagLine[] | null {
  let text: string | null;
  try {
    text = localStorage.getItem(GUEST_BAG_KEY);
  } catch {
    return null;
  }
  try {
    return wellFormed(JSON.parse(text ?? '[]'));
  } catch {
    return []; // not JSON
  }
}

export function readGuestBag(): GuestBagLine[] {
  return storedGuestBag() ?? [];
}

/** The bag's name while storage cannot keep one: for this page only. */
let pageBagId: string | null = null;

export function writeGuestBag(lines: GuestBagLine[]): void {
  try {
    if (lines.length > 0) {
      localStorage.setItem(GUEST_BAG_KEY, JSON.stringify(lines));
      if (localStorage.getItem(ID_KEY) === null) localStorage.setItem(ID_KEY, newKey());
    } else {
      localStorage.removeItem(GUEST_BAG_KEY);
      localStorage.removeItem(ID_KEY);
    }
  } catch {
    // storage full or disabled: the bag lasts as long as the page
    if (lines.length === 0) pageBagId = null;
  }
}

/**
 * The name of the bag stored now. A bag stored before bags had names has none: its content
 * alone then tells its merge apart.
 */
export function guestBagId(): string {
  try {
    return localStorage.getItem(ID_KEY) ?? 'unnamed';
  } catch {
    return (pageBagId ??= newKey());
  }
}

const sameLines = (a: readonly GuestBagLine[], b: readonly GuestBagLine[]) =>
  JSON.stringify(a) === JSON.stringify(b);

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
    /** Merged into the account's bag (what is left of it); written back like any change. */
    guestBagReplaced: (_state, { payload }: PayloadAction<GuestBagLine[]>) => payload,
    /**
     * Read again from storage (another tab changed it): not written back. The same lines keep
     * the same state, so nothing renders again for nothing.
     */
    guestBagLoaded: (state, { payload }: PayloadAction<GuestBagLine[]>) =>
      sameLines(state, payload) ? state : payload,
  },
  selectors: { selectGuestBag: (state) => state },
});

export const { guestLineSet, guestBagReplaced, guestBagLoaded } = guestBagSlice.actions;
export const { selectGuestBag } = guestBagSlice.selectors;

/** Reads the bag from storage again, before using it: another tab may have changed it since. */
export const reloadGuestBag = () => (dispatch: Dispatch) => {
  const stored = storedGuestBag();
  if (stored) dispatch(guestBagLoaded(stored));
};
