import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { api, useGetProductPageQuery, type PagedProducts } from '../../store/api';
import { modelListApi, useGetModelPageQuery, type PagedModels } from './modelListApi';
import { isPastTheEnd, pageCountOf, parsePage, searchFor } from './shopPaging';
import { usePageFocus } from '../../ui/usePageFocus';
import { pageArgs, shopSearchString, type ShopSearch } from './shopSearch';
import { useListingMarket } from '../../shared/markets/listingMarket';

/** A page of the shop: of sizes (the spec's products), or of models (`?by=model`). */
export type ShopListPage = PagedProducts | PagedModels;

const usable = <T extends ShopListPage>(page?: T) =>
  page && !isPastTheEnd(page) ? page : undefined;

/**
 * The shop's page of the search's products, kept in the URL (`/shop?q=winter&page=3`):
 * shareable, and Back and Forward work. Junk (`?page=abc`, `?width=abc`) is rewritten out of
 * the URL, and pages past the end to the last page. While another page loads, the one before
 * stays (`busy`); the next page is loaded ahead.
 * After a page link was followed, the view moves to the top of the list and focus to
 * `topRef` (the "Showing …" line), so keyboard and screen-reader users start at the new cards.
 */
export function useShopPage(search: ShopSearch, settling = false) {
  const [searchParams] = useSearchParams();
  const { pathname, search: urlSearch } = useLocation();
  const navigate = useNavigate();
  // A change of the search shows its first page, before the URL says so too.
  const page = settling ? 1 : parsePage(searchParams.get('page'));
  const market = useListingMarket();
  const argsFor = useCallback((n: number) => pageArgs(search, n, market), [search, market]);
  // One of the two lists is asked for; the other hook stays idle.
  const byModel = search.by === 'model';
  const sizes = useGetProductPageQuery(argsFor(page), { skip: byModel });
  const models = useGetModelPageQuery(argsFor(page), { skip: !byModel });
  const result = byModel ? models : sizes;
  const { currentData, data, isFetching } = result;
  const prefetchSizes = api.usePrefetch('getProductPage', { ifOlderThan: 60 });
  const prefetchModels = modelListApi.usePrefetch('getModelPage', { ifOlderThan: 60 });
  const prefetch = byModel ? prefetchModels : prefetchSizes;

  const hrefFor = useCallback(
    (n: number) => `${pathname}${searchFor(searchParams, n)}`,
    [pathname, searchParams],
  );

  // The URL says what is shown: `?page=abc` becomes the shop, `?page=999` its last page.
  const canonical = shopSearchString(search, page);
  const lastPage = currentData && isPastTheEnd(currentData) ? pageCountOf(currentData.total) : null;
  useEffect(() => {
    // The URL is about to change: tidying it now would race that navigation.
    if (settling) return;
    const to =
      lastPage !== null
        ? shopSearchString(search, lastPage)
        : urlSearch !== canonical
          ? canonical
          : null;
    if (to !== null) void navigate(`${pathname}${to}`, { replace: true, preventScrollReset: true });
  }, [settling, lastPage, canonical, urlSearch, search, pathname, navigate]);

  const shown: ShopListPage | undefined =
    usable<ShopListPage>(currentData) ?? (isFetching ? usable<ShopListPage>(data) : undefined);
  const busy = shown !== undefined && shown !== currentData;
  const pageCount = shown ? pageCountOf(shown.total) : 1;

  // Load the next page ahead once this one is here.
  useEffect(() => {
    const here = usable(currentData);
    if (here && page < pageCountOf(here.total)) prefetch(argsFor(page + 1));
  }, [currentData, page, prefetch, argsFor]);
  const loadAhead = useCallback((n: number) => prefetch(argsFor(n)), [prefetch, argsFor]);

  const topRef = usePageFocus(page, usable(currentData) !== undefined);

  return {
    page,
    pageCount,
    hrefFor,
    loadAhead,
    topRef,
    busy,
    query: { ...result, data: shown },
  };
}
