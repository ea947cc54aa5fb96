import { createContext, type ReactNode } from 'react';

/**
 * The landing page's car picker for a visitor without the script, rendered in its `noscript`:
 * given by the server renderer alone (src/ssr/renderPage.tsx), so the browser's first JavaScript
 * stays without it. The browser loads the picker after hydration, its own chunk.
 */
export const NoScriptCar = createContext<ReactNode>(null);
