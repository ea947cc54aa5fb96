import type { HydrationState } from 'react-router-dom';
import { SERVER_STATE_ID } from '@contract/renderedPages';
import type { RootState } from './store';

/**
 * What a server-rendered page hands over: the API slice's answers (RTK Query's cache), and what
 * its route loaders answered (nothing: their data is in that cache), so that the browser's
 * router starts where the server's ended and runs no loader to hydrate.
 */
export type ServerState = Pick<RootState, 'api'> & {
  router: Pick<HydrationState, 'loaderData'>;
  /** The (UTC) year the page was rendered in: what the footer shows while hydrating. */
  year: number;
};

/**
 * The handed-over state of a server-rendered page, or null for the bare app (signed-in pages,
 * renders busy). It is JSON in a `<script type="application/json">`: data, never run.
 */
export function readServerState(): ServerState | null {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return null;
  return JSON.parse(element.textContent) as ServerState;
}
