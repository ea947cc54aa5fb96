import { createContext, useContext, useSyncExternalStore } from 'react';
import { readServerState } from '../store/serverState';

/** The year in which a page is rendered; the server renderer provides its own (renderPage). */
export const RenderYearContext = createContext<number | null>(null);

/** The UTC year now: the year a server render is made in, and the key its cache keeps it by. */
export const utcYearNow = () => new Date().getUTCFullYear();

const never = () => () => {};
const yearHere = () => new Date().getFullYear();
let handedOver: number | null | undefined;

/** The year the server rendered the page in, as it handed it over (null: no server render). */
function serverYear(): number | null {
  if (handedOver === undefined) handedOver = readServerState()?.year ?? null;
  return handedOver;
}

/**
 * This year, as the page shows it (the footer's copyright): hydration shows the year the
 * server's HTML was rendered in, so the two match even if the page was cached across New Year
 * or the visitor's clock is elsewhere; the render after it shows the browser's year.
 */
export function useRenderYear(): number {
  const rendering = useContext(RenderYearContext);
  return useSyncExternalStore(never, yearHere, () => rendering ?? serverYear() ?? yearHere());
}
