import type { SendApiRequest } from '@contract/renderedPages';
import type { IdentityClient } from './identity';

/**
 * What the store gives its thunks and its API slice (the thunk extra argument), so that none of
 * them imports Firebase or decides by itself how the API is reached.
 */
export interface ThunkExtra {
  identity: IdentityClient;
  /** The way to the API: `fetch` in the browser, the API process for the server renderer. */
  send: SendApiRequest;
}
