import { useContext, useEffect, useLayoutEffect } from 'react';
import { PageHeadContext } from './pageHead';

const STORE_NAME = 'Tyre & Auto Parts Store';

export const titled = (title: string | null) => (title ? `${title} | ${STORE_NAME}` : STORE_NAME);

function describe(description: string) {
  document.querySelector('meta[name="description"]')?.setAttribute('content', description);
}

/**
 * Sets the tab title for the page being shown and, for public pages that search engines list,
 * the meta description (the HTML's default stays for pages that give none).
 */
export function usePageTitle(title: string | null, description?: string) {
  const tellServer = useContext(PageHeadContext);
  tellServer?.({ title: titled(title), description: description ?? null });
  useEffect(() => {
    document.title = titled(title);
    if (description) describe(description);
  }, [title, description]);
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
