import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { NO_SEARCH, readShopSearch, shopSearchString, type ShopSearch } from './shopSearch';

export interface ApplyOptions {
  /** Replace the current history entry (a search being typed) instead of adding one. */
  replace?: boolean;
}

/**
 * The shop's search, read from the URL, and the ways to change it. Every change goes back to
 * page 1 and is a new history entry, so Back steps through the searches.
 */
export function useShopSearch() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const search = useMemo(() => readShopSearch(params), [params]);

  const apply = useCallback(
    (next: ShopSearch, { replace = false }: ApplyOptions = {}) => {
      void navigate(`${pathname}${shopSearchString(next)}`, { replace, preventScrollReset: true });
    },
    [navigate, pathname],
  );
  const update = useCallback(
    (change: Partial<ShopSearch>, options?: ApplyOptions) =>
      apply({ ...search, ...change }, options),
    [apply, search],
  );
  // The order stays: clearing the filters is not asking for another order.
  const clear = useCallback(() => apply({ ...NO_SEARCH, sort: search.sort }), [apply, search.sort]);

  return { search, update, clear };
}
