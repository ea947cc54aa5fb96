/**
 * The session with the API: the app token traded for a Firebase ID token at sign-in, carried
 * by every call, and traded again once when a call finds it expired. (Ending it, which also
 * empties the API slice's cache, is logOut.ts: the slice is built on this module.) The calls go
 * the way the store was given (ThunkExtra's `send`).
 */
import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import type { SendApiRequest } from '@contract/renderedPages';
import type { TokenResponse } from '@contract/users';
import { readAccessToken, writeAccessToken } from './accessToken';
import { MAX_RETRIES, retryDelayMs } from './retryPolicy';
import type { ThunkExtra } from './thunkExtra';

/**
 * The API's address, built once. Absolute, because Node's fetch (under Jest, and the server
 * renderer's requests) does not resolve paths against the page.
 */
export const API_URL = `${globalThis.location?.origin ?? 'http://localhost'}/api`;

/** The browser's way to the API (the server renderer gives its stores another: makeStore). */
export const fetchApi: SendApiRequest = (request) => fetch(request);

/**
 * Why a token exchange failed; `transient` when asking again later may work (no answer, busy,
 * too many sign-ins from one address), as opposed to a refusal of this account.
 */
export class TokenExchangeError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
  ) {
    super(message);
    this.name = 'TokenExchangeError';
  }
}

async function exchangeOnce(email: string, idToken: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${API_URL}/users/${encodeURIComponent(email)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
      body: JSON.stringify({ email }),
    });
  } catch {
    throw new TokenExchangeError(
      'The store could not be reached to sign you in. Please check your connection.',
      true,
    );
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new TokenExchangeError(
      body?.message ?? `The store could not sign you in (${response.status}).`,
      response.status === 429 || response.status >= 500,
    );
  }
  const { token } = (await response.json()) as TokenResponse;
  writeAccessToken(token);
  return token;
}

/**
 * Trades a Firebase ID token for the app's access token and stores it (spec: `accessToken`).
 * The trade only issues a token, so a failure that may pass is asked again with the queries'
 * waits: a busy moment at page load must not end a session.
 */
export async function exchangeIdToken(email: string, idToken: string): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await exchangeOnce(email, idToken);
    } catch (err) {
      if (!(err instanceof TokenExchangeError) || !err.transient || attempt > MAX_RETRIES) {
        throw err;
      }
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
    }
  }
}

/** One re-exchange at a time, however many calls got a 401 together. */
let reauthentication: Promise<boolean> | null = null;

async function exchangeFreshIdToken(extra: ThunkExtra | undefined): Promise<boolean> {
  try {
    const identity = await extra?.identity.freshIdentity();
    if (!identity) return false;
    await exchangeIdToken(identity.email, identity.idToken);
    return true;
  } catch {
    return false;
  }
}

function reauthenticate(extra: ThunkExtra | undefined): Promise<boolean> {
  reauthentication ??= exchangeFreshIdToken(extra).finally(() => {
    reauthentication = null;
  });
  return reauthentication;
}

/**
 * A thunk for calls made outside the API slice (a file download, an upload by XHR) that got a
 * 401: trades a fresh Firebase ID token for a new app token, as the slice's calls do. Resolves
 * whether it did (false when signed out). App tokens live a minute, so a page left open needs it.
 */
export const renewSession =
  () =>
  (_dispatch: unknown, _getState: unknown, extra: ThunkExtra): Promise<boolean> =>
    reauthenticate(extra);

type RawBaseQuery = ReturnType<typeof fetchBaseQuery>;

/** fetchBaseQuery over each way to the API, made once: the browser's, a server renderer's. */
const rawBaseQueries = new WeakMap<SendApiRequest, RawBaseQuery>();

function rawBaseQueryOver(send: SendApiRequest): RawBaseQuery {
  let baseQuery = rawBaseQueries.get(send);
  if (!baseQuery) {
    baseQuery = fetchBaseQuery({
      baseUrl: API_URL,
      fetchFn: (input) => send(input as Request),
      prepareHeaders(headers) {
        // The token exchange sends the Firebase ID token itself; every other call the app token.
        const token = readAccessToken();
        if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
        return headers;
      },
    });
    rawBaseQueries.set(send, baseQuery);
  }
  return baseQuery;
}

/**
 * The API slice's calls with the session: each carries the app token, and a 401 on one (an
 * expired app token) re-exchanges once and repeats the call.
 */
export const sessionBaseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError
> = async (args, queryApi, extraOptions) => {
  const extra = queryApi.extra as ThunkExtra | undefined;
  const rawBaseQuery = rawBaseQueryOver(extra?.send ?? fetchApi);
  const result = await rawBaseQuery(args, queryApi, extraOptions);
  if (result.error?.status !== 401 || !readAccessToken()) return result;
  if (!(await reauthenticate(extra))) return result;
  return rawBaseQuery(args, queryApi, extraOptions);
};
