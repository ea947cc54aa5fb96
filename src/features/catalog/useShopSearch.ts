import { useCallback, useMemo, useState, type MouseEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { NO_SEARCH, readShopSearch, shopSearchString, type ShopSearch } from './shopSearch';

export interface ApplyOptions {
  /** Replace the current history entry (a search being typed) instead of adding one. */
  replace?: boolean;
}

/** What a "Clear all" link needs: where it leads and what it does with the script. */
export interface ClearAllLink {
  to: string;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/**
 * The shop's search, read from the URL, and the ways to change it. Every change goes back to
 * page 1 and is a new history entry, so Back steps through the searches.
 */
export function useShopSearch() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const fromUrl = useMemo(() => readShopSearch(params), [params]);
  // The router applies a navigation a moment later: until the URL changes, the change asked
  // for is what shows (a ticked box stays ticked, and its results are already being fetched).
  const [pending, setPending] = useState<{ from: string; next: ShopSearch } | null>(null);
  const current = params.toString();
  // Once the URL moved on, the change is done: forgotten, so coming Back to the URL it was
  // made on shows that URL's search again.
  if (pending && pending.from !== current) setPending(null);
  const settling = pending?.from === current;
  const search = settling ? pending.next : fromUrl;

  const apply = useCallback(
    (next: ShopSearch, { replace = false }: ApplyOptions = {}) => {
      setPending({ from: current, next });
      void navigate(`${pathname}${shopSearchString(next)}`, { replace, preventScrollReset: true });
    },
    [navigate, pathname, current],
  );
  const update = useCallback(
    (change: Partial<ShopSearch>, options?: ApplyOptions) =>
      apply({ ...search, ...change }, options),
    [apply, search],
  );
  // The order, the listing (sizes or models) and the car stay: clearing the filters is not
  // asking for another order or car (the car has its own Clear).
  const { sort, by, vehicle, year, alternatives } = search;
  const cleared = useMemo(
    () => ({ ...NO_SEARCH, sort, by, vehicle, year, alternatives }),
    [sort, by, vehicle, year, alternatives],
  );
  /**
   * A link to another search, so it works before the script arrives (or without it); with the
   * script it applies like any other change.
   */
  const linkTo = useCallback(
    (next: ShopSearch): ClearAllLink => ({
      to: `${pathname}${shopSearchString(next)}`,
      onClick: (event) => {
        // A new tab or window asked for (a modifier, another button) is the browser's to open.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
          return;
        event.preventDefault();
        apply(next);
      },
    }),
    [apply, pathname],
  );
  const clearAll = useMemo(() => linkTo(cleared), [linkTo, cleared]);

  /** `settling`: a change is on its way to the URL (every change shows page 1). */
  return { search, settling, update, clearAll, linkTo };
}
