import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { REVIEW_PAGE } from '@contract/pageSizes';
import { api, useGetReviewsQuery, type PagedReviews } from '../../store/api';
import { isPastTheEnd, pageCountOf, parsePage, searchFor } from '../../ui/pageNumber';
import { usePageFocus } from '../../ui/usePageFocus';
import { reviewPageArgs } from './reviewsLoader';

/** The address of page `n` of the reviews: `?page=n`, nothing for the first. */
const searchOf = (page: number) => searchFor(new URLSearchParams(), page);

const usable = (page?: PagedReviews) => (page && !isPastTheEnd(page) ? page : undefined);

/**
 * `/review`'s page of the reviews, newest first, kept in the URL (`/review?page=3`) as the shop
 * keeps its pages: shareable, Back and Forward work, junk (`?page=abc`, other parameters) is
 * rewritten out of the URL and a page past the end goes to the last page. While another page
 * loads, the one before stays (`busy`); the next page is loaded ahead; after a page link was
 * followed, focus moves to `topRef` (the "Showing …" line).
 */
export function useReviewsPage() {
  const [searchParams] = useSearchParams();
  const { pathname, search: urlSearch } = useLocation();
  const navigate = useNavigate();
  const page = parsePage(searchParams.get('page'));
  const result = useGetReviewsQuery(reviewPageArgs(page));
  const { currentData, data, isFetching } = result;
  const prefetch = api.usePrefetch('getReviews', { ifOlderThan: 60 });

  const hrefFor = useCallback((n: number) => `${pathname}${searchOf(n)}`, [pathname]);

  const lastPage =
    currentData && isPastTheEnd(currentData)
      ? pageCountOf(currentData.total, REVIEW_PAGE.size)
      : null;
  useEffect(() => {
    const to =
      lastPage !== null ? searchOf(lastPage) : urlSearch !== searchOf(page) ? searchOf(page) : null;
    if (to !== null) void navigate(`${pathname}${to}`, { replace: true, preventScrollReset: true });
  }, [lastPage, page, urlSearch, pathname, navigate]);

  const shown = usable(currentData) ?? (isFetching ? usable(data) : undefined);
  const busy = shown !== undefined && shown !== currentData;
  const pageCount = shown ? pageCountOf(shown.total, REVIEW_PAGE.size) : 1;

  useEffect(() => {
    const here = usable(currentData);
    if (here && page < pageCountOf(here.total, REVIEW_PAGE.size))
      prefetch(reviewPageArgs(page + 1));
  }, [currentData, page, prefetch]);
  const loadAhead = useCallback((n: number) => prefetch(reviewPageArgs(n)), [prefetch]);

  const topRef = usePageFocus(page, usable(currentData) !== undefined);

  return { page, pageCount, hrefFor, loadAhead, topRef, busy, query: { ...result, data: shown } };
}
