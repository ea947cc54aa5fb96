import { bagCopy } from '@contract/bagCopy';
import { toast } from 'react-toastify';
import { bagChangesApi } from './bagChangesApi';
import { guestBagReplaced } from './guestBag';
import type { AppDispatch, RootState } from './store';

/**
 * At sign-in: the bag filled as a guest joins the account's bag (quantities added, capped at
 * the stock by the API), once, and this browser's is emptied; what the API capped or skipped
 * (`notices`) is told to the shopper. It is emptied before the call, so a second sign-in event
 * cannot add it twice; when the call fails it comes back, for the next sign-in. Loaded only
 * when there is a guest's bag to merge.
 */
export const mergeGuestBag =
  () =>
  async (dispatch: AppDispatch, getState: () => RootState): Promise<void> => {
    const lines = getState().guestBag;
    if (lines.length === 0) return;
    dispatch(guestBagReplaced([]));
    const merged = await dispatch(
      bagChangesApi.endpoints.mergeBag.initiate(
        lines.map(({ productId, quantity }) => ({ productId, quantity })),
      ),
    );
    if (!merged.data) {
      dispatch(guestBagReplaced(lines));
      toast.error(bagCopy.mergeFailed);
      return;
    }
    for (const notice of merged.data.notices) toast.info(notice);
  };
