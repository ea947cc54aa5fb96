import { useEffect, useLayoutEffect } from 'react';

const STORE_NAME = 'Tyre & Auto Parts Store';

const titled = (title: string | null) => (title ? `${title} | ${STORE_NAME}` : STORE_NAME);

/** Sets the tab title for the page being shown. */
export function usePageTitle(title: string | null) {
  useEffect(() => {
    document.title = titled(title);
  }, [title]);
}

/**
 * The title of a layout around pages (the dashboard), which its pages may replace with their
 * own. Effects run child first, so a layout's plain effect would overwrite the page's title on
 * the first visit; a layout effect runs before every page's usePageTitle effect.
 */
export function useSectionTitle(title: string) {
  useLayoutEffect(() => {
    document.title = titled(title);
  }, [title]);
}
