import { createContext, useContext } from 'react';

/** What a page says of itself for the HTML's head, collected while the server renders it. */
export interface PageHead {
  title: string;
  description: string | null;
  /** The picture the page shows largest at the top, fetched before anything else. */
  preloadImage: string | null;
}

/**
 * Given only by the server renderer: pages tell it their part of the head while they render
 * (effects do not run there), and the server puts it in the HTML.
 */
export const PageHeadContext = createContext<((part: Partial<PageHead>) => void) | null>(null);

/**
 * The page's largest picture above the fold (a CSS background the browser would find only once
 * it applied the styles): the server-rendered HTML asks for it first, for an early LCP.
 */
export function usePreloadImage(href: string): void {
  useContext(PageHeadContext)?.({ preloadImage: href });
}
