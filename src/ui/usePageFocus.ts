import { useEffect, useRef } from 'react';
import { useNavigationType } from 'react-router-dom';

/**
 * For a list split into pages whose links keep the scroll (Pagination): after a page link was
 * followed, the view moves to the top of the list at once and focus to the element `topRef` is
 * put on (a "Showing …" line with tabIndex -1) once the new page `arrived`, so keyboard and
 * screen-reader users start at the new items. Back and Forward leave the scroll to the
 * browser's restoration.
 */
export function usePageFocus<E extends HTMLElement = HTMLParagraphElement>(
  page: number,
  arrived: boolean,
) {
  const navigationType = useNavigationType();
  const topRef = useRef<E>(null);
  const shownPage = useRef(page);
  const focusPending = useRef(false);
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    if (navigationType !== 'PUSH') return;
    focusPending.current = true;
    // Only when it is out of sight (above the view, or under the sticky navbar).
    const top = topRef.current;
    const margin = top ? parseFloat(getComputedStyle(top).scrollMarginTop) || 0 : 0;
    if (top && top.getBoundingClientRect().top < margin) top.scrollIntoView({ block: 'start' });
  }, [page, navigationType]);
  useEffect(() => {
    if (!arrived || !focusPending.current) return;
    focusPending.current = false;
    topRef.current?.focus({ preventScroll: true });
  }, [arrived, page]);
  return topRef;
}
