import { bagCopy } from '@contract/bagCopy';
import { BAG_FULL } from '@contract/bagRules';
import { BAG_LINE_QUANTITY, BAG_LINES_MAX } from '@contract/limits';
import type { Product } from '@contract/products';
import { unitsOrderable } from '@contract/stockRule';
import { apiErrorMessage } from './apiError';
import { bagApi } from './bagApi';
import { bagChangesApi } from './bagChangesApi';
import { guestLineSet, reloadGuestBag } from './guestBag';
import type { AppDispatch, RootState } from './store';

/** What to say after "Add to bag": what was added, or why nothing was (`refused`). */
export interface AddToBagResult {
  said: string;
  refused: boolean;
}

const refuse = (said: string): AddToBagResult => ({ said, refused: true });

/**
 * Adds `units` of a product to the bag: the account's on the server when signed in, else this
 * browser's. Refuses before any request what the API would refuse: not a whole number, more
 * than the stock rule lets orders take (with what the bag already has), a new line in a full
 * bag. Loaded with the first tap on "Add to bag", not with every page.
 */
export const addToBag =
  (product: Product, units: number) =>
  async (dispatch: AppDispatch, getState: () => RootState): Promise<AddToBagResult> => {
    if (!Number.isInteger(units) || units < 1) return refuse(bagCopy.wholeNumber);
    const signedIn = getState().auth.status === 'loggedIn';
    // Another tab may have changed the guest's bag since this one last read it.
    if (!signedIn) dispatch(reloadGuestBag());
    let lines: ReadonlyArray<{ productId: string; quantity: number }> = getState().guestBag;
    if (signedIn) {
      const read = dispatch(bagApi.endpoints.getBag.initiate());
      const bag = await read;
      read.unsubscribe();
      if (!bag.data) return refuse(apiErrorMessage(bag.error));
      lines = bag.data.items;
    }
    const inBag = lines.find((line) => line.productId === product._id)?.quantity ?? 0;
    const orderable = Math.min(unitsOrderable(product), BAG_LINE_QUANTITY.max);
    if (inBag + units > orderable) return refuse(bagCopy.tooMany(orderable, inBag));
    if (inBag === 0 && lines.length >= BAG_LINES_MAX) return refuse(BAG_FULL);

    const quantity = inBag + units;
    if (signedIn) {
      const set = await dispatch(
        bagChangesApi.endpoints.setBagItem.initiate({ productId: product._id, quantity }),
      );
      if (set.error) return refuse(apiErrorMessage(set.error));
    } else {
      dispatch(guestLineSet({ productId: product._id, quantity, price: product.price }));
    }
    return { said: bagCopy.added(units, quantity), refused: false };
  };
