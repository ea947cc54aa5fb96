import type { Bag } from '@contract/bag';
import { bagCopy } from './bagCopy';
import { BAG_FULL } from '@contract/bagRules';
import { BAG_LINE_QUANTITY, BAG_LINES_MAX } from '@contract/quantities';
import type { Product } from '@contract/products';
import { unitsOrderable } from '@contract/stockRule';
import { apiErrorMessage } from '../../store/apiError';
import { bagApi } from './bagApi';
import { bagChangesApi } from './bagChangesApi';
import { guestLineSet, reloadGuestBag } from './guestBag';
import type { AppDispatch, RootState } from '../../store/store';

/** What to say after "Add to bag": what was added, or why nothing was (`refused`). */
export interface AddToBagResult {
  said: string;
  refused: boolean;
}

/** An add's result, and the account's bag as its PUT answered it (null: none was sent). */
interface Added {
  result: AddToBagResult;
  answered: Bag | null;
}

const refuse = (said: string): Added => ({ result: { said, refused: true }, answered: null });

/**
 * The adds of this page run one at a time (a page has one store). The API sets a line to a
 * quantity, worked out here from what the bag has: two adds at once would both read the same
 * bag and set the same quantity, and one of them would be lost. An add queued behind another
 * starts from what the other's PUT answered, the bag as it is now, since the cache may not
 * have read the bag again yet.
 */
let lastAdd: Promise<Bag | null> = Promise.resolve(null);
let addsRunning = 0;

/**
 * Adds `units` of a product to the bag: the account's on the server when signed in, else this
 * browser's. Refuses before any request what the API would refuse: not a whole number, more
 * than the stock rule lets orders take (with what the bag already has), a new line in a full
 * bag. Loaded with the first tap on "Add to bag", not with every page.
 */
export const addToBag =
  (product: Product, units: number) =>
  async (dispatch: AppDispatch, getState: () => RootState): Promise<AddToBagResult> => {
    if (!Number.isInteger(units) || units < 1) return refuse(bagCopy.wholeNumber).result;
    const behind = addsRunning > 0 ? lastAdd : null;
    addsRunning += 1;
    const added = (async () => add(dispatch, getState, product, units, await behind))();
    lastAdd = added.then(
      ({ answered }) => answered,
      () => null,
    );
    try {
      return (await added).result;
    } finally {
      addsRunning -= 1;
    }
  };

async function add(
  dispatch: AppDispatch,
  getState: () => RootState,
  product: Product,
  units: number,
  answered: Bag | null,
): Promise<Added> {
  const signedIn = getState().auth.status === 'loggedIn';
  // Another tab may have changed the guest's bag since this one last read it.
  if (!signedIn) dispatch(reloadGuestBag());
  let lines: ReadonlyArray<{ productId: string; quantity: number }> = getState().guestBag;
  if (signedIn) {
    let bag = answered;
    if (!bag) {
      const read = dispatch(bagApi.endpoints.getBag.initiate());
      const result = await read;
      read.unsubscribe();
      if (!result.data) return refuse(apiErrorMessage(result.error));
      bag = result.data;
    }
    lines = bag.items;
  }
  const inBag = lines.find((line) => line.productId === product._id)?.quantity ?? 0;
  const orderable = Math.min(unitsOrderable(product), BAG_LINE_QUANTITY.max);
  if (inBag + units > orderable) return refuse(bagCopy.tooMany(orderable, inBag));
  if (inBag === 0 && lines.length >= BAG_LINES_MAX) return refuse(BAG_FULL);

  const quantity = inBag + units;
  const result = { said: bagCopy.added(units, quantity), refused: false };
  if (!signedIn) {
    dispatch(guestLineSet({ productId: product._id, quantity, price: product.price }));
    return { result, answered: null };
  }
  const set = await dispatch(
    bagChangesApi.endpoints.setBagItem.initiate({ productId: product._id, quantity }),
  );
  if (set.error) return refuse(apiErrorMessage(set.error));
  return { result, answered: set.data };
}
