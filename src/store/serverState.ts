import { SERVER_STATE_ID } from '@contract/renderedPages';
import type { RootState } from './store';

/** What a server-rendered page hands over: the API slice's answers (RTK Query's cache). */
export type ServerState = Pick<RootState, 'api'>;

/**
 * The handed-over state of a server-rendered page, or null for the bare app (signed-in pages,
 * `npm run dev`). It is JSON in a `<script type="application/json">`: data, never run.
 */
export function readServerState(): ServerState | null {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return null;
  return JSON.parse(element.textContent) as ServerState;
}
